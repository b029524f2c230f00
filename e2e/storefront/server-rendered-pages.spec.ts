import { expect, test, type Page } from '@playwright/test';
import { api, expectStatus } from '@shop/shared';
import { getProducts, shopApi } from '../support/api';
import { expectOnlyTheBootScript } from '../support/documents';

// The catalogue and the content pages are rendered by the server as documents and hydrate only
// the frame's islands, the navbar and the verify-email banner, and on the catalogue its search
// (docs/decisions/015). These tests
// fail if a page loses its content or its styles with JavaScript off, if it brings a stylesheet
// that blocks the first paint or a style computed at run time (MUI's emotion), if an island of
// its own appears, or if the navbar stops hydrating on it.

const SHOP = 'PartsWorks';

type Check = (page: Page, request: Parameters<typeof getProducts>[0]) => Promise<void>;

const PAGES: {
  path: string;
  heading: string;
  title: string;
  content: Check;
  /** The page's own islands, in its content. */
  islands?: string[];
}[] = [
  {
    path: '/products',
    heading: 'All Products',
    title: `All Products | ${SHOP}`,
    islands: ['product-search'],
    async content(page, request) {
      // The first page of the catalogue's search, as GET /products answers it.
      const { items: products } = expectStatus(
        await shopApi(request).call(api.catalog.search, { query: {} }),
        200,
      );
      const cards = page.getByTestId('product-card');
      await expect(cards).toHaveCount(products.length);
      for (const [index, product] of products.entries()) {
        const card = cards.nth(index);
        await expect(card.getByRole('heading', { name: product.name })).toBeVisible();
        await expect(card.getByRole('link', { name: 'Buy Now' })).toHaveAttribute(
          'href',
          `/purchase/${product._id}`,
        );
      }
    },
  },
  {
    path: '/blog',
    heading: 'Blog',
    title: `Blog | ${SHOP}`,
    async content(page) {
      const posts = page.getByRole('main').getByRole('article');
      await expect(posts).toHaveCount(5);
      await expect(
        page.getByRole('article', { name: 'How does prototypal inheritance work in JavaScript?' }),
      ).toContainText('Object.getPrototypeOf(obj)');
    },
  },
  {
    path: '/myportfolio',
    heading: 'My Portfolio',
    title: `My Portfolio | ${SHOP}`,
    async content(page) {
      const main = page.getByRole('main');
      for (const name of ['Contact', 'Education', 'Skills', 'Projects'])
        await expect(main.getByRole('region', { name })).toBeVisible();
      await expect(main.getByRole('link', { name: 'maya.lindqvist@example.com' })).toHaveAttribute(
        'href',
        'mailto:maya.lindqvist@example.com',
      );
      await expect(
        main.getByRole('region', { name: 'Skills' }).getByRole('listitem'),
      ).not.toHaveCount(0);
      const projects = main.getByRole('region', { name: 'Projects' }).getByRole('link');
      await expect(projects).toHaveCount(3);
      for (const link of await projects.all())
        await expect(link).toHaveAttribute('href', /^https:\/\//);
    },
  },
  {
    path: '/about',
    heading: `About ${SHOP}`,
    title: `About ${SHOP} | ${SHOP}`,
    async content(page) {
      const main = page.getByRole('main');
      await expect(main).toContainText(`${SHOP} designs and manufactures computer parts`);
      for (const name of ['Our factories', 'Quality', 'Bulk ordering'])
        await expect(
          main.getByRole('region', { name }).getByRole('heading', { level: 2, name }),
        ).toBeVisible();
    },
  },
];

for (const { path, heading, title, content, islands: own = [] } of PAGES) {
  test.describe(`${path} rendered by the server`, () => {
    test('arrives as HTML with its title and its styles inline, and no inline script but the boot script', async ({
      request,
    }) => {
      const response = await request.get(path, { headers: { accept: 'text/html' } });
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<title>${title}</title>`);
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root).toContain(`>${heading}</h1>`);
      // Styled at once: the styles are inline in the head, no stylesheet blocks the first paint,
      // and none is computed by a styling library (emotion's tags carry data-emotion).
      expect(html).toMatch(/<head>[\s\S]*<style>[\s\S]+<\/style>[\s\S]*<\/head>/);
      expect(html).not.toMatch(/<link rel="stylesheet"/);
      expect(html).not.toContain('data-emotion');
      // No inline script but the boot script, and data that never runs.
      expectOnlyTheBootScript(html);
    });

    test('shows its heading and content, styled, with JavaScript turned off', async ({
      browser,
      request,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      const h1 = page.getByRole('heading', { level: 1, name: heading });
      await expect(h1).toBeVisible();
      // The page's own CSS reached it: the browser's h1 is bold (700), the shop's heavier.
      await expect(h1).toHaveCSS('font-weight', '800');
      await content(page, request);
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }),
      ).toBeVisible();
      await context.close();
    });

    test('hydrates the navbar and nothing of its own, with no style computed at run time', async ({
      page,
    }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(path);
      await expect(page.locator('[data-island="navbar"][data-hydrated]')).toBeAttached();
      // Login shows once the navbar island has asked for the session: it is live, not painted.
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const islands = await page
        .locator('[data-island]')
        .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-island')));
      expect(islands).toEqual(['navbar', 'verify-email-notice', ...own]);
      // /products' search is one island, its cards (and their Add to cart) inside it.
      for (const name of own)
        await expect(page.locator(`[data-island="${name}"][data-hydrated]`)).toBeAttached();
      // Whatever the page loads once it is live, no styling library inserts styles at run time.
      await page.waitForLoadState('networkidle');
      await expect(page.locator('style[data-emotion]')).toHaveCount(0);
      expect(problems).toEqual([]);
    });
  });
}
