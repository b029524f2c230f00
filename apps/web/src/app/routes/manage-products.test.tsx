import { messages } from '@shop/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/factories';
import { answer, handle, mockApi, type RecordedCall, routes } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { PRODUCT_UPDATED } from '../../features/admin-catalog/components/edit-product-dialog';
import { PRODUCT_IMAGE_PLACEHOLDER } from '../../components/product-image';
import ManageProductsPage, { PRODUCT_DELETED } from './manage-products';

const first = makeProduct(1, { name: 'Vector X8 Processor', available: 25000 });
const second = makeProduct(2, { name: 'Atlas DDR5 Module' });

async function findRow(name: string) {
  const table = await screen.findByRole('table', { name: 'Products' });
  const cell = await within(table).findByRole('rowheader', { name });
  return cell.closest('tr') as HTMLElement;
}

const writes = (calls: RecordedCall[]) => calls.filter((call) => call.method !== 'GET');

describe('ManageProductsPage', () => {
  it('lists image, name, price, minimum and available of every product', async () => {
    mockApi([answer(routes.catalog.list, 200, [first, second])]);
    renderWithProviders(<ManageProductsPage />);

    const row = await findRow('Vector X8 Processor');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', '$101', '50', '25,000', 'EditDelete']);
    expect(row.querySelector('img')).toHaveAttribute('src', first.img);
    expect(screen.getAllByTestId('product-row')).toHaveLength(2);
  });

  it('asks before deleting and sends DELETE only after Yes', async () => {
    let items = [first, second];
    const { calls } = mockApi([
      handle(routes.catalog.list, () => ({ status: 200, body: items })),
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
      expect(screen.queryByRole('rowheader', { name: first.name })).not.toBeInTheDocument(),
    );
  });

  it('edits the stock, sending only the changed field', async () => {
    let items = [first, second];
    const { calls } = mockApi([
      handle(routes.catalog.list, () => ({ status: 200, body: items })),
      handle(routes.catalog.update, ({ body }) => {
        const product = { ...first, ...body };
        items = [product, second];
        return { status: 200, body: { acknowledged: true, product } };
      }),
    ]);
    const { user } = renderWithProviders(<ManageProductsPage />);

    await user.click(within(await findRow(first.name)).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: `Edit ${first.name}` });
    const stock = within(dialog).getByRole('spinbutton', { name: 'Available' });
    expect(stock).toHaveValue(25000);
    await user.clear(stock);
    await user.type(stock, '30000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(PRODUCT_UPDATED)).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        route: routes.catalog.update,
        params: { id: first._id },
        body: { available: 30000 },
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(await findRow(first.name)).findByText('30,000')).toBeInTheDocument();
  });

  it('refuses an edit that changes nothing or leaves a field empty', async () => {
    const { calls } = mockApi([answer(routes.catalog.list, 200, [first])]);
    const { user } = renderWithProviders(<ManageProductsPage />);

    await user.click(within(await findRow(first.name)).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: `Edit ${first.name}` });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/at least one field/);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Description' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(messages.required)).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
  });

  it('names every cell for the phone cards and shows a placeholder for a broken picture', async () => {
    mockApi([answer(routes.catalog.list, 200, [first, second])]);
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
