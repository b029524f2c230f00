import { quotePagePath, type Product, type Quote } from '@shop/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customer, signedIn } from '../../test/auth-mock';
import { makeProduct, makePreview, testConfig, testId } from '../../test/factories';
import { answer, handle, mockApi, routes, type Mocks } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { addToCart, cartLines } from '../../lib/cart-store';

/** The cart's "Request a quote" (issue 31): the cart's lines asked about, the quote opened. */

const processor = makeProduct(1, { name: 'Vector X8 Processor', minimum: 50, price: 12 });
const drive = makeProduct(2, { name: 'Hard Drive', minimum: 10, available: 300, price: 95 });

const created: Quote = {
  _id: testId(610),
  number: 'Q-000042',
  status: 'requested',
  companyId: null,
  companyName: null,
  requester: { name: customer.name, email: customer.email },
  lineCount: 2,
  offerSubtotal: null,
  expiresAt: null,
  purchaseId: null,
  createdAt: '2026-11-28T09:00:00.000Z',
  updatedAt: '2026-11-28T09:00:00.000Z',
  locationId: null,
  lines: [processor, drive].map((product, i) => ({
    productId: product._id,
    productName: product.name,
    sku: product.sku,
    quantity: i === 0 ? 12_000 : 20,
    targetPrice: null,
    listPrice: product.price,
    tierPrice: null,
    contractPrice: null,
  })),
  versions: [],
  messages: [],
  purchaseNumber: null,
  purchaseClosed: null,
};

function setUp({ signedInAs = true, extra = [] }: { signedInAs?: boolean; extra?: Mocks } = {}) {
  const products: Product[] = [processor, drive];
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    signedInAs ? signedIn(customer) : [],
    handle(routes.catalog.get, ({ params }) => ({
      status: 200,
      body: products.find((product) => product._id === params.id)!,
    })),
    handle(routes.purchases.preview, ({ body }) => ({
      status: 200,
      body: makePreview(body.lines.map((line) => ({ ...line, unitPrice: 10 }))),
    })),
    handle(routes.quotes.create, () => ({ status: 201, body: created })),
    answer(routes.quotes.get, 200, created),
    extra,
  ]);
  return { ...api, ...renderApp('/cart') };
}

describe('Cart: Request a quote', () => {
  it('asks for a quote on the cart’s lines with a message, opens it, and keeps the cart', async () => {
    addToCart([
      { productId: processor._id, quantity: 12_000 },
      { productId: drive._id, quantity: 20 },
    ]);
    const { user, callsTo, router } = setUp();
    await screen.findByRole('form', { name: 'Request a quote' });
    await user.type(screen.getByLabelText('Message (optional)'), 'Monthly for a year.');
    await user.click(screen.getByRole('button', { name: 'Request a quote' }));

    await waitFor(() => expect(callsTo(routes.quotes.create)).toHaveLength(1));
    expect(callsTo(routes.quotes.create)[0]?.body).toEqual({
      lines: [
        { productId: processor._id, quantity: 12_000 },
        { productId: drive._id, quantity: 20 },
      ],
      message: 'Monthly for a year.',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(quotePagePath(created._id)));
    expect(await screen.findByRole('heading', { name: 'Quote Q-000042' })).toBeInTheDocument();
    expect(cartLines()).toHaveLength(2);
  });

  it('is not offered to a visitor who is not signed in', async () => {
    addToCart([{ productId: drive._id, quantity: 20 }]);
    setUp({ signedInAs: false });
    expect(await screen.findByText('Sign in to check out')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a quote' })).not.toBeInTheDocument();
  });
});
