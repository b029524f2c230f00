import { HOME_PRODUCT_COUNT } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/factories';
import { answer, handle, mockApi, routes, unreachable } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { ProductGrid } from './product-grid';
import { ALL_PRODUCTS_PATH, ProductsSection } from './products-section';

const products = Array.from({ length: 9 }, (_, i) => makeProduct(i + 1));

describe('ProductsSection', () => {
  it('shows the first six products, the first row loaded eagerly, and links to all of them', async () => {
    mockApi([answer(routes.catalog.list, 200, products)]);
    renderWithProviders(<ProductsSection />);

    const section = screen.getByRole('region', { name: 'Products That We Manufacture' });
    const cards = await within(section).findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(
      products.slice(0, HOME_PRODUCT_COUNT).map((product) => product.name),
    );
    expect(cards.map((card) => within(card).getByRole('img').getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
      'lazy',
    ]);
    expect(within(section).getByRole('link', { name: 'View all products' })).toHaveAttribute(
      'href',
      ALL_PRODUCTS_PATH,
    );
  });
});

describe('ProductGrid', () => {
  it('shows every product without a limit', async () => {
    mockApi([answer(routes.catalog.list, 200, products)]);
    renderWithProviders(<ProductGrid />);
    expect(await screen.findAllByRole('article')).toHaveLength(products.length);
  });

  it('holds the room with one skeleton card per product to come', () => {
    mockApi([handle(routes.catalog.list, () => new Promise(() => {}))]);
    const { container } = renderWithProviders(<ProductGrid limit={4} />);
    expect(container.querySelector('[aria-busy="true"]')?.children).toHaveLength(4);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('says when the products cannot be loaded, and Retry loads them', async () => {
    let online = false;
    mockApi([
      handle(routes.catalog.list, () => (online ? { status: 200, body: products } : unreachable())),
    ]);
    const { user } = renderWithProviders(<ProductGrid limit={HOME_PRODUCT_COUNT} />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load our products.');
    online = true;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('article')).toHaveLength(HOME_PRODUCT_COUNT);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the catalogue is empty', async () => {
    mockApi([answer(routes.catalog.list, 200, [])]);
    renderWithProviders(<ProductGrid />);
    expect(
      await screen.findByText('Our catalogue is being updated. Please check back soon.'),
    ).toBeInTheDocument();
  });
});
