import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { api, expectStatus, formatMoney, type Company, type Purchase } from '@shop/shared';
import { extractText } from 'unpdf';
import { shopApi } from '../support/api';
import { addProduct, adminSession, verifiedPerson } from '../support/company';
import { newUser } from '../support/users';
import { payByCard } from '../support/payments';

/**
 * Issue 29, "Done when": a German company checks out to its saved location in Berlin with
 * express shipping, pays, and downloads an invoice whose text shows the tax treatment (the shop
 * sells from the US: an export, no tax), both parties' tax ids, the shipping and the total.
 */

const EXPRESS = 'FedEx International Priority';
const BUYER_VAT_ID = 'DE136695976';

test('a German company checks out to its Berlin location by express, pays, and its invoice says how it is taxed', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const admin = await adminSession(browser);
  const { client, token: adminToken } = admin;
  const methods = expectStatus(
    await client.call(api.shipping.list, {}, { token: adminToken }),
    200,
  );
  const express = methods.find((method) => method.name === EXPRESS);
  expect(express?.countries, 'the demo ships to Germany by express').toContain('DE');

  const product = await addProduct(
    admin,
    {
      name: 'Berlin Backplane',
      img: '/images/products/motherboard.svg',
      description: 'A part for the German company journey.',
      price: 180,
      minimum: 2,
      available: 100,
      weightKg: 1.2,
    },
    tag,
  );

  const { page, token } = await verifiedPerson(browser, { ...newUser(), name: 'Greta Einkauf' });
  const company: Company = expectStatus(
    await client.call(
      api.companies.create,
      { body: { name: `Spree Systemhaus ${tag} GmbH`, taxId: BUYER_VAT_ID } },
      { token },
    ),
    201,
  );
  expectStatus(
    await client.call(
      api.locations.create,
      {
        params: { id: company._id },
        body: {
          name: 'Berlin warehouse',
          address: {
            name: 'Wareneingang',
            company: `Spree Systemhaus ${tag} GmbH`,
            line1: 'Friedrichstrasse 12',
            city: 'Berlin',
            postalCode: '10117',
            country: 'DE',
          },
        },
      },
      { token },
    ),
    201,
  );

  // Two backplanes in the cart, shipped to the saved location by express.
  await page.goto(`/purchase/${product._id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  await page.goto('/cart');
  const checkout = page.getByRole('form', { name: 'Checkout' });
  await expect(
    checkout
      .getByRole('group', { name: 'Ship to' })
      .getByRole('radio', { name: /Berlin warehouse/ }),
  ).toBeChecked();
  await checkout.getByRole('textbox', { name: 'Phone Number' }).fill('+49 30 1234567');
  const expressRadio = checkout
    .getByRole('list', { name: 'Shipping methods' })
    .getByRole('radio', { name: new RegExp(EXPRESS) });
  await expressRadio.check();
  await expect(checkout.getByLabel('Order total')).toContainText(EXPRESS);
  const shown = (await page.getByTestId('cart-total').textContent())!;
  await checkout.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/dashboard\/purchases\/[0-9a-f-]{36}$/);
  const purchaseId = page.url().split('/').pop()!;
  const totals = page.getByRole('region', { name: 'Purchase totals' });
  await expect(totals.getByTestId('purchase-total')).toHaveText(shown);

  // Paid with Stripe's test card through the sandbox gateway.
  // One line: paying it pays the purchase, shipping and tax included.
  await page.getByRole('link', { name: 'Pay this line' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Pay ${shown}` })).toBeVisible();
  await payByCard(page);
  await expect(page.getByText('Payment Successfully Completed!')).toBeVisible();
  await page.goto(`/dashboard/purchases/${purchaseId}`);

  const purchase: Purchase = expectStatus(
    await shopApi(page.request).call(api.purchases.get, { params: { id: purchaseId } }, { token }),
    200,
  );
  expect(purchase).toMatchObject({
    status: 'paid',
    subtotal: 360,
    tax: 0,
    taxLines: [],
    reverseCharge: false,
    shippingMethod: { name: EXPRESS },
    taxId: BUYER_VAT_ID,
  });
  expect(purchase.shipping).toBeGreaterThan(0);
  expect(purchase.total).toBe(purchase.subtotal + purchase.shipping);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download invoice ${purchase.invoiceNumber}` }).click();
  const file = await download;
  const { text } = await extractText(new Uint8Array(await readFile((await file.path())!)), {
    mergePages: true,
  });
  for (const expected of [
    purchase.invoiceNumber!,
    'EIN 74-2931845',
    BUYER_VAT_ID,
    'Friedrichstrasse 12',
    EXPRESS,
    formatMoney(purchase.shipping),
    formatMoney(purchase.total),
    'Export',
  ]) {
    expect(text).toContain(expected);
  }
});
