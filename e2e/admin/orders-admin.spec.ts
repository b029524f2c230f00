import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Purchase } from '@shop/shared';
import { demoProduct } from '../support/api';
import { expectAccessible } from '../support/axe';
import { checkout, payPurchase } from '../support/shop-api';
import { demoAdmin, signInViaApi, signUpViaApi } from '../support/users';

/**
 * Manage All Orders as the shop's admin uses it (issue 13, item 8): an order found among every
 * customer's by its PO number and its purchase number, filtered by status, shipped with its
 * carrier and tracking number, exported as CSV; and the page on a phone.
 */

/** A one-line purchase of a Memory Kit with this PO and company, paid when `pay` says so. */
async function buy(
  request: APIRequestContext,
  token: string,
  { poNumber, company, pay }: { poNumber: string; company: string; pay: boolean },
): Promise<Purchase> {
  const product = await demoProduct(request, 'Memory Kit');
  const purchase = await checkout(
    request,
    token,
    [{ productId: product._id, quantity: product.minimum }],
    { poNumber, company },
  );
  if (pay) await payPurchase(request, token, purchase);
  return purchase;
}

/** A word no other test's order carries, so a search finds only this test's. */
const uniqueTag = () => `E2E${randomBytes(4).toString('hex').toUpperCase()}`;

/** Types into the search box; the page asks once typing pauses and puts `q` in the address. */
async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}(&|$)`));
}

test('the admin finds an order by PO and purchase number, filters by status, ships it and exports the CSV', async ({
  page,
  browser,
}) => {
  const tag = uniqueTag();
  const customerPage = await browser.newPage();
  const customer = await signUpViaApi(customerPage);
  // The company starts with "=": a spreadsheet would run it as a formula.
  const purchase = await buy(customerPage.request, customer.token, {
    poNumber: `PO-${tag}`,
    company: `=${tag} Holdings`,
    pay: true,
  });
  await customerPage.close();

  await signInViaApi(page, demoAdmin);
  await page.goto('/dashboard/manageallorders');
  await expect(page.getByRole('heading', { name: 'Manage All Orders' })).toBeVisible();

  // By PO number: one row, with where to ship, the phone, the PO and the company.
  await search(page, `po-${tag.toLowerCase()}`);
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText(customer.email);
  await expect(row).toContainText('Unit 4/B, Harbour Road, Leeds');
  await expect(row).toContainText('+44 20 7946 0958');
  await expect(row).toContainText(`PO-${tag}`);
  await expect(row).toContainText(`=${tag} Holdings`);
  await expect(row).toContainText('Pending');
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();

  // By purchase number; a reload keeps the search.
  await search(page, purchase.number);
  await expect(rows).toHaveCount(1);
  await expect(row.getByRole('link', { name: purchase.number })).toHaveAttribute(
    'href',
    `/dashboard/purchases/${purchase._id}`,
  );
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(purchase.number);
  await expect(row).toContainText(customer.email);

  // By status: not among the unpaid, among the paid.
  const status = page.getByRole('combobox', { name: 'Status' });
  await status.selectOption('Unpaid');
  await expect(page).toHaveURL(/status=unpaid/);
  await expect(page.getByText('No orders match this search.')).toBeVisible();
  await status.selectOption('Paid');
  await expect(rows).toHaveCount(1);

  // Ship with the carrier and the tracking number: it leaves the paid ones for the shipped.
  await row.getByRole('button', { name: 'Ship' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ship this order?' });
  await expect(dialog).toContainText(purchase.number);
  await dialog.getByRole('textbox', { name: 'Carrier' }).fill('DHL');
  await dialog.getByRole('textbox', { name: 'Tracking number' }).fill(`JD${tag}`);
  await dialog.getByRole('button', { name: 'Confirm shipping' }).click();
  await expect(page.getByText('No orders match this search.')).toBeVisible();
  await status.selectOption('Shipped');
  await expect(row.getByRole('button', { name: 'Shipping' })).toBeDisabled();
  await expect(row).toContainText(`Shipped: DHL, tracking JD${tag}`);

  // The CSV of this filter: the row, the formula neutralised with a leading apostrophe.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^Purchase,Order id,Created,Customer,Email,/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${purchase.number},`);
  expect(lines[1]).toContain(`,${customer.email},`);
  expect(lines[1]).toContain(`,PO-${tag},`);
  expect(lines[1]).toContain(`,'=${tag} Holdings,`);
  expect(lines[1]).not.toContain(`,=${tag}`);
  expect(lines[1]).toContain(`,DHL,JD${tag},`);
});

test('on a phone the orders are cards with Ship and Delete on screen, no sideways scroll, and axe passes', async ({
  page,
  browser,
}, testInfo) => {
  const tag = uniqueTag();
  const customerPage = await browser.newPage();
  const customer = await signUpViaApi(customerPage);
  const company = 'Acme Components Ltd';
  await buy(customerPage.request, customer.token, { poNumber: `PO-${tag}-1`, company, pay: true });
  await buy(customerPage.request, customer.token, { poNumber: `PO-${tag}-2`, company, pay: false });
  await customerPage.close();

  await page.setViewportSize({ width: 375, height: 800 });
  await signInViaApi(page, demoAdmin);
  await page.goto(`/dashboard/manageallorders?q=${tag}`);
  const cards = page.getByTestId('order-row');
  await expect(cards).toHaveCount(2);

  // Newest first: the unpaid one with Delete, then the paid one with Ship.
  const deleteButton = cards.nth(0).getByRole('button', { name: 'Delete' });
  const shipButton = cards.nth(1).getByRole('button', { name: 'Ship' });
  for (const button of [deleteButton, shipButton]) {
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport({ ratio: 1 });
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  // Neither the page nor the table's own box scrolls sideways.
  const tableOverflow = await page
    .getByRole('table', { name: 'All orders' })
    .evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
  expect(tableOverflow).toBeLessThanOrEqual(0);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(page, '/dashboard/manageallorders at 375 px');
  await page.screenshot({
    path: testInfo.outputPath('manage-all-orders-375px.png'),
    fullPage: true,
  });
});
