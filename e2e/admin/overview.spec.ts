import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { api, expectStatus } from '@shop/shared';
import { shopApi } from '../support/api';
import { expectAccessible } from '../support/axe';
import { payOrder, placeOrder } from '../support/shop-api';
import { demoAdmin, signInViaApi, signUpViaApi } from '../support/users';

/**
 * The admin's Overview (issue 16) on the real server: an order a customer pays in the test is in
 * the figures (its product tops the best sellers at its exact revenue, its day's revenue holds
 * it), and a day's bar opens Manage All Orders filtered to that day, where the order is. The
 * page passes axe, and a phone-width screenshot is kept.
 */
test('the admin sees an order paid in the test on the Overview and follows its bar to the orders', async ({
  page,
  browser,
}, testInfo) => {
  const tag = `OV${randomBytes(4).toString('hex').toUpperCase()}`;
  const adminToken = await signInViaApi(page, demoAdmin);
  const client = shopApi(page.request);
  // A product of this test's own, dear enough to lead the best sellers of any day.
  const created = await client.call(
    api.catalog.create,
    {
      body: {
        name: `Overview Rack Server ${tag}`,
        img: '/images/products/ssd.svg',
        description: 'A rack server sold in the Overview test.',
        price: 90_000,
        minimum: 1,
        available: 5,
      },
    },
    { token: adminToken },
  );
  const { product } = expectStatus(created, 201);

  const customerPage = await browser.newPage();
  const customer = await signUpViaApi(customerPage);
  const order = await placeOrder(customerPage.request, customer.token, product, 1);
  await payOrder(customerPage.request, customer.token, order);
  await customerPage.close();
  // The shop's day it was paid (the test server keeps UTC): the day its bar stands for.
  const listed = expectStatus(
    await client.call(api.orders.adminList, { query: { q: tag } }, { token: adminToken }),
    200,
  );
  const paidAt = listed.items[0]?.paidAt;
  expect(paidAt).toBeTruthy();
  const paidDay = paidAt!.slice(0, 10);

  await page.goto('/dashboard');
  await expect(page).toHaveURL('/dashboard/overview');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  const best = page.getByRole('list', { name: 'Top products by revenue' });
  const line = best.getByRole('listitem').filter({ hasText: tag });
  await expect(line).toContainText('$90,000');
  await expect(line).toContainText('1 piece');
  // The day's row of the revenue table (its link opens that day's orders) holds this order.
  const dayHref = `/dashboard/manageallorders?paidFrom=${paidDay}&paidTo=${paidDay}`;
  const rows = page.getByTestId('revenue-row');
  const totals: number[] = [];
  let day = -1;
  for (const row of await rows.all()) {
    totals.push(Number((await row.getByRole('cell').nth(1).textContent())!.replace(/\D/g, '')));
    if ((await row.getByRole('link').getAttribute('href')) === dayHref) day = totals.length - 1;
  }
  expect(day).toBeGreaterThanOrEqual(0);
  expect(totals[day]).toBeGreaterThanOrEqual(90_000);

  await expectAccessible(page, '/dashboard/overview');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId('revenue-total')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('overview-375px.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The day's bar: bars are drawn for the days with revenue only, in the table's order.
  const bar = totals.slice(0, day).filter((total) => total > 0).length;
  await page.locator('.recharts-bar-rectangle').nth(bar).click();
  await expect(page).toHaveURL(dayHref);
  await expect(page.getByRole('heading', { name: 'Manage All Orders' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(tag);
  const table = page.getByRole('table', { name: 'All orders' });
  await expect(table.getByRole('row').filter({ hasText: tag })).toHaveCount(1);
  await expect(page).toHaveURL(
    new RegExp(`paidFrom=${paidDay}.*q=${tag}|q=${tag}.*paidFrom=${paidDay}`),
  );
});
