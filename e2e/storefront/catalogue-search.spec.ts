import { expect, test, type Page } from '@playwright/test';
import { api, expectStatus, type Product } from '@shop/shared';
import { shopApi } from '../support/api';
import { expectAccessible } from '../support/axe';
import { getProduct } from '../support/shop-api';
import { demoAdmin, signInViaApi } from '../support/users';

/**
 * Issue 14's storefront: a buyer searches the catalogue, opens a product's page (rendered by the
 * server with its name in the title), reads its volume prices, and adds a quantity that crosses a
 * price break; the cart prices the line as the product page did.
 */

const SHOP = 'PartsWorks';

/** A product of this test alone, with known volume prices and pack size. */
async function createTieredProduct(adminPage: Page, tag: string): Promise<Product> {
  const token = await signInViaApi(adminPage, demoAdmin);
  const created = await shopApi(adminPage.request).call(
    api.catalog.create,
    {
      body: {
        name: `Tiered Cable ${tag}`,
        img: '/images/products/case.svg',
        description: `Shielded data cable ${tag}, sold in packs of ten. Rated for industrial use.`,
        price: 12,
        minimum: 20,
        available: 2000,
        sku: `TC-${tag.toUpperCase()}`,
        category: 'cables',
        increment: 10,
        maximum: 500,
        priceTiers: [
          { minQuantity: 60, price: 10 },
          { minQuantity: 100, price: 9 },
        ],
        specs: [
          { label: 'Length', value: '2 m' },
          { label: 'Shielding', value: 'Braided' },
        ],
      },
    },
    { token },
  );
  return getProduct(adminPage.request, expectStatus(created, 201).insertedId);
}

test('a buyer searches, opens a product page, and the cart prices a tier as the page showed', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const adminPage = await browser.newPage();
  const product = await createTieredProduct(adminPage, tag);
  await adminPage.close();

  // The product page arrives rendered by the server: its name in the title, its description.
  const html = await (
    await request.get(`/products/${product._id}`, { headers: { accept: 'text/html' } })
  ).text();
  expect(html).toContain(`<title>${product.name} | ${SHOP}</title>`);
  expect(html).toMatch(/<meta\s+name="description"\s+content="Shielded data cable/);
  const unknown = await request.get('/products/6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', {
    headers: { accept: 'text/html' },
  });
  expect(unknown.status()).toBe(404);

  // Search from the navbar: the address carries the search, so it can be shared.
  await page.goto('/');
  const navSearch = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });
  await navSearch.fill(product.sku);
  await navSearch.press('Enter');
  await expect(page).toHaveURL(`/products?q=${product.sku}`);
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByTestId('product-card')).toHaveCount(1);
  await expect(page.getByRole('searchbox', { name: 'Search products' }).last()).toHaveValue(
    product.sku,
  );

  // The category filter, named by its label (not the slug), narrows it and is kept in the address.
  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: /^Cables \(\d+\)$/ })
    .click();
  await expect(page).toHaveURL(`/products?q=${product.sku}&category=cables`);
  await expect(results.getByTestId('product-card')).toHaveCount(1);
  await expect(results.getByTestId('product-card')).toContainText('from $9 at 100+');

  // A search with no match says so.
  const box = page.getByRole('main').getByRole('searchbox', { name: 'Search products' });
  await box.fill(`nothing-like-${tag}`);
  await box.press('Enter');
  await expect(page.getByTestId('no-results')).toContainText(
    `No products match "nothing-like-${tag}"`,
  );
  await page.goBack();
  await expect(results.getByTestId('product-card')).toHaveCount(1);

  // The card's name opens the product's page.
  await results.getByRole('link', { name: product.name }).click();
  await expect(page).toHaveURL(`/products/${product._id}`);
  await expect(page).toHaveTitle(`${product.name} | ${SHOP}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const tiers = page.getByRole('table', { name: 'Volume prices' });
  await expect(tiers.getByRole('row')).toHaveCount(4);
  await expect(tiers.getByRole('row').nth(1)).toContainText('20–59 (list price)$12');
  await expect(tiers.getByRole('row').nth(3)).toContainText('100+$9');
  await expect(page.locator('[data-island="product-order"][data-hydrated]')).toBeAttached();
  await expectAccessible(page, `/products/${product._id}`);

  // The stepper moves a pack at a time; the price follows the quantity.
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await expect(quantity).toHaveValue('20');
  await expect(page.getByTestId('next-break')).toHaveText('Order 40 more for $10 a piece');
  await quantity.fill('90');
  await expect(page.getByTestId('unit-price')).toContainText('$10');
  await expect(page.getByTestId('next-break')).toHaveText('Order 10 more for $9 a piece');
  await page.getByRole('button', { name: `Increase by a pack of 10 of ${product.name}` }).click();
  await expect(quantity).toHaveValue('100');
  await expect(page.getByTestId('unit-price')).toContainText('Unit price: $9 per piece');
  await expect(page.getByTestId('saving')).toHaveText(
    'You save $300 ($3 a piece) on the list price',
  );
  await expect(page.getByTestId('order-total')).toHaveText('Total: $900');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();

  // The cart prices the line by the same tier, and a step down a pack crosses back above it.
  await page.goto('/cart');
  const line = page.getByTestId('cart-line').filter({ hasText: product.name });
  await expect(line.getByTestId('unit-price')).toHaveText('$9');
  await expect(line.getByTestId('line-total')).toHaveText('$900');
  await line.getByRole('button', { name: `Decrease by a pack of 10 of ${product.name}` }).click();
  await expect(line.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('90');
  await expect(line.getByTestId('unit-price')).toHaveText('$10');
  await expect(line.getByTestId('line-total')).toHaveText('$900');
  await expect(line.getByTestId('next-break')).toHaveText('Order 10 more for $9 a piece.');
  await line.getByRole('button', { name: `Increase by a pack of 10 of ${product.name}` }).click();
  await expect(line.getByTestId('unit-price')).toHaveText('$9');
  await expect(page.getByTestId('cart-subtotal')).toHaveText('Subtotal: $900');
});
