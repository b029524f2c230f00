/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. Text a spreadsheet
 * would run as a formula (starting with = + - @, or a tab or carriage return that hides one) is
 * neutralised with a leading apostrophe (OWASP's CSV injection advice); numbers stay numbers.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The text a cell of `csvCell` held before it was neutralised (an import of an export). */
export function unneutralised(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/**
 * The body limit of a route that takes `chars` characters of CSV in a JSON string: room for the
 * string's escapes (a quote or line break is written as two characters) and for text beyond
 * ASCII. Raised per route: every other body keeps the shop's BODY_LIMIT.
 */
export const csvImportBodyLimit = (chars: number): number => Math.ceil(chars * 2.5);
