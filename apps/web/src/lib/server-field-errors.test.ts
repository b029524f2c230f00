import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { serverFieldErrors } from './server-field-errors';

const fields = ['price', 'minimum', 'img'] as const;
const badRequest = (message: string) => new ApiError(400, 'Bad Request', message);

describe('serverFieldErrors', () => {
  it('splits a message naming several fields, keeping the colons inside a message', () => {
    const error = badRequest(
      'price: Too small: expected number to be >=0 minimum: Too small: expected number to be >=1',
    );
    expect(serverFieldErrors(error, fields)).toEqual([
      { field: 'price', message: 'Too small: expected number to be >=0' },
      { field: 'minimum', message: 'Too small: expected number to be >=1' },
    ]);
  });

  it('ignores fields the form does not have and answers other than 400', () => {
    expect(serverFieldErrors(badRequest('body: is invalid'), fields)).toEqual([]);
    expect(serverFieldErrors(new ApiError(409, 'Conflict', 'price: taken'), fields)).toEqual([]);
    expect(serverFieldErrors(new Error('price: x'), fields)).toEqual([]);
  });
});
