import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartLines } from '../../../lib/cart-store';
import { makeProduct, testConfig } from '../../../test/factories';
import { mockApi } from '../../../test/fetch-mock';
import { hydrateIsland, renderOnServer } from '../../../test/islands';
import { ProductOrderIsland } from './product-order';
import { ProductView } from './product-view';

const boxes = makeProduct(7, {
  name: 'Screw Kit',
  minimum: 50,
  increment: 25,
  maximum: 500,
  available: 1000,
  price: 3,
});
const page = { path: `/products/${boxes._id}`, config: testConfig };

describe('the product page order box, server-rendered (issue 28)', () => {
  it('keeps a quantity typed before it hydrated, and adds that quantity to the cart', async () => {
    mockApi([]);
    const container = renderOnServer(<ProductView product={boxes} />, page);
    const field = within(container).getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity' });
    // The server's HTML takes input before any code runs.
    expect(field).not.toBeDisabled();
    expect(field).toHaveValue(50);
    field.value = '75';

    const island = await hydrateIsland(container, 'product-order', ProductOrderIsland, page);
    expect(island.mismatches).toEqual([]);
    const order = within(island.element);
    expect(order.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(75);
    await waitFor(() => expect(order.getByTestId('order-total')).toHaveTextContent('$225'));
    const add = order.getByRole('button', { name: 'Add to cart' });
    await waitFor(() => expect(add).toBeEnabled());
    fireEvent.click(add);
    expect(cartLines()).toEqual([{ productId: boxes._id, quantity: 75 }]);
    island.unmount();
  });

  it('keeps a typed quantity that breaks the pack size, and adds nothing rather than the minimum', async () => {
    mockApi([]);
    const container = renderOnServer(<ProductView product={boxes} />, page);
    within(container).getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity' }).value = '60';

    const island = await hydrateIsland(container, 'product-order', ProductOrderIsland, page);
    const order = within(island.element);
    expect(order.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(60);
    await waitFor(() => expect(order.getByText('Order in multiples of 25.')).toBeInTheDocument());
    expect(order.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    expect(cartLines()).toEqual([]);
    island.unmount();
  });
});
