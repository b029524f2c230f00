import { expect, test } from '@playwright/test';
import { demoProduct } from '../support/api';
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
