import { idempotencyMessages } from '@shop/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_STATUS } from './api-error';
import { attemptKeys } from './attempt-key';

const cart = { lines: [{ productId: 'p1', quantity: 2 }] };
const refused = (status: number, message = 'Refused.') => new ApiError(status, 'Error', message);

describe('attemptKeys', () => {
  it('sends one request for two presses at once, with one key', async () => {
    const attempts = attemptKeys();
    let release: (value: string) => void = () => undefined;
    const send = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const first = attempts(cart, send);
    const second = attempts({ ...cart }, send);
    release('placed');
    await expect(Promise.all([first, second])).resolves.toEqual(['placed', 'placed']);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('keeps the key while the outcome is unknown: no answer, a 5xx, the first still running', async () => {
    const attempts = attemptKeys();
    const keys: string[] = [];
    const failures = [
      new ApiError(NETWORK_ERROR_STATUS, 'Network Error', 'Offline.'),
      refused(502),
      refused(409, idempotencyMessages.inProgress),
    ];
    for (const failure of failures) {
      await expect(
        attempts(cart, async (key) => {
          keys.push(key);
          throw failure;
        }),
      ).rejects.toBe(failure);
    }
    await attempts(cart, async (key) => keys.push(key));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{16,255}$/);
  });

  it('makes a new key after an answer for good, and for other contents', async () => {
    const attempts = attemptKeys();
    const keys: string[] = [];
    const record = async (key: string) => {
      keys.push(key);
      return key;
    };
    await attempts(cart, record);
    await attempts(cart, record);
    await expect(
      attempts(cart, async (key) => {
        keys.push(key);
        throw refused(409);
      }),
    ).rejects.toBeInstanceOf(ApiError);
    await attempts(cart, record);
    await attempts({ lines: [{ productId: 'p1', quantity: 3 }] }, record);
    expect(new Set(keys).size).toBe(5);
  });
});
