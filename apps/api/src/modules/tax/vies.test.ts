import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViesStandIn, type ViesStandIn } from '../../test-support/vies-stand-in.js';
import { classifyBuyer } from './buyer.js';
import { checkVatIdWithVies } from './vies.js';

describe('the VIES client, against the stand-in', () => {
  let vies: ViesStandIn;
  beforeAll(async () => {
    vies = await startViesStandIn(['FR40303265045', 'EL094259216']);
  });
  afterAll(() => vies.close());

  it('answers valid for a registered VAT id, sending country code and number apart', async () => {
    expect(await checkVatIdWithVies('FR 40 303 265 045', { url: vies.url })).toBe('valid');
    expect(vies.requests.at(-1)).toEqual({ countryCode: 'FR', vatNumber: '40303265045' });
    expect(await checkVatIdWithVies('EL094259216', { url: vies.url })).toBe('valid');
  });

  it('answers invalid for a well-formed VAT id VIES does not know', async () => {
    expect(await checkVatIdWithVies('DE136695976', { url: vies.url })).toBe('invalid');
  });

  it('answers unavailable when VIES does not answer in time', async () => {
    vies.silent = true;
    try {
      expect(await checkVatIdWithVies('FR40303265045', { url: vies.url, timeoutMs: 200 })).toBe(
        'unavailable',
      );
    } finally {
      vies.silent = false;
    }
  });

  it('answers unavailable when VIES is not there at all, or answers nonsense', async () => {
    expect(await checkVatIdWithVies('FR40303265045', { url: 'http://127.0.0.1:9' })).toBe(
      'unavailable',
    );
    expect(await checkVatIdWithVies('FR40303265045', { url: `${vies.url}/nowhere` })).toBe(
      'unavailable',
    );
  });

  it('does not call VIES for an id failing its check digits, nor without VIES_URL', async () => {
    const before = vies.requests.length;
    expect(await checkVatIdWithVies('FR41303265045', { url: vies.url })).toBe('invalid');
    expect(await checkVatIdWithVies('FR40303265045', { url: undefined })).toBe('skipped');
    expect(vies.requests).toHaveLength(before);
  });
});

describe('classifyBuyer', () => {
  let vies: ViesStandIn;
  beforeAll(async () => {
    vies = await startViesStandIn(['FR40303265045']);
  });
  afterAll(() => vies.close());

  it('makes a person without a company a consumer, and a company a business', async () => {
    expect(await classifyBuyer(null, { url: vies.url })).toEqual({
      isBusiness: false,
      vatId: null,
      vatIdCheck: 'skipped',
    });
    expect(await classifyBuyer({ taxId: '12-3456789' }, { url: vies.url })).toEqual({
      isBusiness: true,
      vatId: '12-3456789',
      vatIdCheck: 'skipped',
    });
  });

  it("asks VIES about a company's EU VAT id", async () => {
    expect(await classifyBuyer({ taxId: 'FR40303265045' }, { url: vies.url })).toMatchObject({
      vatIdCheck: 'valid',
    });
    expect(await classifyBuyer({ taxId: 'DE136695976' }, { url: vies.url })).toMatchObject({
      vatIdCheck: 'invalid',
    });
  });
});
