import {
  api,
  REVERSE_CHARGE_NOTE,
  type PostalAddressInput,
  type Purchase,
  type ShippingMethodInputBody,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test-support/build-test-app.js';
import { answered, injectUnchecked } from '../../test-support/inject.js';
import { extractPdfText } from '../../test-support/pdf-text.js';
import { checkout, payPurchase } from '../../test-support/purchases.js';
import {
  addProduct,
  adminShopper,
  orderTestEnv,
  shopper,
  type Shopper,
} from '../../test-support/shop.js';
import { startViesStandIn, type ViesStandIn } from '../../test-support/vies-stand-in.js';

/**
 * The invoice a tax office accepts (issue 29 item 4, DESIGN section 9 "invoices"), read back from
 * GET /purchase/{id}/invoice.pdf as text: the seller's tax id, the buyer's company, billing
 * address and VAT id, where it ships, the net lines, subtotal, shipping with its method, each
 * tax line with its base, the total and currency, terms and due date; under reverse charge the
 * Art. 196 wording with both VAT ids.
 */

const SELLER_VAT_ID = 'DE136695976';
const FRENCH_VAT_ID = 'FR40303265045';
const GERMAN_VAT_ID = 'DE123456788';

/** The text with every run of white space as one space, for phrases that cross line ends. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

const paris: PostalAddressInput = {
  name: 'Claire Achat',
  company: 'Exemple SARL',
  line1: '8 rue de la Paix',
  city: 'Paris',
  postalCode: '75002',
  country: 'FR',
};
const munich: PostalAddressInput = {
  name: 'Jonas Einkauf',
  company: 'Beispiel GmbH',
  line1: 'Leopoldstrasse 1',
  city: 'Munich',
  postalCode: '80802',
  country: 'DE',
};
const sanFrancisco: PostalAddressInput = {
  name: 'Riley Reseller',
  company: 'Golden Gate Parts LLC',
  line1: '500 Howard Street',
  line2: 'Suite 4',
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94105',
  country: 'US',
};

/** Ten pieces at $100 with the method's shipping: bought, paid, and its invoice read as text. */
async function invoiceText(
  t: TestApp,
  who: Shopper,
  shipTo: PostalAddressInput,
  buyer: { company: string; taxId: string },
) {
  const product = await addProduct(t, { name: 'Rack server 2U', price: 100, available: 1000 });
  const placed: Purchase = await checkout(t, who, [{ productId: product._id, quantity: 10 }], {
    shipTo,
    ...buyer,
    poNumber: 'PO-2901',
  });
  const paid: Purchase = await payPurchase(t, who, placed._id);
  const response = await injectUnchecked(
    t,
    api.purchases.invoice,
    { params: { id: placed._id } },
    who,
  );
  expect(response.statusCode, response.body).toBe(200);
  const { text } = await extractPdfText(response.rawPayload);
  return { purchase: paid, text, flatText: flat(text) };
}

describe.each(testDatabases())('the invoice of a purchase on %s', (kind) => {
  describe('a German seller', () => {
    let t: TestApp;
    let vies: ViesStandIn;
    let customer: Shopper;
    beforeAll(async () => {
      vies = await startViesStandIn([FRENCH_VAT_ID, GERMAN_VAT_ID]);
      t = await buildTestApp(kind, {
        env: orderTestEnv({
          SELLER_COUNTRY: 'DE',
          SELLER_TAX_ID: SELLER_VAT_ID,
          SELLER_NAME: 'Teilewerk GmbH',
          SELLER_ADDRESS: 'Industriestrasse 5\\n10117 Berlin\\nGermany',
          VIES_URL: vies.url,
        }),
      });
      const admin = await adminShopper(t);
      const express: ShippingMethodInputBody = {
        name: 'DHL Express',
        carrier: 'DHL',
        countries: ['DE', 'FR'],
        flatPrice: 25,
        daysMin: 1,
        daysMax: 2,
        sortOrder: 1,
      };
      await answered(
        injectUnchecked(t, api.shipping.replace, { body: { methods: [express] } }, admin),
      );
      customer = await shopper(t, { name: 'Claire Achat' });
    });
    afterAll(async () => {
      await t?.close();
      await vies?.close();
    });

    it('to a French company with a valid VAT id: reverse charge, its note and both VAT ids', async () => {
      const { purchase, text, flatText } = await invoiceText(t, customer, paris, {
        company: 'Exemple SARL',
        taxId: FRENCH_VAT_ID,
      });
      expect(purchase).toMatchObject({ reverseCharge: true, tax: 0, total: 1025 });
      for (const expected of [
        'INVOICE',
        'Teilewerk GmbH',
        `Tax ID: ${SELLER_VAT_ID}`,
        'Bill to',
        'Exemple SARL',
        `Tax ID: ${FRENCH_VAT_ID}`,
        'Ship to\nClaire Achat\nExemple SARL\n8 rue de la Paix\n75002 Paris\nFrance',
        'Purchase number: ',
        'PO number: PO-2901',
        'Terms: Paid by card',
        'Description Quantity Unit price Net amount',
        'Subtotal $1,000',
        'Shipping (DHL Express) $25',
        'VAT reverse charge 0 % on $1,025 $0',
        'Total $1,025',
        'Amounts in USD',
      ]) {
        expect(text).toContain(expected);
      }
      expect(flatText).toContain('Rack server 2U 10 $100 $1,000');
      expect(flatText).toContain(
        `${REVERSE_CHARGE_NOTE} Seller VAT ID: ${SELLER_VAT_ID} Buyer VAT ID: ${FRENCH_VAT_ID}`,
      );
      expect(text).toMatch(/Invoice date: (\w{3} \d{1,2}, \d{4})[\s\S]*Due date: \1/);
    });

    it('to a German company: VAT DE 19 % on the goods and the shipping, no reverse charge', async () => {
      const { purchase, text } = await invoiceText(t, customer, munich, {
        company: 'Beispiel GmbH',
        taxId: GERMAN_VAT_ID,
      });
      expect(purchase).toMatchObject({ reverseCharge: false, tax: 194.75, total: 1219.75 });
      for (const expected of [
        `Tax ID: ${SELLER_VAT_ID}`,
        `Tax ID: ${GERMAN_VAT_ID}`,
        'Ship to\nJonas Einkauf\nBeispiel GmbH\nLeopoldstrasse 1\n80802 Munich\nGermany',
        'Subtotal $1,000',
        'Shipping (DHL Express) $25',
        'VAT DE 19 % on $1,025 $194.75',
        'Total $1,219.75',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toMatch(/Reverse charge|VAT ID:/);
    });
  });

  describe('a US seller with nexus in California', () => {
    let t: TestApp;
    let customer: Shopper;
    beforeAll(async () => {
      t = await buildTestApp(kind, {
        env: orderTestEnv({
          SELLER_NAME: 'PartsWorks Inc.',
          SELLER_TAX_ID: 'US 74-1234567',
          TAX_NEXUS_STATES: 'CA',
        }),
      });
      const admin = await adminShopper(t);
      const ground: ShippingMethodInputBody = {
        name: 'UPS Ground',
        carrier: 'UPS',
        countries: ['US'],
        flatPrice: 12.5,
        daysMin: 1,
        daysMax: 5,
        sortOrder: 1,
      };
      await answered(
        injectUnchecked(t, api.shipping.replace, { body: { methods: [ground] } }, admin),
      );
      await answered(
        injectUnchecked(
          t,
          api.tax.replaceRates,
          { body: { rates: [{ region: 'CA', rate: 0.0725 }] } },
          admin,
        ),
      );
      customer = await shopper(t, { name: 'Riley Reseller' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('a sale to California: the state sales tax line on goods and shipping', async () => {
      const { purchase, text } = await invoiceText(t, customer, sanFrancisco, {
        company: 'Golden Gate Parts LLC',
        taxId: '12-3456789',
      });
      // 7.25 % of $1,012.50 is $73.40625: $73.41, rounded half-up at the cent.
      expect(purchase).toMatchObject({ tax: 73.41, total: 1085.91, reverseCharge: false });
      for (const expected of [
        'PartsWorks Inc.',
        'Tax ID: US 74-1234567',
        'Golden Gate Parts LLC',
        'Tax ID: 12-3456789',
        'Ship to\nRiley Reseller\nGolden Gate Parts LLC\n500 Howard Street\nSuite 4\nSan Francisco, CA 94105\nUnited States',
        'Subtotal $1,000',
        'Shipping (UPS Ground) $12.50',
        'Sales tax CA 7.25 % on $1,012.50 $73.41',
        'Total $1,085.91',
        'Terms: Paid by card',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toMatch(/Reverse charge|VAT/);
    });
  });
});
