import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';
import { userInfoSchema } from './profile.js';

describe('userInfoSchema', () => {
  it('requires all four fields with the SPEC message', () => {
    const result = userInfoSchema.safeParse({
      education: '',
      location: 'Leeds',
      number: '555',
      linkedin: ' ',
    });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((i) => [i.path[0], i.message]);
    expect(fields).toEqual([
      ['education', messages.required],
      ['linkedin', messages.required],
    ]);
  });
});
