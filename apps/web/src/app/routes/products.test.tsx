import { HOME_PRODUCT_COUNT } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
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

  it('starts loading the product as a pointer or the focus reaches Buy Now, and reads it once', async () => {
    // "Once" holds for PRODUCT_FRESH_MS of the clock; a loaded machine must not run it out.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { callsTo } = mockShop();
    const { user } = renderApp('/products');
    const [first] = products;

    const card = await screen.findByRole('article', { name: first!.name });
    await user.hover(within(card).getByRole('link', { name: 'Buy Now' }));
    await waitFor(() =>
      expect(callsTo(routes.catalog.get).map((call) => call.params)).toEqual([{ id: first!._id }]),
    );
    await user.tab();
    expect(callsTo(routes.catalog.get)).toHaveLength(1);
  });
});
