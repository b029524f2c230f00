import { messages, type Product, type ProductPage } from '@shop/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { editProductPath } from '../../features/admin-catalog/paths';
import { PRODUCT_DELETED } from '../../features/admin-catalog/components/products-table';
import { PRODUCT_IMAGE_PLACEHOLDER } from '../../components/product-image';
import { makeProduct } from '../../test/factories';
import { handle, mockApi, type RecordedCall, routes } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import ManageProductsPage from './manage-products';

const first = makeProduct(1, { name: 'Vector X8 Processor', available: 25000 });
const second = makeProduct(2, { name: 'Atlas DDR5 Module', available: 40, lowStockThreshold: 50 });

const pageOf = (items: Product[], total = items.length, page = 1): ProductPage => ({
  items,
  total,
  page,
  limit: 20,
  categories: [],
});

async function findRow(name: string) {
  const table = await screen.findByRole('table', { name: 'Products' });
  const cell = await within(table).findByRole('rowheader', { name: new RegExp(name) });
  return cell.closest('tr') as HTMLElement;
}

const writes = (calls: RecordedCall[]) => calls.filter((call) => call.method !== 'GET');

describe('ManageProductsPage', () => {
  it('lists the newest products of GET /products with a low-stock badge and an Edit link', async () => {
    const { callsTo } = mockApi([
      handle(routes.catalog.search, () => ({ status: 200, body: pageOf([first, second]) })),
    ]);
    renderWithProviders(<ManageProductsPage />);

    const row = await findRow('Vector X8 Processor');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', '$101', '50', '25,000', 'EditDelete']);
    expect(row.querySelector('img')).toHaveAttribute('src', first.img);
    expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      editProductPath(first._id),
    );
    expect(within(row).queryByText('Low stock')).not.toBeInTheDocument();
    expect(within(await findRow('Atlas DDR5 Module')).getByText('Low stock')).toBeInTheDocument();
    expect(callsTo(routes.catalog.search)[0]?.query).toEqual({
      sort: 'newest',
      page: '1',
      limit: '20',
    });
  });

  it('filters to low stock, searches and pages through the catalogue', async () => {
    const { callsTo } = mockApi([
      handle(routes.catalog.search, ({ query }) => {
        if (query.stock === 'low') return { status: 200, body: pageOf([second]) };
        if (query.q) return { status: 200, body: pageOf([first]) };
        const page = Number(query.page);
        return { status: 200, body: pageOf(page === 1 ? [first] : [second], 21, page) };
      }),
    ]);
    const { user } = renderWithProviders(<ManageProductsPage />);

    await findRow(first.name);
    expect(screen.getByText('Showing 1–1 of 21')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await findRow(second.name);
    expect(callsTo(routes.catalog.search).at(-1)?.query).toMatchObject({ page: '2' });

    await user.click(screen.getByRole('checkbox', { name: 'Low stock' }));
    await waitFor(() =>
      expect(callsTo(routes.catalog.search).at(-1)?.query).toEqual({
        sort: 'newest',
        stock: 'low',
        page: '1',
        limit: '20',
      }),
    );
    expect(await within(await findRow(second.name)).findByText('Low stock')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Low stock' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'vector');
    await waitFor(() =>
      expect(callsTo(routes.catalog.search).at(-1)?.query).toEqual({
        q: 'vector',
        page: '1',
        limit: '20',
      }),
    );
    await findRow(first.name);
    expect(screen.queryByRole('rowheader', { name: /Atlas/ })).not.toBeInTheDocument();
  });

  it('asks before deleting and sends DELETE only after Yes', async () => {
    let items = [first, second];
    const { calls } = mockApi([
      handle(routes.catalog.search, () => ({ status: 200, body: pageOf(items) })),
      handle(routes.catalog.remove, () => {
        items = [second];
        return { status: 200, body: { acknowledged: true, deletedCount: 1 } };
      }),
    ]);
    const { user } = renderWithProviders(<ManageProductsPage />);

    await user.click(within(await findRow(first.name)).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: messages.confirmDeleteProduct });
    expect(dialog).toHaveTextContent(first.name);
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toHaveLength(0);

    await user.click(within(await findRow(first.name)).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: messages.confirmDeleteProduct })).getByRole(
        'button',
        { name: 'Yes' },
      ),
    );

    expect(await screen.findByText(PRODUCT_DELETED)).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ route: routes.catalog.remove, params: { id: first._id } }),
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: /Vector/ })).not.toBeInTheDocument(),
    );
  });

  it('names every cell for the phone cards and shows a placeholder for a broken picture', async () => {
    mockApi([handle(routes.catalog.search, () => ({ status: 200, body: pageOf([first]) }))]);
    renderWithProviders(<ManageProductsPage />);

    const row = await findRow('Vector X8 Processor');
    expect(row.closest('table')?.className).toMatch(/cards/);
    expect(Array.from(row.querySelectorAll('td')).map((cell) => cell.dataset.label)).toEqual([
      'Image',
      'Name',
      'Price',
      'Minimum',
      'Available',
      'Actions',
    ]);
    const picture = row.querySelector('img')!;
    fireEvent.error(picture);
    expect(picture).toHaveAttribute('src', PRODUCT_IMAGE_PLACEHOLDER);
  });
});
