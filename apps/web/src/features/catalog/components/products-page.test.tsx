import { HOME_PRODUCT_COUNT } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct, testConfig } from '../../../test/factories';
import { answer, mockApi, routes } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const products = Array.from({ length: HOME_PRODUCT_COUNT + 3 }, (_, i) => makeProduct(i + 1));

function mockShop() {
  mockApi([
    answer(routes.settings.config, 200, testConfig),
    answer(routes.catalog.list, 200, products),
    answer(routes.reviews.list, 200, []),
  ]);
}

describe('All products', () => {
  it('links the home products section to /products', async () => {
    mockShop();
    const { user, router } = renderApp('/');

    const section = await screen.findByRole('region', { name: 'Products That We Manufacture' });
    expect(await within(section).findAllByRole('article')).toHaveLength(HOME_PRODUCT_COUNT);
    await user.click(within(section).getByRole('link', { name: 'View all products' }));

    expect(router.state.location.pathname).toBe('/products');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'All Products' }),
    ).toBeInTheDocument();
  });

  it('shows every product in the order of GET /items, with the same cards', async () => {
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
