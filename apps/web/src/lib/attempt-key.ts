import { idempotencyMessages } from '@shop/shared';
import { ApiError } from './api-error';

/**
 * One `Idempotency-Key` per submission (DESIGN section 9; docs/decisions/025-idempotency-keys.md).
 * The key is made when the buyer first sends these contents and sent again while the outcome is
 * unknown (no answer, a 5xx, or 409 "still running"), so a retry never buys twice; a second press
 * while the first is on its way shares its request. Once the server has answered for good (the
 * purchase, or a refusal such as out of stock) the key is dropped: the next press is a new one.
 */
export type AttemptKeys = <T>(contents: unknown, send: (key: string) => Promise<T>) => Promise<T>;

/** An answer that will not change when the same request is sent again. */
function answeredForGood(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return false;
  return !(error.status === 409 && error.message === idempotencyMessages.inProgress);
}

function newKey(): string {
  // randomUUID needs a secure context (https or localhost); a shop on a LAN address over plain
  // http has none, but getRandomValues works everywhere.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

export function attemptKeys(): AttemptKeys {
  let attempt: { contents: string; key: string; running?: Promise<unknown> } | null = null;
  return <T>(contents: unknown, send: (key: string) => Promise<T>): Promise<T> => {
    const json = JSON.stringify(contents);
    if (attempt?.contents === json && attempt.running) return attempt.running as Promise<T>;
    if (attempt?.contents !== json) attempt = { contents: json, key: newKey() };
    const current = attempt;
    const running = send(current.key).then(
      (answer) => {
        if (attempt === current) attempt = null;
        return answer;
      },
      (error: unknown) => {
        if (attempt === current) {
          if (answeredForGood(error)) attempt = null;
          else current.running = undefined;
        }
        throw error;
      },
    );
    current.running = running;
    return running;
  };
}
