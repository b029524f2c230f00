import { expect, test } from '@playwright/test';

// The home page is rendered at build time (scripts/prerender.mjs, docs/decisions/009): the
// browser paints it from the HTML, then React hydrates it. These tests fail if the render is
// lost, if it carries an inline script the CSP would block, or if hydration finds other markup
// than the browser renders (React reports that as a console error and renders the page again).

const HERO = 'PartsWorks: computer parts built for business';

test.describe('home page rendered at build time', () => {
  test('arrives as HTML with the hero and the sections, and no inline script', async ({
    request,
  }) => {
    const response = await request.get('/', { headers: { accept: 'text/html' } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('id="hero-heading"');
    expect(root).toContain('Products That We Manufacture');
    expect(root).toContain('Order Now');
    expect(root).not.toContain('<script');
    // Its styles come with it, so the first paint is already styled.
    expect(html).toMatch(/<style data-emotion="css [^"]+">/);
  });

  test('shows the hero and navigation with JavaScript turned off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }),
    ).toBeVisible();
    await context.close();
  });

  test('hydrates without a mismatch, then fills in the products and works as an app', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/');
    await expect(page.getByTestId('product-card')).toHaveCount(6);
    // A client-side navigation proves the page is live, not just painted.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Blog' })
      .click();
    await expect(page).toHaveURL('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('serves other pages as the empty shell, rendered in the browser', async ({
    request,
    page,
  }) => {
    const html = await (await request.get('/login', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('hero-heading');
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toHaveCount(0);
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  });
});
