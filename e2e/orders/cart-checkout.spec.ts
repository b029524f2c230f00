import { expect, test, type Page } from '@playwright/test';
import { api, expectStatus, messages, type Product } from '@shop/shared';
import { shopApi } from '../support/api';
import { expectAccessible } from '../support/axe';
import { getProduct } from '../support/shop-api';
import { demoAdmin, signInViaApi, signUpViaApi } from '../support/users';

/**
 * Issue 13's cart: a customer fills a cart from a product card, the purchase page and a quick
 * order file, keeps it across a reload and a sign-out, fixes a quantity the live check refuses,
 * and checks out with a PO number and the company from the profile; and a checkout whose stock
 * ran out meanwhile names the line.
 */

const banner = (page: Page) => page.getByRole('banner');
const cartLink = (page: Page) => banner(page).getByTestId('cart-link');
const cartLine = (page: Page, name: string) =>
  page.getByTestId('cart-line').filter({ hasText: name });

/** Products of this test alone, so names and stock are known; removed at the end. */
async function createProducts(
  adminPage: Page,
  specs: { name: string; price: number; minimum: number; available: number }[],
) {
  const token = await signInViaApi(adminPage, demoAdmin);
  const { request } = adminPage;
  const admin = shopApi(request);
  const products: Product[] = [];
  for (const spec of specs) {
    const created = await admin.call(
      api.catalog.create,
      {
        body: {
          ...spec,
          img: '/images/products/case.svg',
          description: `${spec.name} for the cart test.`,
        },
      },
      { token },
    );
    products.push(await getProduct(request, expectStatus(created, 201).insertedId));
  }
  return {
    products,
    setStock: async (product: Product, available: number) =>
      expectStatus(
        await admin.call(
          api.catalog.update,
          { params: { id: product._id }, body: { available } },
          { token },
        ),
        200,
      ),
  };
}

test('a customer fills a cart from a card, the purchase page and a CSV file, and checks out with a PO', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const adminPage = await browser.newPage();
  const { products } = await createProducts(adminPage, [
    { name: `Cart Fan ${tag}`, price: 4, minimum: 10, available: 500 },
    { name: `Cart PSU ${tag}`, price: 40, minimum: 5, available: 200 },
    { name: `Cart Cable, USB-C ${tag}`, price: 2, minimum: 100, available: 5000 },
  ]);
  const [fan, psu, cable] = products as [Product, Product, Product];

  const buyer = await signUpViaApi(page);
  const profile = {
    education: 'BSc',
    location: 'Leeds',
    number: '+44 20 7946 0958',
    linkedin: 'https://www.linkedin.com/in/pat-buyer',
    company: `Acme Components ${tag}`,
    taxId: 'GB123456789',
    shippingAddress: 'Unit 4, Harbour Road, Leeds',
  };
  expectStatus(
    await shopApi(page.request).call(
      api.profile.save,
      { params: { email: buyer.email }, body: profile },
      { token: buyer.token },
    ),
    200,
  );

  // From a card of the catalogue: its minimum order.
  await page.goto('/products');
  const card = page.getByTestId('product-card').filter({ hasText: fan.name });
  await card.scrollIntoViewIfNeeded();
  await card.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 line');

  // From the purchase page: the quantity typed in its form.
  await page.goto(`/purchase/${psu._id}`);
  const quantity = page.getByLabel('Quantity', { exact: true });
  await quantity.fill('12');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 lines');
  // SPEC's Purchase stays as it was.
  await expect(page.getByRole('button', { name: 'Purchase', exact: true })).toBeEnabled();

  // A reload keeps the cart. The server renders the navbar without a count (it cannot know the
  // cart), and the count shows once the navbar has hydrated, without a mismatch.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.reload();
  await expect(page.locator('[data-island="navbar"][data-hydrated]')).toBeAttached();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 lines');
  expect(errors.filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);

  // So does signing out and in again: the cart asks for a sign-in, and the login comes back.
  await banner(page).getByRole('button', { name: 'Signout' }).click();
  await expect(banner(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await cartLink(page).click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByText('Sign in to check out')).toBeVisible();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Email', { exact: true }).fill(buyer.email);
  await page.getByLabel('Password', { exact: true }).fill(buyer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(cartLine(page, fan.name).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(
    '10',
  );
  await expect(cartLine(page, psu.name).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(
    '12',
  );

  // A quick order file: a header, a quoted name with commas, one bad line.
  await page.getByLabel('Upload a .csv file').setInputFiles({
    name: 'order.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`name,quantity\n"${cable.name}",2000\nNope ${tag},3\n${psu.name},5\n`),
  });
  await expect(page.getByTestId('quick-order-problems')).toContainText(
    `Line 3: no product named 'Nope ${tag}'`,
  );
  await expect(page.getByTestId('cart-line')).toHaveCount(3);
  await expect(cartLine(page, psu.name).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(
    '17',
  );
  await expect(cartLine(page, cable.name)).toContainText('2,000 pieces');

  // Below the minimum: the live check says so and Place order waits.
  const cableQuantity = cartLine(page, cable.name).getByRole('spinbutton', { name: 'Quantity' });
  await cableQuantity.fill('50');
  await expect(cartLine(page, cable.name)).toContainText(messages.minimumQuantity(100));
  await expect(page.getByRole('button', { name: 'Place order' })).toBeDisabled();
  await expectAccessible(page, '/cart with a refused quantity');
  await cableQuantity.fill('300');
  await expect(cartLine(page, cable.name)).not.toContainText(messages.minimumQuantity(100));

  // The checkout, prefilled from the profile; the PO number typed.
  const form = page.getByRole('form', { name: 'Checkout' });
  await expect(form.getByRole('textbox', { name: 'Company (optional)' })).toHaveValue(
    profile.company,
  );
  await expect(form.getByRole('textbox', { name: 'Phone Number' })).toHaveValue(profile.number);
  await expect(form.getByRole('textbox', { name: 'Address' })).toHaveValue(profile.shippingAddress);
  await form.getByRole('textbox', { name: 'PO number (optional)' }).fill(`PO-${tag}`);
  await expect(page.getByTestId('cart-subtotal')).toHaveText('Subtotal: $1,320');
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/dashboard\/purchases\/[0-9a-f-]{36}$/);
  const heading = page.getByRole('heading', { name: /^Purchase PW-\d{6}$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace('Purchase ', '');
  await expect(page.getByText(`Purchase ${number} placed`)).toBeVisible();
  await expect(page.getByText(`PO-${tag}`)).toBeVisible();
  await expect(page.getByText(profile.company)).toBeVisible();
  const lines = page.getByTestId('purchase-line');
  await expect(lines).toHaveCount(3);
  for (const product of [fan, psu, cable]) {
    await expect(lines.filter({ hasText: product.name })).toHaveCount(1);
  }
  // The cart is empty now.
  await expect(cartLink(page)).toHaveAccessibleName('Cart');
  await adminPage.close();
});

test('a checkout whose stock ran out meanwhile names the refused line, and orders nothing', async ({
  page,
  browser,
}) => {
  const tag = Date.now().toString(36);
  const adminPage = await browser.newPage();
  const { products, setStock } = await createProducts(adminPage, [
    { name: `Cart SSD ${tag}`, price: 30, minimum: 1, available: 50 },
  ]);
  const ssd = products[0]!;
  await signUpViaApi(page);

  await page.goto(`/purchase/${ssd._id}`);
  await page.getByLabel('Quantity', { exact: true }).fill('40');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 line');
  await cartLink(page).click();
  await expect(cartLine(page, ssd.name)).toContainText('40 pieces');

  // Another sale took the stock after the cart page had checked it.
  await setStock(ssd, 10);
  const form = page.getByRole('form', { name: 'Checkout' });
  await form.getByRole('textbox', { name: 'Phone Number' }).fill('(555) 123-4567');
  await form.getByRole('textbox', { name: 'Address' }).fill('12 Harbour Road, Leeds');
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(cartLine(page, ssd.name)).toContainText(messages.unavailableQuantity);
  await expect(page.getByTestId('checkout-error')).toContainText(
    'Some lines cannot be ordered as they are',
  );
  await expect(page).toHaveURL('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expectAccessible(page, '/cart after a refused checkout');

  // On a phone the line is a card: its quantity and Remove are on screen, nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  const remove = cartLine(page, ssd.name).getByRole('button', { name: 'Remove' });
  // Centred: the checkout above it is long (shipping methods and the charges), and aligning the
  // button to the top edge leaves it a fraction of a pixel out of view.
  await remove.evaluate((button) => button.scrollIntoView({ block: 'center' }));
  await expect(remove).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page, '/cart on a phone');
  await adminPage.close();
});
