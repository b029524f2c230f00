import { apiErrorSchema } from '../common.js';

/** The API's error body under each status a contract names (DESIGN section 5). */
export function errors<const S extends readonly number[]>(
  ...statuses: S
): { [K in S[number]]: typeof apiErrorSchema } {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as {
    [K in S[number]]: typeof apiErrorSchema;
  };
}
