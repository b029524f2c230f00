import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, expectStatus, type Purchase } from '@shop/shared';
import { simpleParser } from 'mailparser';
import { demoProduct, shopApi } from '../support/api';
import { expectAccessible } from '../support/axe';
import { mailDir } from '../support/env';
import { latestEmailTo } from '../support/mail';
import { demoAdmin, signInViaApi, signUpViaApi } from '../support/users';

/**
 * Issue 28, item 2: the admin ships a purchase of three lines from Manage All Orders in one
 * dialog, and its buyer gets one "has shipped" email listing every line; then a second purchase
 * ships in two parcels and both sides show it partly shipped in between.
 */

const PRODUCTS = ['Memory Kit', 'NVMe M.2 SSD', 'Tower CPU Cooler'];

/** A paid purchase of the three products, each at its minimum. */
async function buyThree(request: APIRequestContext, token: string): Promise<Purchase> {
  const client = shopApi(request);
  const products = await Promise.all(PRODUCTS.map((name) => demoProduct(request, name)));
  const placed = await client.call(
    api.purchases.checkout,
    {
      body: {
        lines: products.map((product) => ({ productId: product._id, quantity: product.minimum })),
        number: '+44 20 7946 0958',
        address: 'Unit 4/B, Harbour Road, Leeds',
      },
    },
    { token },
  );
  const purchase = expectStatus(placed, 201);
  const intent = await client.call(
    api.payments.createIntent,
    { body: { purchaseId: purchase._id } },
    { token },
  );
  const { clientSecret } = expectStatus(intent, 200);
  const confirmed = await client.call(api.payments.sandboxConfirm, {
    body: {
      clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' },
      billingDetails: { name: purchase.name, email: purchase.email },
    },
  });
  const { paymentIntent } = expectStatus(confirmed, 200);
  const paid = await client.call(
    api.purchases.recordPayment,
    { params: { id: purchase._id }, body: { transactionId: paymentIntent.id } },
    { token },
  );
  return expectStatus(paid, 200);
}

/** The "has shipped" emails the buyer received for this purchase (the SMTP server's files). */
async function shippedEmails(address: string, number: string) {
  const files = readdirSync(mailDir).filter((name) => name.endsWith(`-${address}.eml`));
  const mails = await Promise.all(
    files.map((file) => simpleParser(readFileSync(join(mailDir, file)))),
  );
  return mails.filter((mail) => mail.subject === `${number} has shipped`);
}

test('a 3-line purchase ships in one dialog and its buyer gets one email listing every line', async ({
  page,
  browser,
}) => {
  const customerPage = await browser.newPage();
  const customer = await signUpViaApi(customerPage);
  const purchase = await buyThree(customerPage.request, customer.token);

  await signInViaApi(page, demoAdmin);
  await page.goto(`/dashboard/manageallorders?q=${purchase.number}`);
  const head = page.getByTestId('purchase-row');
  await expect(head).toHaveCount(1);
  await expect(head).toContainText(purchase.number);
  await expect(head).toContainText('3 lines');
  await expect(page.getByTestId('order-row')).toHaveCount(3);

  await head.getByRole('button', { name: `Ship purchase ${purchase.number}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Ship this purchase?' });
  await expect(dialog.getByTestId('ship-line')).toHaveCount(3);
  await expectAccessible(page, 'the Ship purchase dialog');
  await dialog.getByRole('textbox', { name: 'Carrier' }).fill('UPS');
  await dialog.getByRole('textbox', { name: 'Tracking number' }).fill('1Z999AA10123456784');
  await dialog.getByRole('button', { name: 'Ship parcel' }).click();
  await expect(dialog).toBeHidden();

  // Every line now shows SPEC's disabled Shipping, and Ship purchase is gone.
  const shippingButtons = page.getByTestId('order-row').getByRole('button', { name: 'Shipping' });
  await expect(shippingButtons).toHaveCount(3);
  await expect(head.getByRole('button', { name: /Ship purchase/ })).toHaveCount(0);

  // One email, listing the three products with the carrier's tracking.
  const mail = await latestEmailTo(customer.email, new RegExp(`${purchase.number} has shipped`));
  for (const line of purchase.orders) expect(mail.text).toContain(line.productName);
  expect(mail.text).toContain('1Z999AA10123456784');
  await expect
    .poll(async () => (await shippedEmails(customer.email, purchase.number)).length)
    .toBe(1);

  // The buyer's purchase page says Shipped.
  await customerPage.goto(`/dashboard/purchases/${purchase._id}`);
  await expect(customerPage.getByRole('list', { name: 'Status' })).not.toContainText(
    'Not shipped yet',
  );
  await customerPage.close();
});

test('part of a purchase ships first: both sides show it partly shipped, then the rest', async ({
  page,
  browser,
}) => {
  const customerPage = await browser.newPage();
  const customer = await signUpViaApi(customerPage);
  const purchase = await buyThree(customerPage.request, customer.token);
  const [first] = purchase.orders;

  await signInViaApi(page, demoAdmin);
  await page.goto(`/dashboard/manageallorders?q=${purchase.number}`);
  const head = page.getByTestId('purchase-row');
  await head.getByRole('button', { name: `Ship purchase ${purchase.number}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Ship this purchase?' });
  // Only the first line, and one piece of it short.
  for (const line of purchase.orders.slice(1)) {
    await dialog.getByRole('checkbox', { name: new RegExp(line.productName) }).uncheck();
  }
  await dialog
    .getByRole('spinbutton', { name: `Quantity of ${first!.productName}` })
    .fill(String(first!.quantity - 1));
  await dialog.getByRole('button', { name: 'Ship parcel' }).click();
  await expect(dialog).toBeHidden();
  await expect(head).toContainText('Partially shipped');
  await expect(page.getByTestId('partly-shipped')).toHaveText(
    `Shipped ${first!.quantity - 1} of ${first!.quantity}`,
  );

  // The buyer's timeline says how much has gone, not "Not shipped yet".
  await customerPage.goto(`/dashboard/purchases/${purchase._id}`);
  const timeline = customerPage.getByRole('list', { name: 'Status' });
  await expect(timeline).toContainText('Partially shipped');
  await expect(timeline).not.toContainText('Not shipped yet');

  // The rest in a second parcel: the purchase is shipped, with two emails in all.
  await head.getByRole('button', { name: `Ship purchase ${purchase.number}` }).click();
  await expect(dialog.getByTestId('ship-line')).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Ship parcel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('order-row').getByRole('button', { name: 'Shipping' })).toHaveCount(
    3,
  );
  await expect
    .poll(async () => (await shippedEmails(customer.email, purchase.number)).length)
    .toBe(2);
  await customerPage.reload();
  await expect(customerPage.getByRole('list', { name: 'Status' })).not.toContainText(
    'Partially shipped',
  );
  await customerPage.close();
});
