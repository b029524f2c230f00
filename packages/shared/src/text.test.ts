import { describe, expect, it } from 'vitest';
import { PREVIEW_LENGTH } from './constants.js';
import { preview } from './text.js';

describe('preview', () => {
  it('keeps a text of at most 150 characters as it is', () => {
    expect(preview('Short text.')).toBe('Short text.');
    const exact = 'x'.repeat(PREVIEW_LENGTH);
    expect(preview(exact)).toBe(exact);
  });

  it('cuts a longer text at 150 characters and adds an ellipsis', () => {
    const long = 'a'.repeat(140) + 'bcdefghijklmnop';
    expect(preview(long)).toBe('a'.repeat(140) + 'bcdefghijk...');
    expect(preview(long)).toHaveLength(PREVIEW_LENGTH + 3);
  });

  it('never splits a character made of two code units', () => {
    const text = '🔧'.repeat(PREVIEW_LENGTH + 1);
    expect(preview(text)).toBe('🔧'.repeat(PREVIEW_LENGTH) + '...');
  });
});
