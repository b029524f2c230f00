import { PREVIEW_LENGTH } from './constants.js';

/**
 * Cuts a text to `PREVIEW_LENGTH` characters and appends an ellipsis when something was cut.
 * Counting by code points keeps an emoji or accented letter from being split in half.
 */
export function preview(text: string, length: number = PREVIEW_LENGTH): string {
  const chars = Array.from(text);
  if (chars.length <= length) return text;
  return `${chars.slice(0, length).join('')}...`;
}

/**
 * An address typed in a box of several lines, as one line: each line trimmed, empty ones dropped,
 * joined with ", " ("12 Harbour Road\nLeeds" -> "12 Harbour Road, Leeds"). The forms send this,
 * so pressing Enter between street and city is what people do and not a mistake; the API keeps
 * refusing line breaks, which no one-line field stores. Here, not beside the address's schema
 * in fields.ts: the purchase form sets it on its address field, and fields.ts would bring zod and
 * every field's schema into the purchase page's first load (issue 28).
 */
export const joinAddressLines = (text: string): string =>
  text
    .split(/[\r\n\u2028\u2029]+/)
    .map((line) => line.replace(/\t/g, ' ').trim().replace(/,+$/, '').trimEnd())
    .filter(Boolean)
    .join(', ');
