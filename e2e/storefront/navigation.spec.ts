import { expect, test } from '@playwright/test';
import { API_PREFIX } from '@shop/shared';

test.describe('navigation', () => {
  test('every navbar link leads to its page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/blog');
    const nav = page.getByRole('banner');

    const links: Array<[string | RegExp, string, RegExp]> = [
      ['Home', '/', /Products That We Manufacture/],
      ['Products', '/products', /products/i],
      ['My Portfolio', '/myportfolio', /Skills/i],
      ['Blog', '/blog', /prototypal inheritance/i],
      ['Login', '/login', /login/i],
      ['Signup', '/signup', /sign ?up/i],
    ];
    // Each page's navbar is an island hydrated after the first paint (decision 037): a click while
    // it hydrates can be lost, so the test waits for it, as a person waits for the page.
    const hydrated = page.locator('[data-island="navbar"][data-hydrated]');
    for (const [name, path, content] of links) {
      await expect(hydrated).toBeAttached();
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('main')).toContainText(content);
    }

    // The brand goes home too.
    await page.goto('/blog');
    await expect(hydrated).toBeAttached();
    await nav.getByRole('link').first().click();
    await expect(page).toHaveURL('/');
  });

  test('signed out, the navbar offers Login and Signup but no Dashboard', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('banner');
    await expect(nav.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Signup', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  });

  test('the footer links /, /login, /signup and /about, with the year and "All right reserved"', async ({
    page,
  }) => {
    await page.goto('/blog');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(String(new Date().getFullYear()));
    await expect(footer).toContainText('All right reserved');

    const hrefs = await footer
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(expect.arrayContaining(['/', '/login', '/signup', '/about']));

    await footer.locator('a[href="/about"]').click();
    await expect(page).toHaveURL('/about');
    // The router keeps the old page on screen while the lazy one loads: wait for this page's own h1.
    await expect(page.getByRole('heading', { level: 1, name: /^About / })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(/manufactur/i);

    const destinations: Array<[string, string | RegExp]> = [
      ['/login', 'Login'],
      ['/signup', 'Signup'],
      ['/', /computer parts built for business/],
    ];
    for (const [path, heading] of destinations) {
      await page.getByRole('contentinfo').locator(`a[href="${path}"]`).first().click();
      await expect(page).toHaveURL(path);
      // The page arrives lazily and moves the footer down: wait for its own h1 (the previous
      // page's h1 stays on screen until then) before the next click.
      await expect(
        page.getByRole('heading', { level: 1, name: heading, exact: true }),
      ).toBeVisible();
    }
  });

  test('an unknown path shows PAGE NOT FOUND! with an image', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200); // the SPA is served; it renders its own not-found page
    await expect(page.getByRole('heading', { name: 'PAGE NOT FOUND!' })).toBeVisible();
    const image = page.getByRole('main').getByRole('img');
    await expect(image.first()).toBeVisible();
    expect(
      await image.first().evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);
  });

  test('an unknown API path answers a JSON 404, not the page', async ({ request }) => {
    const response = await request.get(`${API_PREFIX}/no-such-thing`);
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ statusCode: 404 });
  });

  test('at 375 px wide a collapsible menu holds the links', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    const nav = page.getByRole('banner');
    await expect(nav.getByRole('link', { name: 'Blog', exact: true })).toBeHidden();

    await nav.getByRole('button', { name: /menu/i }).click();
    const blog = page.getByRole('link', { name: 'Blog', exact: true });
    await expect(blog).toBeVisible();
    for (const name of ['Home', 'Products', 'My Portfolio', 'Login', 'Signup']) {
      await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible();
    }
    await blog.click();
    await expect(page).toHaveURL('/blog');
    await expect(page.getByRole('link', { name: 'Blog', exact: true })).toBeHidden();

    // Nothing overflows sideways on a phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('static pages have their content: blog answers five questions, portfolio has three projects', async ({
    page,
  }) => {
    await page.goto('/blog');
    for (const topic of [
      /unit test/i,
      /state/i,
      /directly/i,
      /prototypal inheritance/i,
      /performance/i,
    ]) {
      await expect(
        page.getByRole('main').getByRole('heading', { name: topic }).first(),
      ).toBeVisible();
    }
    await page.goto('/myportfolio');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main).toContainText(/education/i);
    await expect(main).toContainText(/skills/i);
    const projectLinks = main.locator('a[href^="https://"]');
    expect(await projectLinks.count()).toBeGreaterThanOrEqual(3);
  });
});
