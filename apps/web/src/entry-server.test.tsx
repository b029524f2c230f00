import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DOCUMENT_BOOT_SCRIPT,
  DOCUMENT_PAGES,
  DOCUMENT_SCRIPTS_ID,
  PRODUCT_PAGE,
  PURCHASE_PAGE,
  type DocumentData,
  type DocumentPage,
} from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createDocumentRenderer } from './entry-server';
import { makeProduct, makeReview, testConfig } from './test/factories';

// The content pages the server renders as documents (docs/decisions/015), rendered here the way
// the API renders them: complete with their text and data, styled by the inline stylesheet
// alone (no style computed at run time, nor any style attribute), and with no
// island of their own: only the frame's, which show who is signed in.

const template = readFileSync(join(import.meta.dirname, '../document.html'), 'utf8');
const CSS = '.marker-of-the-inline-styles{}';
const renderDocument = createDocumentRenderer(template, CSS);

const products = Array.from({ length: 9 }, (_, i) => makeProduct(i + 1));
const data: DocumentData = {
  config: testConfig,
  products,
  productPage: {
    items: products,
    total: 30,
    page: 1,
    limit: 9,
    categories: [
      { category: 'other', count: 21 },
      { category: 'storage', count: 9 },
    ],
  },
  reviews: [makeReview(1)],
};

/** The rendered document, parsed as the browser parses it (with scripts off). */
function render(path: DocumentPage, pageData: DocumentData = data, url?: string) {
  const html = renderDocument(path, pageData, url);
  return { html, document: new DOMParser().parseFromString(html, 'text/html') };
}

const texts = (elements: Iterable<Element>) => [...elements].map((e) => e.textContent?.trim());

// The Content-Security-Policy allows the one inline stylesheet by its hash and no other inline
// style (apps/api/src/http/security.ts): a style attribute or a second <style> would be dropped.
describe.each(DOCUMENT_PAGES)('the server render of %s', (path) => {
  it('carries no inline style but its stylesheet: no style attribute, no other <style>', () => {
    const product = products[0]!;
    const { document } = render(
      path,
      path === PRODUCT_PAGE ? { ...data, product } : data,
      path.replace(':id', product._id),
    );
    expect(texts(document.querySelectorAll('style'))).toEqual([CSS]);
    expect([...document.querySelectorAll('[style]')].map((element) => element.outerHTML)).toEqual(
      [],
    );
  });

  // The scripts are asked for after the first paint (DOCUMENT_BOOT_SCRIPT); the one inline script
  // is the boot script, which the Content-Security-Policy allows by its hash.
  it('asks for its scripts after its first paint, through the boot script alone', () => {
    const { document } = render(path, data, path.replace(':id', products[0]!._id));
    const scripts = [...document.querySelectorAll('script')];
    expect(scripts.filter((script) => script.src)).toEqual([]);
    expect(document.querySelector('link[rel="modulepreload"]')).toBeNull();
    const runs = scripts.filter((script) => !script.type || script.type === 'text/javascript');
    expect(runs.map((script) => script.textContent)).toEqual([DOCUMENT_BOOT_SCRIPT]);
    const list = JSON.parse(document.getElementById(DOCUMENT_SCRIPTS_ID)?.textContent ?? '{}');
    expect(list).toEqual({ entry: '/src/app/islands.tsx', preload: [] });
  });
});

describe('the server render of /purchase/:id for a signed-in visitor', () => {
  it('draws the product, the unverified-address banner and the order room: no style attribute, no part left for the browser', () => {
    const product = products[0]!;
    const visitor = {
      email: 'new.buyer@example.com',
      displayName: 'NEW BUYER',
      emailVerified: false,
      isAdmin: false,
    };
    const { html, document } = render(
      PURCHASE_PAGE,
      { ...data, product, visitor },
      `/purchase/${product._id}`,
    );
    expect(document.querySelector('main h2')?.textContent).toBe(product.name);
    expect(document.querySelector(`img[alt="${product.name}"]`)).not.toBeNull();
    expect(document.body.textContent).not.toContain('Loading...');
    expect(document.querySelector('[aria-label="Email verification"]')?.textContent).toContain(
      visitor.email,
    );
    expect([...document.querySelectorAll('[style]')].map((element) => element.outerHTML)).toEqual(
      [],
    );
    // A Suspense boundary the server could not finish (`<!--$!-->`) is drawn again by the
    // browser, which logs it as an error and moves the page.
    expect(html).not.toContain('<!--$!-->');
    expect(JSON.parse(document.getElementById('page-data')?.textContent ?? '{}')).toMatchObject({
      visitor,
      purchaseProduct: { _id: product._id },
    });
  });
});

describe('the boot script', () => {
  it("lists the build's module script and every module it preloads", () => {
    const built = template
      .replace('<script type="module" src="/src/app/islands.tsx"></script>', '')
      .replace(
        '</head>',
        '<script type="module" crossorigin src="/assets/document-1.js"></script>\n' +
          '<link rel="modulepreload" crossorigin href="/assets/react-1.js">\n' +
          '<link rel="modulepreload" crossorigin href="/assets/money-1.js">\n</head>',
      );
    const html = createDocumentRenderer(built, CSS)('/', data);
    const document = new DOMParser().parseFromString(html, 'text/html');
    expect(document.head.querySelector('script, link[rel="modulepreload"]')).toBeNull();
    expect(JSON.parse(document.getElementById(DOCUMENT_SCRIPTS_ID)?.textContent ?? '{}')).toEqual({
      entry: '/assets/document-1.js',
      preload: ['/assets/react-1.js', '/assets/money-1.js'],
    });
  });
});

describe.each([
  ['/products', 'All Products', 'All Products | TestParts'],
  ['/blog', 'Blog', 'Blog | TestParts'],
  ['/myportfolio', 'My Portfolio', 'My Portfolio | TestParts'],
  ['/about', 'About TestParts', 'About TestParts | TestParts'],
] as const)('the server render of %s', (path, heading, title) => {
  it('has its heading and title, and its styles inline in the head', () => {
    const { document } = render(path);
    expect(texts(document.querySelectorAll('main h1'))).toEqual([heading]);
    expect(document.title).toBe(title);
    expect(document.head.querySelector('style')?.textContent).toBe(CSS);
    expect(document.querySelector('link[rel="stylesheet"]')).toBeNull();
  });

  it('carries no style of a run-time styling library', () => {
    const { html, document } = render(path);
    expect(document.querySelectorAll('style')).toHaveLength(1);
    expect(html).not.toMatch(/data-emotion|\bMui[A-Z]|class="css-/);
  });

  it('hydrates no more than the frame, and on /products its search', () => {
    const { document } = render(path);
    const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
    expect(
      islands.filter((island) => !island.closest('main')).map((island) => island.dataset.island),
    ).toEqual(['navbar', 'verify-email-notice']);
    // /products' search is one island (its cards inside it); the other pages have none.
    const inMain = [...document.querySelectorAll<HTMLElement>('main [data-island]')];
    expect(inMain.map((island) => island.dataset.island)).toEqual(
      path === '/products' ? ['product-search'] : [],
    );
  });
});

describe('the server render of the content pages', () => {
  it('/products shows the first page of the search as cards, linking to each product', () => {
    const { document } = render('/products');
    const cards = [...document.querySelectorAll('main article')];
    expect(texts(cards.map((card) => card.querySelector('h3')!))).toEqual(
      products.map((product) => product.name),
    );
    expect(cards.map((card) => card.querySelector('h3 a')?.getAttribute('href'))).toEqual(
      products.map((product) => `/products/${product._id}`),
    );
    expect(
      cards.map((card) => card.querySelector('a[href^="/purchase/"]')?.getAttribute('href')),
    ).toEqual(products.map((product) => `/purchase/${product._id}`));
    // The categories with their counts, the search box, and the pages.
    const categories = document.querySelector('nav[aria-label="Categories"]');
    expect(texts(categories!.querySelectorAll('a'))).toEqual([
      'All categories (30)',
      'Other (21)',
      'Storage (9)',
    ]);
    expect(document.querySelector('main form[role="search"] input[name="q"]')).not.toBeNull();
    expect(document.querySelector('a[rel="next"]')?.getAttribute('href')).toBe('/products?page=2');
    // The island carries the page it was rendered with, so it hydrates to the same markup.
    const island = document.querySelector<HTMLElement>('[data-island="product-search"]')!;
    expect(JSON.parse(island.dataset.props!)).toEqual({ initialPage: data.productPage });
  });

  it('/blog shows its five questions, each an article named by its heading', () => {
    const { document } = render('/blog');
    const articles = [...document.querySelectorAll('main article')];
    expect(articles).toHaveLength(5);
    for (const article of articles) {
      const heading = document.getElementById(article.getAttribute('aria-labelledby')!);
      expect(heading?.tagName).toBe('H2');
      expect(article.contains(heading)).toBe(true);
    }
    expect(document.querySelector('main')?.textContent).toContain('prototypal inheritance');
  });

  it('/myportfolio shows the contact, education, skills and projects, projects opening apart', () => {
    const { document } = render('/myportfolio');
    const sections = [...document.querySelectorAll('main section')];
    expect(sections.map((section) => section.getAttribute('aria-label'))).toEqual([
      'Contact',
      'Education',
      'Skills',
      'Projects',
    ]);
    expect(texts(document.querySelectorAll('main h2'))).toEqual([
      'Contact',
      'Education',
      'Skills',
      'Projects',
    ]);
    expect(document.querySelector('main a[href^="mailto:"]')).not.toBeNull();
    expect(sections[2]!.querySelectorAll('li').length).toBeGreaterThan(10);
    const projects = [...sections[3]!.querySelectorAll('a')];
    expect(projects).toHaveLength(3);
    for (const link of projects) {
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('/about shows the shop name and its three pillars, the icons hidden from assistive tech', () => {
    const { document } = render('/about');
    const pillars = [...document.querySelectorAll('main section')];
    expect(pillars.map((pillar) => pillar.getAttribute('aria-label'))).toEqual([
      'Our factories',
      'Quality',
      'Bulk ordering',
    ]);
    for (const pillar of pillars)
      expect(pillar.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(document.querySelector('main')?.textContent).toContain('TestParts designs');
  });
});

describe('the server render of a product page', () => {
  const product = makeProduct(7, {
    name: 'Fast SSD 2TB',
    description: `A fast drive for business desktops. ${'It is reliable. '.repeat(30)}The end.`,
    sku: 'SSD-2TB',
    category: 'storage',
    increment: 10,
    minimum: 20,
    maximum: 500,
    price: 12,
    priceTiers: [
      { minQuantity: 100, price: 10 },
      { minQuantity: 300, price: 9 },
    ],
    specs: [{ label: 'Capacity', value: '2 TB' }],
  });

  it('has the product in its title, its description in the meta, and its whole text', () => {
    const { document, html } = render(
      '/products/:id',
      { ...data, product },
      `/products/${product._id}`,
    );
    expect(document.title).toBe('Fast SSD 2TB | TestParts');
    const meta = document.head.querySelectorAll('meta[name="description"]');
    expect(meta).toHaveLength(1);
    expect(meta[0]!.getAttribute('content')).toMatch(/^A fast drive for business desktops\. It is/);
    expect(meta[0]!.getAttribute('content')!.length).toBeLessThanOrEqual(158);
    expect(document.body.querySelector('meta')).toBeNull();
    const main = document.querySelector('main')!;
    expect(main.querySelector('h1')?.textContent).toBe('Fast SSD 2TB');
    // The whole description, not its preview.
    expect(main.textContent).toContain('The end.');
    expect(main.textContent).toContain('Part number SSD-2TB');
    expect(main.textContent).toContain('Category Storage');
    expect(main.textContent).toContain(
      'Packs of 10, Minimum 20 pieces, at most 500 pieces per order',
    );
    expect(texts(main.querySelectorAll('[data-testid="specs"] tr'))).toEqual(['Capacity2 TB']);
    const tiers = [...main.querySelectorAll('[data-testid="price-tiers"] tbody tr')].map((row) =>
      texts(row.querySelectorAll('td')),
    );
    expect(tiers).toEqual([
      ['20–99 (list price)', '$12', '—'],
      ['100–299', '$10', '$2 a piece'],
      ['300+', '$9', '$3 a piece'],
    ]);
    // The order box is the page's one island, with the product as its props.
    const islands = [...document.querySelectorAll<HTMLElement>('main [data-island]')];
    expect(islands.map((island) => island.dataset.island)).toEqual(['product-order']);
    expect(JSON.parse(islands[0]!.dataset.props!)).toEqual({ product });
    expect(main.querySelector('[data-testid="next-break"]')?.textContent).toBe(
      'Order 80 more for $10 a piece',
    );
    expect(html).not.toMatch(/data-emotion|\bMui[A-Z]|class="css-/);
  });

  it('renders the not-found page without a product', () => {
    const { document } = render('/products/:id', data, '/products/unknown');
    expect(document.querySelector('main h1')?.textContent).toBe('PAGE NOT FOUND!');
    expect(document.title).toBe('PAGE NOT FOUND! | TestParts');
    expect(document.querySelector('main a[href="/products"]')).not.toBeNull();
  });

  it('keeps the shop description on the other pages', () => {
    const { document } = render('/about');
    expect(
      document.head.querySelector('meta[name="description"]')?.getAttribute('content'),
    ).toMatch(/^PartsWorks manufactures computer parts/);
  });
});
