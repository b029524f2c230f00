import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { Purchase } from '@shop/shared';
import { simpleParser } from 'mailparser';
import { demoProduct } from '../support/api';
import { expectAccessible } from '../support/axe';
import { mailDir } from '../support/env';
import { latestEmailTo } from '../support/mail';
import { checkout, payPurchase } from '../support/shop-api';
import { demoAdmin, signInViaApi, signUpViaApi } from '../support/users';

/**
 * Issue 28, item 2: the admin ships a purchase of three lines from Manage All Orders in one
 * dialog, and its buyer gets one "has shipped" email listing every line; then a second purchase
 * ships in two parcels and both sides show it partly shipped in between.
 */

const PRODUCTS = ['Memory Kit', 'NVMe M.2 SSD', 'Tower CPU Cooler'];

/** A paid purchase of the three products, each at its minimum. */
async function buyThree(request: APIRequestContext, token: string): Promise<Purchase> {
  const products = await Promise.all(PRODUCTS.map((name) => demoProduct(request, name)));
  const lines = products.map((product) => ({ productId: product._id, quantity: product.minimum }));
  return payPurchase(request, token, await checkout(request, token, lines));
}

/**
 * A new customer's paid purchase of the three products, and the admin (on `page`) on Manage All
 * Orders searching for it: answers the customer's page and the purchase's row there.
 */
async function shipFromManageAllOrders(page: Page, browser: Browser) {
  const customerPage = await browser.newPage();
  const customer = await signUpViaApi(customerPage);
  const purchase = await buyThree(customerPage.request, customer.token);
  await signInViaApi(page, demoAdmin);
  await page.goto(`/dashboard/manageallorders?q=${purchase.number}`);
  return { customerPage, customer, purchase, head: page.getByTestId('purchase-row') };
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
  const { customerPage, customer, purchase, head } = await shipFromManageAllOrders(page, browser);
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
  const { customerPage, customer, purchase, head } = await shipFromManageAllOrders(page, browser);
  const [first] = purchase.orders;
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
