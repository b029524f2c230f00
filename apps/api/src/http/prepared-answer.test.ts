import { describe, expect, it } from 'vitest';
import {
  encodedAnswer,
  matchesIfNoneMatch,
  negotiateEncoding,
  prepareJson,
} from './prepared-answer.js';

describe('negotiateEncoding (as @fastify/compress chooses)', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate, br', 'br'],
    ['GZIP, Deflate', 'gzip'],
    ['deflate, gzip', 'gzip'],
    ['br;q=0.2, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'gzip'],
    ['deflate', 'deflate'],
    ['zstd', 'identity'],
    ['identity', 'identity'],
    ['gzip;q=0, br;q=0', 'identity'],
  ])('%s -> %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('matchesIfNoneMatch (weak comparison)', () => {
  const etag = 'W/"abc"';
  it.each([
    ['W/"abc"', true],
    ['"abc"', true],
    ['W/"x", W/"abc"', true],
    ['*', true],
    ['W/"abcd"', false],
    ['W/"x"', false],
    [undefined, false],
  ])('%s -> %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, etag)).toBe(expected);
  });
});

describe('encodedAnswer', () => {
  it('makes each copy once and keeps it with the answer', () => {
    const prepared = prepareJson({ text: 'x'.repeat(5000) });
    const first = encodedAnswer(prepared, 'br');
    expect(encodedAnswer(prepared, 'br')).toBe(first);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.bytes.length).toBeLessThan(prepared.body.length);
  });

  it('sends a body under 1 KB as it is, whatever the client accepts', () => {
    const prepared = prepareJson({ small: true });
    const br = encodedAnswer(prepared, 'br');
    expect(br.headers['content-encoding']).toBeUndefined();
    expect(br.bytes.toString()).toBe(prepared.body);
    expect(br.headers.vary).toBe('accept-encoding');
  });
});
