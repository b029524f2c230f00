import { HOME_PRODUCT_COUNT } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct, testConfig } from '../../test/factories';
import { answer, mockApi, routes } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

const products = Array.from({ length: HOME_PRODUCT_COUNT + 3 }, (_, i) => makeProduct(i + 1));

function mockShop() {
  return mockApi([
    answer(routes.settings.config, 200, testConfig),
    answer(routes.catalog.list, 200, products),
    answer(routes.reviews.list, 200, []),
  ]);
}

describe('All products', () => {
  it('is where the home products section links to', async () => {
    mockShop();
    renderApp('/');

    const section = await screen.findByRole('region', { name: 'Products That We Manufacture' });
    expect(await within(section).findAllByRole('article')).toHaveLength(HOME_PRODUCT_COUNT);
    // A document the server renders (docs/decisions/015): the browser loads it, not the app.
    expect(within(section).getByRole('link', { name: 'View all products' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('shows every product in catalogue order, with the same cards', async () => {
    mockShop();
    renderApp('/products');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'All Products' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('All Products | TestParts'));
    await screen.findByRole('heading', { name: 'Part 1' });
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(products.length);
    expect(within(cards.at(-1)!).getByRole('heading')).toHaveTextContent(`Part ${products.length}`);
    expect(within(cards.at(-1)!).getByRole('link', { name: 'Buy Now' })).toHaveAttribute(
      'href',
      `/purchase/${products.at(-1)!._id}`,
    );
  });
});
