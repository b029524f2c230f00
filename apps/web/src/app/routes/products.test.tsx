import { HOME_PRODUCT_COUNT, type ProductPage } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductSearch } from '../../features/catalog/components/product-search';
import { makeProduct, testConfig } from '../../test/factories';
import { answer, handle, mockApi, routes } from '../../test/fetch-mock';
import { renderApp, renderWithProviders } from '../../test/render';

const products = Array.from({ length: HOME_PRODUCT_COUNT + 3 }, (_, i) =>
  makeProduct(i + 1, i === 0 ? { priceTiers: [{ minQuantity: 100, price: 9 }] } : {}),
);

const categories = [
  { category: 'storage', count: 4 },
  { category: 'other', count: 5 },
];

/**
 * GET /products as the server answers it, filtered by `q` and `category` over `products`;
 * `answered`, when given, holds each answer until it resolves.
 */
function searchMock(answered?: () => Promise<void>) {
  return handle(routes.catalog.search, async ({ query }) => {
    await answered?.();
    const words = (query.q ?? '').toLowerCase();
    const items = products.filter(
      (product, index) =>
        product.name.toLowerCase().includes(words) &&
        (!query.category || (query.category === 'storage') === index < 4),
    );
    const page = Number(query.page ?? '1');
    const limit = 4;
    const body: ProductPage = {
      items: items.slice((page - 1) * limit, page * limit),
      total: items.length,
      page,
      limit,
      categories,
    };
    return { status: 200, body };
  });
}

function mockShop(answered?: () => Promise<void>) {
  return mockApi([
    answer(routes.settings.config, 200, testConfig),
    answer(routes.catalog.list, 200, products),
    answer(routes.reviews.list, 200, []),
    searchMock(answered),
  ]);
}

afterEach(() => window.history.replaceState(null, '', '/'));

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
    // Each card's name links to its product page; one with volume prices says from what.
    const first = within(section).getAllByRole('article')[0]!;
    expect(within(first).getByRole('link', { name: 'Part 1' })).toHaveAttribute(
      'href',
      `/products/${products[0]!._id}`,
    );
    expect(first).toHaveTextContent('Volume price: from $9 at 100+');
  });

  it('shows the first page of the search with the categories and their counts', async () => {
    mockShop();
    renderApp('/products');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'All Products' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('All Products | TestParts'));
    await screen.findByRole('heading', { name: 'Part 1' });
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(screen.getByTestId('result-count')).toHaveTextContent(`${products.length} products`);
    const nav = screen.getByRole('navigation', { name: 'Categories' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['All categories (9)', 'Storage (4)', 'Other (5)']);
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      '/products?page=2',
    );
  });
});

describe('the search of /products keeps its state in the address', () => {
  it('reads the address: a shared link shows its search', async () => {
    const { callsTo } = mockShop();
    window.history.replaceState(null, '', '/products?q=part%201&category=storage');
    renderWithProviders(<ProductSearch />, { path: '/products' });

    expect(await screen.findByRole('heading', { name: 'Part 1' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('part 1');
    expect(screen.getByRole('link', { name: 'Storage (4)' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(callsTo(routes.catalog.search).at(-1)!.query).toEqual({
      q: 'part 1',
      category: 'storage',
    });
  });

  it('writes every change into the address, and Back returns to the previous search', async () => {
    const { callsTo } = mockShop();
    window.history.replaceState(null, '', '/products');
    const { user } = renderWithProviders(<ProductSearch />, { path: '/products' });
    await screen.findByRole('heading', { name: 'Part 1' });

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'Part 3');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(window.location.search).toBe('?q=Part+3'));
    expect(await screen.findByTestId('result-count')).toHaveTextContent('1 product for "Part 3"');
    expect(screen.getAllByRole('article')).toHaveLength(1);

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Sort by' }),
      'Price: high to low',
    );
    await waitFor(() => expect(window.location.search).toBe('?q=Part+3&sort=-price'));
    expect(callsTo(routes.catalog.search).at(-1)!.query).toEqual({ q: 'Part 3', sort: '-price' });

    await user.click(screen.getByRole('link', { name: 'Storage (4)' }));
    await waitFor(() =>
      expect(window.location.search).toBe('?q=Part+3&category=storage&sort=-price'),
    );

    window.history.back();
    await waitFor(() => expect(window.location.search).toBe('?q=Part+3&sort=-price'));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /^All categories/ })).toHaveAttribute(
        'aria-current',
        'true',
      ),
    );
  });

  it('searches from the navbar in place on /products, the results on screen kept until the new ones come', async () => {
    let gate: Promise<void> = Promise.resolve();
    let release: () => void = () => undefined;
    mockShop(() => gate);
    window.history.replaceState(null, '', '/products');
    const { user } = renderApp('/products');
    await screen.findByRole('heading', { name: 'Part 1' });

    gate = new Promise<void>((resolve) => (release = resolve));
    const navbarSearch = within(screen.getByRole('banner')).getByRole('searchbox', {
      name: 'Search products',
    });
    await user.type(navbarSearch, 'Part 3{enter}');

    // No page load: the address changes, and the page shows what it showed, marked as searching.
    await waitFor(() => expect(window.location.search).toBe('?q=Part+3'));
    expect(await screen.findByTestId('result-count')).toHaveTextContent('Searching...');
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(navbarSearch).toHaveValue('');

    release();
    await waitFor(() =>
      expect(screen.getByTestId('result-count')).toHaveTextContent('1 product for "Part 3"'),
    );
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('pages through the results', async () => {
    mockShop();
    window.history.replaceState(null, '', '/products');
    const { user } = renderWithProviders(<ProductSearch />, { path: '/products' });
    await screen.findByRole('heading', { name: 'Part 1' });

    await user.click(screen.getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    expect(await screen.findByRole('heading', { name: 'Part 5' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('says clearly when nothing matches', async () => {
    mockShop();
    window.history.replaceState(null, '', '/products?q=flux%20capacitor');
    renderWithProviders(<ProductSearch />, { path: '/products' });

    expect(await screen.findByTestId('no-results')).toHaveTextContent(
      'No products match "flux capacitor".',
    );
    expect(screen.getByRole('link', { name: 'see all products' })).toHaveAttribute(
      'href',
      '/products',
    );
  });
});
