/** Each carrier's public tracking page, which takes the tracking number as a query parameter. */
const CARRIERS: { names: string[]; page: string; parameter: string; extra?: [string, string] }[] = [
  {
    names: ['ups', 'united parcel service'],
    page: 'https://www.ups.com/track',
    parameter: 'tracknum',
  },
  {
    names: ['fedex', 'federal express'],
    page: 'https://www.fedex.com/fedextrack/',
    parameter: 'trknbr',
  },
  {
    names: ['dhl'],
    page: 'https://www.dhl.com/us-en/home/tracking.html',
    parameter: 'tracking-id',
    // As in DHL's own tracking links: the page looks the shipment up as it opens.
    extra: ['submit', '1'],
  },
  {
    names: ['usps', 'us postal service', 'united states postal service'],
    page: 'https://tools.usps.com/go/TrackConfirmAction',
    parameter: 'tLabels',
  },
];

/**
 * The carrier's tracking page for a shipment, or null for a carrier we do not know (or no
 * number). The carrier is whatever the admin typed, so "UPS", "ups", "UPS Ground", "FedEx
 * Express" and "U.S. Postal Service" all match; the name is matched as whole words, because
 * "USPS" contains "UPS".
 */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  // Numbers are printed in groups ("1Z 999 AA1 01 2345 6784"); the pages want them without.
  const number = trackingNumber?.replace(/\s+/g, '') ?? '';
  if (!carrier || !number) return null;
  const name = carrier.toLowerCase().replace(/\./g, '').replace(/\s+/g, ' ').trim();
  const known = CARRIERS.find(({ names }) =>
    names.some((candidate) => name === candidate || name.startsWith(`${candidate} `)),
  );
  if (!known) return null;
  const url = new URL(known.page);
  url.searchParams.set(known.parameter, number);
  if (known.extra) url.searchParams.set(...known.extra);
  return url.toString();
}
