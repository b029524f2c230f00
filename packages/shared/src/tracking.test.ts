import { describe, expect, it } from 'vitest';
import { trackingUrl } from './tracking.js';

describe('trackingUrl', () => {
  it.each([
    ['UPS', '1Z999AA10123456784', 'https://www.ups.com/track?tracknum=1Z999AA10123456784'],
    ['FedEx', '449044304137821', 'https://www.fedex.com/fedextrack/?trknbr=449044304137821'],
    [
      'DHL',
      '1234567890',
      'https://www.dhl.com/us-en/home/tracking.html?tracking-id=1234567890&submit=1',
    ],
    [
      'USPS',
      '9400100000000000000000',
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    ],
  ])('links %s to its public tracking page', (carrier, number, url) => {
    expect(trackingUrl(carrier, number)).toBe(url);
  });

  it('matches the carrier whatever its case, spacing or service name', () => {
    for (const carrier of ['ups', ' Ups ', 'UPS Ground', 'United Parcel Service']) {
      expect(trackingUrl(carrier, '1Z1')).toBe('https://www.ups.com/track?tracknum=1Z1');
    }
    for (const carrier of ['fedex', 'FEDEX', 'FedEx Express', 'Federal Express']) {
      expect(trackingUrl(carrier, '44')).toBe('https://www.fedex.com/fedextrack/?trknbr=44');
    }
    for (const carrier of ['dhl', 'DHL Express', 'DHL eCommerce']) {
      expect(trackingUrl(carrier, '12')).toContain('https://www.dhl.com/');
    }
    for (const carrier of ['usps', 'USPS Priority Mail', 'U.S. Postal Service']) {
      expect(trackingUrl(carrier, '94')).toBe(
        'https://tools.usps.com/go/TrackConfirmAction?tLabels=94',
      );
    }
  });

  it('does not take USPS for UPS, nor a name that merely contains a carrier', () => {
    expect(trackingUrl('USPS', '94')).not.toContain('ups.com');
    expect(trackingUrl('Groups Logistics', '1')).toBeNull();
    expect(trackingUrl('Upsilon Freight', '1')).toBeNull();
  });

  it('drops the spaces of a grouped number and escapes what the number carries', () => {
    expect(trackingUrl('UPS', ' 1Z 999 AA1 01 2345 6784 ')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    const url = new URL(trackingUrl('FedEx', '12&x=<script>') ?? '');
    expect(url.searchParams.get('trknbr')).toBe('12&x=<script>');
    expect(url.searchParams.has('x')).toBe(false);
  });

  it('has no link for an unknown carrier or a missing carrier or number', () => {
    expect(trackingUrl('Acme Couriers', '123')).toBeNull();
    expect(trackingUrl(null, '123')).toBeNull();
    expect(trackingUrl('UPS', null)).toBeNull();
    expect(trackingUrl('UPS', '   ')).toBeNull();
    expect(trackingUrl('', '123')).toBeNull();
  });
});
