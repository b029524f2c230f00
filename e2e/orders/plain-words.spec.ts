import { expect, test, type Page } from '@playwright/test';
import { api, expectStatus, type Product } from '@shop/shared';
import { shopApi } from '../support/api';
import { expectAccessible } from '../support/axe';
import { sourcesOfPath } from '../support/scripts';
import { getProduct } from '../support/shop-api';
import { demoAdmin, signInViaApi } from '../support/users';

/**
 * Issue 28, items 8 and 9: on a phone the product page shows the name, the price and the order
 * box first, and a quantity typed before the order box's code arrived is the one that lands in
 * the cart; the quick order refuses a quantity that breaks the pack size and suggests the
 * nearest one that fits.
 */

const PHONE = { width: 375, height: 740 };
/** The order box island's module, as its chunk's source map names it. */
const ORDER_ISLAND = /src\/features\/catalog\/components\/product-order\.tsx$/;

/** A product of this test alone, sold in boxes of 25: 50 to 500 pieces an order. */
async function createBoxedProduct(page: Page, name: string): Promise<Product> {
  const token = await signInViaApi(page, demoAdmin);
  const created = await shopApi(page.request).call(
    api.catalog.create,
    {
      body: {
        name,
        price: 3,
        minimum: 50,
        increment: 25,
        maximum: 500,
        available: 1000,
        img: '/images/products/case.svg',
        description: `${name}, sold in boxes of 25.`,
      },
    },
    { token },
  );
  const product = await getProduct(page.request, expectStatus(created, 201).insertedId);
  // The admin's session is not the buyer's: the tests below are a visitor's.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  return product;
}

const cartLine = (page: Page, name: string) =>
  page.getByTestId('cart-line').filter({ hasText: name });

test('on a phone, a quantity typed before the order box hydrates is what lands in the cart', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  const product = await createBoxedProduct(page, `Phone Screw Kit ${Date.now()}`);
  await page.setViewportSize(PHONE);

  // Hold the order box's code until the buyer has typed: until then it is the server's HTML.
  let requested!: () => void;
  const islandRequested = new Promise<void>((resolve) => (requested = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    if (sourcesOfPath(new URL(route.request().url()).pathname).some((s) => ORDER_ISLAND.test(s))) {
      requested();
      await released;
    }
    await route.fallback();
  });

  await page.goto(`/products/${product._id}`, { waitUntil: 'domcontentloaded' });
  await islandRequested;
  const orderBox = page.locator('[data-island="product-order"]');
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  // Name, price and the order box are on the first screen; the specifications come after.
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeInViewport();
  await expect(page.getByTestId('product-facts')).toContainText(
    'List price: $3 per piece (box of 25: $75)',
  );
  await expect(quantity).toBeInViewport();
  await quantity.fill('75');
  await expect(orderBox).not.toHaveAttribute('data-hydrated');

  release();
  await expect(orderBox).toHaveAttribute('data-hydrated', '');
  await expect(quantity).toHaveValue('75');
  await expect(page.getByTestId('order-total')).toHaveText('Total: $225');
  await expectAccessible(page, `/products/${product._id} at 375 px`);
  await page.screenshot({ path: testInfo.outputPath('product-page-375px.png'), fullPage: true });
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();

  await page.goto('/cart');
  await expect(
    cartLine(page, product.name).getByRole('spinbutton', { name: 'Quantity' }),
  ).toHaveValue('75');
  await expect(page.getByTestId('cart-subtotal')).toHaveText('Subtotal: $225');
});

test('the quick order refuses a quantity that breaks the pack size and suggests the nearest', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  const product = await createBoxedProduct(page, `Quick Screw Kit ${Date.now()}`);
  await page.setViewportSize(PHONE);
  await page.goto('/cart');

  const box = page.getByRole('form', { name: 'Quick order' });
  const lines = box.getByRole('textbox', { name: 'Lines to add' });
  // A semicolon line, as a spreadsheet with a decimal comma exports it.
  await lines.fill(`${product.name};60`);
  await box.getByRole('button', { name: 'Add lines to cart' }).click();
  await expect(page.getByTestId('quick-order-problems')).toContainText(
    `Line 1: ${product.name}: Order in multiples of 25. Try 50.`,
  );
  await expect(page.getByTestId('cart-line')).toHaveCount(0);
  await expect(lines).toHaveValue(`${product.name};60`);
  await expectAccessible(page, '/cart with a refused quick order line at 375 px');
  await page.screenshot({
    path: testInfo.outputPath('cart-quick-order-375px.png'),
    fullPage: true,
  });

  // Taking the suggestion adds the line.
  await lines.fill(`${product.name};50`);
  await box.getByRole('button', { name: 'Add lines to cart' }).click();
  await expect(
    cartLine(page, product.name).getByRole('spinbutton', { name: 'Quantity' }),
  ).toHaveValue('50');
  await expect(page.getByTestId('cart-subtotal')).toHaveText('Subtotal: $150');
});
