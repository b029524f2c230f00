import { describe, expect, it } from 'vitest';
import { memoryCounter, WINDOW_MS } from './rate-limit.js';

const hit = (counter: ReturnType<typeof memoryCounter>, key: string, now: number) => {
  let answer: { current: number; ttl: number } | undefined;
  counter.hit(key, now, (error, count) => {
    expect(error).toBeNull();
    answer = count;
  });
  // The in-memory counter answers at once: the hook needs no promise.
  expect(answer).toBeDefined();
  return answer!;
};

describe('memoryCounter', () => {
  it('counts per client in a window that starts at its first request', () => {
    const counter = memoryCounter();
    expect(hit(counter, 'a', 1_000)).toEqual({ current: 1, ttl: WINDOW_MS });
    expect(hit(counter, 'a', 11_000)).toEqual({ current: 2, ttl: WINDOW_MS - 10_000 });
    expect(hit(counter, 'b', 11_000)).toEqual({ current: 1, ttl: WINDOW_MS });
    // The window is over: counting starts again.
    expect(hit(counter, 'a', 1_000 + WINDOW_MS)).toEqual({ current: 1, ttl: WINDOW_MS });
  });

  it('keeps at most 5,000 clients, dropping the window that started first', () => {
    const counter = memoryCounter();
    hit(counter, 'first', 0);
    hit(counter, 'first', 0);
    for (let i = 0; i < 5_000; i += 1) hit(counter, `client-${i}`, 1);
    expect(hit(counter, 'first', 2).current).toBe(1);
    expect(hit(counter, 'client-4999', 2).current).toBe(2);
  });
});
