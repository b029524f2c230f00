import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MANAGE_PRODUCTS_PATH, editProductPath } from '../../features/admin-catalog/paths';
import { PRODUCT_UPDATED } from '../../features/admin-catalog/schemas';
import { admin, fakeAuthServer } from '../../test/auth-mock';
import { makeProduct, testConfig } from '../../test/factories';
import { answer, handle, mockApi, routes } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

const product = makeProduct(1, { name: 'Vector X8 Processor', available: 25000 });

function setUp() {
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    fakeAuthServer({ signedInAs: admin }).mocks,
    answer(routes.catalog.get, 200, product),
    answer(routes.catalog.search, 200, { items: [], total: 0, page: 1, limit: 20, categories: [] }),
    handle(routes.catalog.upload, () => ({ status: 201, body: { url: '/uploads/x8.png' } })),
    handle(routes.catalog.update, ({ body }) => ({
      status: 200,
      body: { acknowledged: true, product: { ...product, ...body } },
    })),
  ]);
  return { ...api, ...renderApp(editProductPath(product._id)) };
}

describe('EditProductPage', () => {
  it('renames a product and uploads its picture, sending only what changed', async () => {
    const { user, router, callsTo } = setUp();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue(product.name);
    expect(screen.getByRole('spinbutton', { name: 'Available' })).toHaveValue(25000);

    await user.clear(name);
    await user.type(name, 'Vector X8 Pro');
    await user.upload(
      screen.getByLabelText('Upload image'),
      new File(['png'], 'x8.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Image URL' })).toHaveValue('/uploads/x8.png'),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(PRODUCT_UPDATED)).toBeInTheDocument();
    expect(callsTo(routes.catalog.update).map((call) => call.body)).toEqual([
      { name: 'Vector X8 Pro', img: '/uploads/x8.png' },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe(MANAGE_PRODUCTS_PATH));
  });

  it('says so when nothing changed', async () => {
    const { user, callsTo } = setUp();
    await screen.findByRole('textbox', { name: 'Name' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/at least one field/);
    expect(callsTo(routes.catalog.update)).toHaveLength(0);
  });
});
