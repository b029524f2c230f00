import { HOME_PRODUCT_COUNT } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct, makeReview, testConfig } from '../../test/factories';
import { answer, handle, mockApi, routes, unreachable } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

const products = Array.from({ length: 9 }, (_, i) => makeProduct(i + 1));
const reviews = [makeReview(1), makeReview(2), makeReview(3), makeReview(4)];

function mockShop() {
  return mockApi([
    answer(routes.settings.config, 200, testConfig),
    answer(routes.catalog.list, 200, products),
    answer(routes.reviews.list, 200, reviews),
  ]);
}

describe('Home page', () => {
  it('shows the sections in SPEC order, then the footer', async () => {
    mockShop();
    renderApp('/');

    const hero = await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(hero).toHaveTextContent('TestParts'));
    const main = screen.getByRole('main');
    const names = within(main)
      .getAllByRole('region')
      .map(
        (region) =>
          document.getElementById(region.getAttribute('aria-labelledby') ?? '')?.textContent,
      );
    expect(names).toEqual([
      hero.textContent,
      'Products That We Manufacture',
      'Business Summary',
      'Customer Reviews',
      'Want To Get Updates',
      'Frequently Asked Questions',
    ]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Products That We Manufacture',
      'Business Summary',
      'Customer Reviews',
      'Want To Get Updates',
      'Frequently Asked Questions',
    ]);
    const footer = screen.getByRole('contentinfo');
    expect(main.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the first six of the products as cards', async () => {
    mockShop();
    renderApp('/');

    const section = await screen.findByRole('region', { name: 'Products That We Manufacture' });
    await within(section).findByRole('heading', { name: 'Part 1' });
    const cards = within(section).getAllByRole('article');
    expect(cards).toHaveLength(HOME_PRODUCT_COUNT);
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(
      products.slice(0, HOME_PRODUCT_COUNT).map((p) => p.name),
    );
    expect(within(section).queryByText('Part 7')).not.toBeInTheDocument();
  });

  it('shows the reviews newest first', async () => {
    mockShop();
    renderApp('/');

    const section = await screen.findByRole('region', { name: 'Customer Reviews' });
    await within(section).findByRole('heading', { name: 'Reviewer 4' });
    const names = within(section)
      .getAllByRole('article')
      .map((card) => within(card).getByRole('heading').textContent);
    expect(names).toEqual(['Reviewer 4', 'Reviewer 3', 'Reviewer 2', 'Reviewer 1']);
  });

  it('shows the three business figures and three FAQ items', async () => {
    mockShop();
    renderApp('/');

    const summary = await screen.findByRole('region', { name: 'Business Summary' });
    expect(summary).toHaveTextContent('100K+');
    expect(summary).toHaveTextContent('120M+');
    expect(summary).toHaveTextContent('75K+');
    const faq = screen.getByRole('region', { name: 'Frequently Asked Questions' });
    // Each question is a closed <details>: the browser opens it, with no script.
    const questions = faq.querySelectorAll('details');
    expect(questions).toHaveLength(3);
    for (const question of questions) expect(question).not.toHaveAttribute('open');
  });

  it('links Order Now to the products section', async () => {
    mockShop();
    renderApp('/');

    // An in-page link: the browser scrolls (smoothly, unless less motion is asked for).
    const orderNow = await screen.findByRole('link', { name: 'Order Now' });
    const products = screen.getByRole('region', { name: 'Products That We Manufacture' });
    expect(orderNow).toHaveAttribute('href', `#${products.id}`);
  });

  it('shows an error with a retry button when the API cannot be reached, and recovers', async () => {
    let online = false;
    mockApi([
      answer(routes.settings.config, 200, testConfig),
      handle(routes.catalog.list, () => (online ? { status: 200, body: products } : unreachable())),
      answer(routes.reviews.list, 200, reviews),
    ]);
    const { user } = renderApp('/');

    const section = await screen.findByRole('region', { name: 'Products That We Manufacture' });
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('We could not load our products.');
    expect(alert).toHaveTextContent('cannot be reached');

    online = true;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findAllByRole('article')).toHaveLength(HOME_PRODUCT_COUNT);
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows skeletons while the products load', async () => {
    mockApi([
      answer(routes.settings.config, 200, testConfig),
      handle(routes.catalog.list, () => new Promise(() => {})),
      handle(routes.reviews.list, () => new Promise(() => {})),
    ]);
    renderApp('/');

    const section = await screen.findByRole('region', { name: 'Products That We Manufacture' });
    // The skeleton cards, in a grid that says it is busy.
    const busy = section.querySelector('[aria-busy="true"]');
    expect(busy).not.toBeNull();
    expect(busy!.children.length).toBe(HOME_PRODUCT_COUNT);
    expect(within(section).queryByRole('article')).not.toBeInTheDocument();
  });
});
