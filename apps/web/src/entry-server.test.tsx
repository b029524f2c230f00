import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DocumentData, DocumentPage } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createDocumentRenderer } from './entry-server';
import { makeProduct, makeReview, testConfig } from './test/factories';

// The content pages the server renders as documents (docs/decisions/015), rendered here the way
// the API renders them: complete with their text and data, styled by the inline stylesheet
// alone (no style computed by MUI's emotion, which has no theme on the server), and with no
// island of their own: only the frame's, which show who is signed in.

const template = readFileSync(join(import.meta.dirname, '../document.html'), 'utf8');
const CSS = '.marker-of-the-inline-styles{}';
const renderDocument = createDocumentRenderer(template, CSS);

const data: DocumentData = {
  config: testConfig,
  products: Array.from({ length: 9 }, (_, i) => makeProduct(i + 1)),
  reviews: [makeReview(1)],
};

/** The rendered document, parsed as the browser parses it (with scripts off). */
function render(path: DocumentPage) {
  const html = renderDocument(path, data);
  return { html, document: new DOMParser().parseFromString(html, 'text/html') };
}

const texts = (elements: Iterable<Element>) => [...elements].map((e) => e.textContent?.trim());

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

  it('hydrates no more than its Add to cart buttons, each as it comes near', () => {
    const { document } = render(path);
    const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
    expect(
      islands.filter((island) => !island.closest('main')).map((island) => island.dataset.island),
    ).toEqual(['navbar', 'verify-email-notice']);
    // The catalogue's cards each carry one Add to cart island; the other pages none.
    const inMain = [...document.querySelectorAll<HTMLElement>('main [data-island]')];
    const cards = path === '/products' ? data.products.length : 0;
    expect(inMain).toHaveLength(cards);
    for (const island of inMain) {
      expect(island.dataset.island).toBe('add-to-cart');
      expect(island.dataset.hydrate).toBe('visible');
    }
  });
});

describe('the server render of the content pages', () => {
  it('/products shows every product of the catalogue as a card with a Buy Now link', () => {
    const { document } = render('/products');
    const cards = [...document.querySelectorAll('main article')];
    expect(texts(cards.map((card) => card.querySelector('h3')!))).toEqual(
      data.products.map((product) => product.name),
    );
    expect(cards.map((card) => card.querySelector('a')?.getAttribute('href'))).toEqual(
      data.products.map((product) => `/purchase/${product._id}`),
    );
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
