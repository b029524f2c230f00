import { ApiError } from './api-error';

export interface ServerFieldError<F extends string> {
  field: F;
  message: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A 400 from the API names each field first: "price: Too small: expected number to be >=0
 * minimum: ...". Only the given form fields count as names, because a message may hold a colon.
 * Anything else (another status, no known field) gives an empty list: the caller shows a toast.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): ServerFieldError<F>[] {
  if (!(error instanceof ApiError) || error.status !== 400 || fields.length === 0) return [];
  const names = fields.map(escape).join('|');
  const pattern = new RegExp(`(?:^|\\s)(${names}): `, 'g');
  const starts = [...error.message.matchAll(pattern)];
  return starts.map((match, index) => {
    const from = match.index + match[0].length;
    const to = starts[index + 1]?.index ?? error.message.length;
    return { field: match[1] as F, message: error.message.slice(from, to).trim() };
  });
}
