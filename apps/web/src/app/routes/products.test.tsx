import { HOME_PRODUCT_COUNT } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct, testConfig } from '../../test/factories';
import { answer, handle, mockApi, routes } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

const products = Array.from({ length: HOME_PRODUCT_COUNT + 3 }, (_, i) => makeProduct(i + 1));

function mockShop() {
  return mockApi([
    answer(routes.settings.config, 200, testConfig),
    answer(routes.catalog.list, 200, products),
    answer(routes.reviews.list, 200, []),
    handle(routes.catalog.get, ({ params }) => {
      const product = products.find((p) => p._id === params.id);
      return product
        ? { status: 200, body: product }
        : { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'No product.' } };
    }),
  ]);
}

describe('All products', () => {
  it('shows every product in catalogue order, with the same cards', async () => {
    mockShop();
    renderApp('/products');

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
