import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './address.js';
import { signatureOf, verifyWebhookSignature, webhookSignature } from './signature.js';

/** The webhook signature (issue 32): Stripe's scheme, with a window for clock skew. */
describe('webhook signatures', () => {
  const secret = 'whsec_test';
  const body = '{"id":"e1","type":"purchase.created","createdAt":"2026-11-28T10:00:00Z","data":{}}';
  const t = 1_795_860_000;

  it('is t=<unix>,v1=<hex HMAC-SHA256 of "t.body">', () => {
    expect(webhookSignature(secret, t, body)).toBe(`t=${t},v1=${signatureOf(secret, t, body)}`);
    expect(signatureOf(secret, t, body)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('verifies within five minutes of the receiver’s clock, either way, and not beyond', () => {
    const header = webhookSignature(secret, t, body);
    expect(verifyWebhookSignature(header, body, secret, { now: t })).toBe(true);
    expect(verifyWebhookSignature(header, body, secret, { now: t + 300 })).toBe(true);
    expect(verifyWebhookSignature(header, body, secret, { now: t - 300 })).toBe(true);
    expect(verifyWebhookSignature(header, body, secret, { now: t + 301 })).toBe(false);
    expect(verifyWebhookSignature(header, body, secret, { now: t - 301 })).toBe(false);
  });

  it('refuses another body, secret, timestamp or a malformed header', () => {
    const header = webhookSignature(secret, t, body);
    expect(verifyWebhookSignature(header, `${body} `, secret, { now: t })).toBe(false);
    expect(verifyWebhookSignature(header, body, 'whsec_other', { now: t })).toBe(false);
    const moved = header.replace(`t=${t}`, `t=${t + 1}`);
    expect(verifyWebhookSignature(moved, body, secret, { now: t })).toBe(false);
    for (const bad of ['', 'v1=abc', `t=${t}`, `t=x,v1=${signatureOf(secret, t, body)}`]) {
      expect(verifyWebhookSignature(bad, body, secret, { now: t })).toBe(false);
    }
  });
});

describe('webhook addresses', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.0.0.8', true],
    ['100.64.1.1', true],
    ['169.254.169.254', true],
    ['172.31.255.255', true],
    ['192.168.0.1', true],
    ['::1', true],
    ['fd12:3456::1', true],
    ['fe80::1', true],
    ['::ffff:10.0.0.1', true],
    ['93.184.216.34', false],
    ['172.32.0.1', false],
    ['2606:4700:4700::1111', false],
  ])('%s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});
