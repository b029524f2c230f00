import { describe, expect, it } from 'vitest';
import { auditTiers, describeAuditChange } from './audit-text.js';

describe('describeAuditChange', () => {
  it('writes a product edit as before and after in words, field by field', () => {
    expect(
      describeAuditChange({
        action: 'product.update',
        details: {
          changes: {
            price: { from: 39, to: 37 },
            priceTiers: {
              from: [],
              to: [
                { minQuantity: 10, price: 35 },
                { price: 33, minQuantity: 50 },
              ],
            },
            maximum: { from: null, to: 500 },
          },
        },
      }),
    ).toBe(
      'Price $39.00 -> $37.00; Volume prices none -> 10+ $35.00, 50+ $33.00; Maximum per order no limit -> 500',
    );
  });

  it('writes a credit note as its number, invoice, amount, lines and reason', () => {
    expect(
      describeAuditChange({
        action: 'purchase.credit',
        details: {
          creditNote: 'CN-2026-00001',
          invoiceNumber: 'INV-2026-00042',
          total: 119,
          reason: 'Damaged in transit',
          shipping: false,
          restock: true,
          lines: [{ productName: 'Ryzen 7 CPU', quantity: 1 }],
        },
      }),
    ).toBe(
      'CN-2026-00001 for INV-2026-00042: $119.00 (1 x Ryzen 7 CPU), restocked: Damaged in transit',
    );
  });

  it('never prints [object Object], whatever the details hold', () => {
    const odd = describeAuditChange({
      action: 'product.update',
      details: {
        changes: {
          specs: { from: [{ label: 'TDP', value: '65 W' }], to: [] },
          somethingNew: { from: { a: 1 }, to: [{ b: 2 }] },
        },
      },
    });
    expect(odd).toBe('Specifications TDP: 65 W -> none; somethingNew a: 1 -> b: 2');
    expect(
      describeAuditChange({ action: 'user.demote', details: { nested: { x: [1] } } }),
    ).not.toContain('[object');
  });

  it('names the product of a contract price, and a removal returns to the list price', () => {
    expect(
      describeAuditChange({
        action: 'company.price',
        details: { productName: 'Ryzen 7 7700', sku: 'CPU-R7', from: null, to: 34 },
      }),
    ).toBe('Contract price for Ryzen 7 7700 (CPU-R7) list price -> $34.00');
    expect(
      describeAuditChange({
        action: 'company.price',
        details: { sku: 'CPU-R7', from: 34.5, to: null },
      }),
    ).toBe('Contract price for CPU-R7 $34.50 -> list price');
  });

  it('says how many pieces a shipment took of which purchase, and how many of the line have gone', () => {
    expect(
      describeAuditChange({
        action: 'order.ship',
        details: {
          purchaseNumber: 'PW-000777',
          shipmentId: '5f0c4d0e-3c1b-4b8e-9a51-1d2f3e4a5b6c',
          quantity: 6,
          shippedQuantity: 6,
          carrier: 'DHL',
          trackingNumber: 'JD0146',
        },
      }),
    ).toBe('6 pieces of PW-000777, 6 shipped in all; Carrier DHL, tracking JD0146');
    // A parcel without carrier or tracking; and a line shipped before shipments were kept.
    expect(
      describeAuditChange({
        action: 'order.ship',
        details: { purchaseNumber: 'PW-000778', quantity: 1, shippedQuantity: 10 },
      }),
    ).toBe('1 piece of PW-000778, 10 shipped in all; Carrier none, tracking none');
    expect(
      describeAuditChange({
        action: 'order.ship',
        details: { carrier: 'UPS', trackingNumber: '1Z999' },
      }),
    ).toBe('Carrier UPS, tracking 1Z999');
  });

  it('says nothing more where the action says it all', () => {
    expect(describeAuditChange({ action: 'user.promote', details: null })).toBeNull();
    expect(describeAuditChange({ action: 'user.remove', details: { wasAdmin: false } })).toBeNull();
  });

  it('writes volume prices as a list, to the cent', () => {
    expect(auditTiers([{ minQuantity: 100, price: 1180.5 }])).toBe('100+ $1,180.50');
    expect(auditTiers([])).toBe('none');
  });

  it('writes a tax rate change state by state, and an exemption review with its reason', () => {
    expect(
      describeAuditChange({
        action: 'tax.rates',
        details: {
          changes: [
            { region: 'CA', from: 0.0725, to: 0.075 },
            { region: 'NJ', from: null, to: 0.06625 },
            { region: 'TX', from: 0.0625, to: null },
          ],
        },
      }),
    ).toBe('CA 7.25 % -> 7.5 %; NJ none -> 6.625 %; TX 6.25 % -> none');
    expect(describeAuditChange({ action: 'tax.rates', details: { changes: [] } })).toBe(
      'No rate changed',
    );
    expect(
      describeAuditChange({
        action: 'tax.exemption',
        details: {
          status: 'refused',
          region: 'TX',
          certificateNumber: 'TX-01-339',
          expiresOn: '2027-06-30',
          reason: 'Not signed',
        },
      }),
    ).toBe('Refused certificate TX-01-339 for TX, until 2027-06-30: Not signed');
  });

  it("writes a company's terms field by field, in the form's order", () => {
    expect(
      describeAuditChange({
        action: 'company.terms',
        details: {
          changes: {
            onHold: { from: false, to: true },
            creditLimit: { from: null, to: 50000 },
            paymentTerms: { from: 'card', to: 'net30' },
          },
        },
      }),
    ).toBe('Payment terms Card -> Net 30; Credit limit no limit -> $50,000.00; On hold no -> yes');
    expect(describeAuditChange({ action: 'company.terms', details: { changes: {} } })).toBe(
      'Terms unchanged',
    );
  });
});
