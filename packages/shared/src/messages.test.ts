import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';

describe('messages', () => {
  it('formats the minimum-quantity toast with the number', () => {
    expect(messages.minimumQuantity(25)).toBe('Minimum 25 Pieces Needed.');
  });
});
