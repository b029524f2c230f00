import { syncMessages } from '@shop/shared';
import { HttpError } from './errors.js';

/**
 * With `updatedSince` a list pages by change time alone (docs/decisions/055): a later page by
 * number, or a filter, would read a different set than the next `nextUpdatedSince` does. 400 when
 * `page` is past 1 or any of `filters` is given (an empty search counts as none).
 */
export function refuseFiltersWithSync(page: number, filters: Record<string, unknown>): void {
  const filtered = Object.values(filters).some((value) => value !== undefined && value !== '');
  if (filtered || page > 1) throw new HttpError(400, syncMessages.alone);
}
