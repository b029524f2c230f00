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
