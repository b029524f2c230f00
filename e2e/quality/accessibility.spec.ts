import { expect, type Page, test } from '@playwright/test';
import { demoProduct, getProducts } from '../support/api';
import { expectAccessible } from '../support/axe';
import { scrollToEnd } from '../support/scroll';
import { placeOrder } from '../support/shop-api';
import { demoAdmin, signInViaApi, signUpViaApi } from '../support/users';

/** Waits until the page has its content: a main heading and no loading screen. */
async function settle(page: Page) {
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

test.describe('accessibility: axe finds no serious or critical violation', () => {
  test('on every public page, wide and narrow', async ({ page }) => {
    test.setTimeout(240_000); // twenty pages, wide and narrow, each read by axe (108-126 s measured)
    const products = await getProducts(page.request);
    const paths = [
      '/',
      '/products',
      '/login',
      '/signup',
      '/blog',
      '/myportfolio',
      '/about',
      '/reset-password?token=x',
      '/no/such/page',
    ];
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of paths) {
        await page.goto(path);
        await settle(page);
        if (path === '/') {
          await expect(page.getByTestId('product-card').first()).toBeVisible();
          // The newsletter form hydrates as it comes near: axe reads the page after that too.
          await scrollToEnd(page);
          await expect(page.getByRole('textbox', { name: 'Email address' })).toBeVisible();
          await expect(page.getByTestId('review-card').first()).toBeVisible();
          await expect(
            page.getByRole('region', { name: 'Frequently Asked Questions' }).locator('details'),
          ).toHaveCount(3);
        }
        await expectAccessible(page, `${path} at ${width} px`);
      }
    }
    // The login page in reset mode, and the small-screen menu open.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expectAccessible(page, '/login in reset mode');
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: /menu/i }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expectAccessible(page, '/ with the menu open');
    expect(products.length).toBeGreaterThan(0);
  });

  test('on every customer page', async ({ page }) => {
    test.setTimeout(120_000); // five pages, each read by axe, on a machine other journeys share
    const { token } = await signUpViaApi(page);
    // A seeded product no other journey orders, restocks or deletes.
    const product = await demoProduct(page.request, 'Hard Drive');
    const order = await placeOrder(page.request, token, product);
    const paths = [
      `/purchase/${product._id}`,
      '/dashboard/myorders',
      '/dashboard/addreview',
      `/dashboard/payment/${order._id}`,
      '/dashboard/myprofile',
    ];
    for (const path of paths) {
      await page.goto(path);
      await settle(page);
      // Forms whose code or gateway arrives after the page: axe reads them ready.
      if (path.startsWith('/purchase/')) {
        await expect(page.getByLabel('Quantity', { exact: true })).toBeVisible();
      }
      if (path.startsWith('/dashboard/payment/')) {
        await expect(page.getByRole('button', { name: /^Pay/ })).toBeEnabled();
      }
      await expectAccessible(page, path);
    }
    // A dialog as well: the cancel confirmation.
    await page.goto('/dashboard/myorders');
    await page
      .getByRole('row')
      .filter({ hasText: product.name })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'the cancel dialog');
  });

  // One test per page: seven pages and their axe scans in one test outran its time on a busy
  // machine.
  for (const path of [
    '/dashboard/manageallorders',
    '/dashboard/addproduct',
    '/dashboard/manageproducts',
    '/dashboard/makeadmin',
    '/dashboard/managereviews',
    '/dashboard/auditlog',
    '/dashboard/jobs',
    '/dashboard/shipping',
  ]) {
    test(`on the admin page ${path}`, async ({ page }) => {
      await signInViaApi(page, demoAdmin);
      await page.goto(path);
      await settle(page);
      await expectAccessible(page, path);
    });
  }

  test('on an admin page at 375 px', async ({ page }) => {
    await signInViaApi(page, demoAdmin);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/dashboard/manageproducts');
    await settle(page);
    await expectAccessible(page, '/dashboard/manageproducts at 375 px');
  });
});
