import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartLines } from '../../lib/cart-store';
import { makeProduct, testConfig } from '../../test/factories';
import { answer, mockApi, routes } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

const ssd = makeProduct(5, {
  name: 'Fast SSD 2TB',
  description: 'A fast drive for business desktops.\nIt keeps going for years.',
  sku: 'SSD-2TB',
  category: 'storage',
  price: 12,
  minimum: 20,
  increment: 10,
  maximum: 200,
  available: 1000,
  priceTiers: [
    { minQuantity: 60, price: 10 },
    { minQuantity: 100, price: 9 },
  ],
  specs: [
    { label: 'Capacity', value: '2 TB' },
    { label: 'Interface', value: 'NVMe' },
  ],
  weightKg: 0.012,
});

function setUp(product = ssd) {
  mockApi([
    answer(routes.settings.config, 200, testConfig),
    answer(routes.catalog.get, 200, product),
  ]);
  return renderApp(`/products/${product._id}`);
}

describe('Product page', () => {
  it('shows the product, its specifications and its volume prices, titled by its name', async () => {
    setUp();

    expect(await screen.findByRole('heading', { level: 1, name: 'Fast SSD 2TB' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Fast SSD 2TB | TestParts'));
    expect(screen.getByText(/It keeps going for years\./)).toBeInTheDocument();
    expect(screen.getByTestId('product-meta')).toHaveTextContent(
      'Part number SSD-2TB · Category Storage',
    );
    expect(screen.getByTestId('product-facts')).toHaveTextContent(
      'Packs of 10, Minimum 20 pieces, at most 200 pieces per order',
    );
    // The price line in the product's unit: its pack size, as a box.
    expect(screen.getByTestId('product-facts')).toHaveTextContent(
      'List price: $12 per piece (box of 10: $120)',
    );
    // Name, price and the order box come before the specifications (a phone's one column).
    const before = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    const name = screen.getByRole('heading', { level: 1 });
    const order = screen.getByRole('spinbutton', { name: 'Quantity' });
    expect(before(name, screen.getByTestId('product-facts'))).toBe(true);
    expect(before(screen.getByTestId('product-facts'), order)).toBe(true);
    expect(before(order, screen.getByTestId('specs'))).toBe(true);
    const specs = screen.getByTestId('specs');
    expect(within(specs).getByRole('rowheader', { name: 'Capacity' })).toBeInTheDocument();
    // The shipping weight reads as the last specification (decision 036).
    expect(within(specs).getAllByRole('row').at(-1)).toHaveTextContent('Weight12 g');
    const tiers = within(screen.getByRole('table', { name: 'Volume prices' })).getAllByRole('row');
    expect(tiers.map((row) => row.textContent)).toEqual([
      'QuantityPrice per pieceSaving',
      '20–59 (list price)$12—',
      '60–99$10$2 a piece',
      '100+$9$3 a piece',
    ]);
    expect(screen.getByRole('link', { name: 'Buy Now' })).toHaveAttribute(
      'href',
      `/purchase/${ssd._id}`,
    );
  });

  it('prices the quantity live: the unit price, the saving and the next break', async () => {
    const { user } = setUp();
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity' });
    expect(quantity).toHaveValue(20);
    expect(screen.getByTestId('unit-price')).toHaveTextContent('Unit price: $12 per piece');
    expect(screen.getByTestId('next-break')).toHaveTextContent('Order 40 more for $10 a piece');
    expect(screen.queryByTestId('saving')).toBeNull();
    expect(screen.getByTestId('order-total')).toHaveTextContent('Total: $240');

    await user.clear(quantity);
    await user.type(quantity, '60');
    expect(screen.getByTestId('unit-price')).toHaveTextContent('Unit price: $10 per piece');
    expect(screen.getByTestId('saving')).toHaveTextContent(
      'You save $120 ($2 a piece) on the list price',
    );
    expect(screen.getByTestId('next-break')).toHaveTextContent('Order 40 more for $9 a piece');
    expect(screen.getByTestId('order-total')).toHaveTextContent('Total: $600');

    await user.clear(quantity);
    await user.type(quantity, '120');
    expect(screen.getByTestId('unit-price')).toHaveTextContent('$9 per piece');
    expect(screen.queryByTestId('next-break')).toBeNull();
  });

  it('shows prices with cents with two decimals, and totals them to the cent (issue 27)', async () => {
    const cable = makeProduct(6, {
      name: 'SFP+ Cable 3 m',
      price: 89.5,
      minimum: 3,
      increment: 1,
      maximum: null,
      available: 500,
      priceTiers: [{ minQuantity: 100, price: 79.99 }],
      specs: [],
    });
    const { user } = setUp(cable);
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity' });
    expect(quantity).toHaveValue(3);
    expect(screen.getByTestId('unit-price')).toHaveTextContent('Unit price: $89.50 per piece');
    expect(screen.getByTestId('order-total')).toHaveTextContent('Total: $268.50');
    expect(screen.getByTestId('next-break')).toHaveTextContent('Order 97 more for $79.99 a piece');

    await user.clear(quantity);
    await user.type(quantity, '100');
    // $7,999, not $7,998.999...; the saving of $9.51 a piece is $951 exactly.
    expect(screen.getByTestId('order-total')).toHaveTextContent('Total: $7,999');
    expect(screen.getByTestId('saving')).toHaveTextContent(
      'You save $951 ($9.51 a piece) on the list price',
    );
  });

  it('steps by the pack size, and refuses what the server refuses with its messages', async () => {
    const { user } = setUp();
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity' });
    expect(quantity).toHaveAttribute('step', '10');
    expect(quantity).toHaveAttribute('min', '20');
    expect(quantity).toHaveAttribute('max', '200');
    const add = screen.getByRole('button', { name: 'Increase by a pack of 10 of Fast SSD 2TB' });
    const remove = screen.getByRole('button', { name: 'Decrease by a pack of 10 of Fast SSD 2TB' });
    expect(remove).toBeDisabled();

    await user.click(add);
    await user.click(add);
    expect(quantity).toHaveValue(40);
    await user.click(remove);
    expect(quantity).toHaveValue(30);

    await user.clear(quantity);
    await user.type(quantity, '35');
    expect(screen.getByText('Order in multiples of 10.')).toBeInTheDocument();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    // A step from between two packs lands on a pack again.
    await user.click(add);
    expect(quantity).toHaveValue(40);

    await user.clear(quantity);
    await user.type(quantity, '210');
    expect(screen.getByText('At most 200 pieces per order.')).toBeInTheDocument();
  });

  it('adds the quantity typed to the cart', async () => {
    const { user } = setUp();
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '100');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(cartLines()).toEqual([{ productId: ssd._id, quantity: 100 }]);

    // A quantity that cannot be ordered adds nothing, rather than the minimum.
    await user.clear(quantity);
    await user.type(quantity, '35');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    expect(cartLines()).toEqual([{ productId: ssd._id, quantity: 100 }]);
  });

  it('says the page is not found for an unknown product', async () => {
    mockApi([
      answer(routes.settings.config, 200, testConfig),
      answer(routes.catalog.get, 404, {
        statusCode: 404,
        error: 'Not Found',
        message: 'Product not found.',
      }),
    ]);
    renderApp(`/products/${ssd._id}`);
    expect(await screen.findByRole('heading', { name: 'PAGE NOT FOUND!' })).toBeInTheDocument();
    expect(screen.getByText('This product does not exist, or is no longer sold.')).toBeVisible();
  });
});
