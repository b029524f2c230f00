/**
 * CSV cells (RFC 4180) that no spreadsheet runs as a formula, in any locale (OWASP's CSV injection
 * advice, widened). A spreadsheet runs a cell starting with = + - @ (or a tab or carriage return
 * hiding one) as a formula. Our exports are comma-separated, but a spreadsheet set to a
 * semicolon locale splits the same line at every `;` (and one reading tab-separated text at
 * every tab): `Acme;=HYPERLINK(...)` is one harmless cell to us and a formula to it. So a
 * trigger is neutralised with an apostrophe wherever a cell could start under any separator:
 * at the start of the text, and after a comma, semicolon, tab or line break (spaces and quotes
 * before it count for nothing: a spreadsheet may trim them). Numbers stay numbers.
 *
 * The apostrophe is added before any apostrophes already there, so `unneutralised` takes
 * exactly one away at the same places and an export imports back as it was (docs/decisions/026).
 */
/** Where a cell could start: the text's start, or after a separator or a line break. */
const CELL_START = String.raw`(?<=(?:^|[,;\t\r\n])[ "]*)`;
/** What a spreadsheet runs (any apostrophes already there are kept, one more is added). */
const TRIGGER = String.raw`(?='*[=+\-@\t\r])`;
const NEUTRALISE = new RegExp(`${CELL_START}${TRIGGER}`, 'g');
const UNNEUTRALISE = new RegExp(`${CELL_START}'${TRIGGER}`, 'g');

/** The text with an apostrophe before every formula a spreadsheet could see in it. */
export function neutralised(text: string): string {
  return text.replace(NEUTRALISE, "'");
}

/** The text a cell of `csvCell` held before it was neutralised (an import of an export). */
export function unneutralised(cell: string): string {
  return cell.replace(UNNEUTRALISE, '');
}

/** One CSV cell: neutralised, then quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const safe = neutralised(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The body limit of a route that takes `chars` characters of CSV in a JSON string: room for the
 * string's escapes (a quote or line break is written as two characters) and for text beyond
 * ASCII. Raised per route: every other body keeps the shop's BODY_LIMIT.
 */
export const csvImportBodyLimit = (chars: number): number => Math.ceil(chars * 2.5);
