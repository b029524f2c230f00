import { expect, test } from '@playwright/test';
import { api } from '@shop/shared';
import { demoProduct, isCallOf } from '../support/api';
import { signUpViaApi } from '../support/users';

/**
 * The order form's code (react-hook-form, zod, the text fields) is a chunk of its own, so the
 * purchase page shows the product, its picture (the page's largest paint) included, without
 * waiting for it. Here that chunk is held back until the product is on screen.
 */
test("the purchase page shows the product while the order form's code is still loading", async ({
  page,
}) => {
  await signUpViaApi(page);
  const product = await demoProduct(page.request, 'Hard Drive');
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(/\/assets\/purchase-form-[\w-]+\.js$/, async (route) => {
    held += 1;
    await released;
    await route.continue();
  });

  await page.goto(`/purchase/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase' })).toBeVisible();
  await expect(page.getByRole('img', { name: product.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your order' })).toBeVisible();
  await expect.poll(() => held).toBeGreaterThan(0);
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveCount(0);

  release();
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue(String(product.minimum));
});

test("the purchase page's document is SPEC's Loading... screen until the island knows the session", async ({
  browser,
  request,
}) => {
  const product = await demoProduct(request, 'Hard Drive');
  const html = await (await request.get(`/purchase/${product._id}`)).text();
  expect(html).toMatch(/<title>Purchase \| [^<]+<\/title>/);
  expect(html).toContain('data-island="purchase"');
  expect(html).toMatch(/<head>[\s\S]*<style>[\s\S]+<\/style>[\s\S]*<\/head>/);

  // Without script, a visitor sees the page's frame and the Loading... screen, not a blank page.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/purchase/${product._id}`);
  await expect(page.getByRole('status').getByText('Loading...')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await context.close();
});

test('a visitor who is not signed in is sent to /login and back to the product after it', async ({
  page,
}) => {
  const user = await signUpViaApi(page);
  await page.context().clearCookies();
  const product = await demoProduct(page.request, 'Hard Drive');

  await page.goto(`/purchase/${product._id}`);
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page).toHaveURL(`/purchase/${product._id}`);
  await expect(page.getByRole('heading', { level: 2, name: product.name })).toBeVisible();
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue(String(product.minimum));
});

test('tells the buyer when the product cannot be loaded, and retries', async ({ page }) => {
  await signUpViaApi(page);
  const product = await demoProduct(page.request, 'Hard Drive');
  let fail = true;
  await page.route(isCallOf(api.catalog.get, { params: { id: product._id } }), (route) =>
    fail ? route.abort('connectionrefused') : route.fallback(),
  );

  await page.goto(`/purchase/${product._id}`);
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  fail = false;
  await retry.click();
  await expect(page.getByRole('heading', { level: 2, name: product.name })).toBeVisible();
});

test('the purchase island hydrates without a mismatch when its code arrives after the page has learnt the session', async ({
  page,
}) => {
  await signUpViaApi(page);
  const product = await demoProduct(page.request, 'Hard Drive');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The island's code arrives only once the page's script has run and the session is known (the
  // server drew this page for the signed-in visitor, decision 037: the session came with it).
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/purchase-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`/purchase/${product._id}`);
  await expect(page.locator('[data-island="navbar"][data-hydrated]')).toBeAttached();
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('Dashboard');
  release();
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue(String(product.minimum));
  await expect(page.locator('[data-island="purchase"][data-hydrated]')).toBeAttached();
  expect(errors).toEqual([]);
});
