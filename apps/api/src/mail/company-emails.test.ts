import { describe, expect, it } from 'vitest';
import { approvalNeededEmail, purchaseSubmittedEmail } from './company-emails.js';

const lines = [{ productName: 'Rack Rail Kit', quantity: 20, unitPrice: 6000, total: 120_000 }];
const totals = {
  subtotal: 120_000,
  shipping: 2500,
  shippingMethod: 'DHL Express',
  taxLines: [{ name: 'VAT DE 19 %', amount: 23_275 }],
  total: 145_775,
  currency: 'USD',
  taxNote: null,
};

describe('the approval emails', () => {
  it('show subtotal, shipping, the tax line and the total when the purchase carries them', async () => {
    const common = {
      shopName: 'PartsWorks',
      to: 'abe@acme.example',
      purchaseNumber: 'PW-000321',
      lines,
      total: totals.total,
      totals,
      url: 'https://shop.example/dashboard/approvals',
    };
    const breakdown =
      'Subtotal: $1,200\nShipping (DHL Express): $25\nVAT DE 19 %: $232.75\nTotal: $1,457.75 (USD)';
    const asked = await approvalNeededEmail({ ...common, buyer: 'Bea Buyer' });
    expect(asked.subject).toBe('Approval needed: PW-000321 by Bea Buyer ($1,457.75)');
    expect(asked.text).toContain(breakdown);
    expect(asked.html).toContain('VAT DE 19 %');
    const submitted = await purchaseSubmittedEmail({ ...common, name: 'Bea Buyer' });
    expect(submitted.text).toContain(breakdown);
  });

  it('keep the one Total row for a caller that gives no breakdown', async () => {
    const mail = await approvalNeededEmail({
      shopName: 'PartsWorks',
      to: 'abe@acme.example',
      buyer: 'Bea Buyer',
      purchaseNumber: 'PW-000321',
      lines,
      total: 120_000,
      url: 'https://shop.example/dashboard/approvals',
    });
    expect(mail.text).toContain('\n\nTotal: $1,200');
    expect(mail.text).not.toContain('Subtotal');
  });
});
