import { expect, test } from '@playwright/test';
import { api, expectStatus, HOME_PRODUCT_COUNT, type Product } from '@shop/shared';
import { shopApi } from '../support/api';
import { expectOnlyTheBootScript } from '../support/documents';
import { placeOrder } from '../support/shop-api';
import { signUpViaApi } from '../support/users';

// The home page is rendered by the server with its data and hydrates only its islands
// (docs/decisions/015). These tests fail if the render loses its data or its styles, if it
// carries a script the CSP would block, if an island hydrates to other markup than the server's
// (React reports that as a console error), or if the page stops following the catalogue.

const HERO = 'PartsWorks: computer parts built for business';

async function catalogue(request: Parameters<typeof shopApi>[0]): Promise<Product[]> {
  return expectStatus(await shopApi(request).call(api.catalog.list, {}), 200);
}

test.describe('home page rendered by the server', () => {
  test('arrives as HTML with its products, reviews and styles, and no inline script but the boot script', async ({
    request,
  }) => {
    const products = await catalogue(request);
    const response = await request.get('/', { headers: { accept: 'text/html' } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('id="hero-heading"');
    expect(root).toContain('Order Now');
    // Its data is in the HTML: the first products of the catalogue and the reviews.
    for (const product of products.slice(0, HOME_PRODUCT_COUNT))
      expect(root).toContain(product.name);
    expect(root.match(/data-testid="review-card"/g)?.length ?? 0).toBeGreaterThan(0);
    // Styled at once: the styles are inline in the head, no stylesheet blocks the first paint.
    expect(html).toMatch(/<head>[\s\S]*<style>[\s\S]+<\/style>[\s\S]*<\/head>/);
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    // No inline script but the boot script, and data that never runs.
    expectOnlyTheBootScript(html);
  });

  test('shows the hero, the products, the navigation and the FAQ with JavaScript turned off', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
    await expect(page.getByTestId('product-card')).toHaveCount(HOME_PRODUCT_COUNT);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }),
    ).toBeVisible();
    // Buy Now is a link to the purchase page, which needs no script to follow.
    const buyNow = page.getByTestId('product-card').first().getByRole('link', { name: 'Buy Now' });
    await expect(buyNow).toHaveAttribute('href', /^\/purchase\/[\w-]+$/);
    // Styled by the inline styles alone, shared primitives included (a button, the page's
    // column): none of them may stay in a stylesheet the page does not link.
    await expect(buyNow).toHaveCSS('background-color', 'rgb(11, 60, 110)');
    await expect(page.locator('#products > div').first()).toHaveCSS('max-width', '1200px');
    await context.close();
  });

  test('hydrates its islands without a mismatch: the navbar learns the session', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Login shows once the navbar island has asked for the session: it is live, not just painted.
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await nav.getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('follows the catalogue: an order shows in the stock on the page', async ({
    page,
    request,
  }) => {
    const [product] = await catalogue(request);
    const { token } = await signUpViaApi(page);
    await placeOrder(page.request, token, product!);
    const left = `${(product!.available - product!.minimum).toLocaleString('en-US')} pieces`;
    const card = (html: string) =>
      html.slice(html.indexOf(product!.name), html.indexOf('Buy Now', html.indexOf(product!.name)));
    await expect
      .poll(async () => card(await (await request.get('/')).text()), { timeout: 10_000 })
      .toContain(left);
  });

  test('serves other pages as the empty shell, rendered in the browser', async ({
    request,
    page,
  }) => {
    // A page of the single-page app (the public pages are all documents now).
    const path = '/reset-password?token=e2e-shell';
    const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('hero-heading');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toHaveCount(0);
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
    // The app's Home link leads back to the server's page.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
  });
});
