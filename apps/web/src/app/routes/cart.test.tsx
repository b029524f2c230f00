import {
  accountMessages,
  IDEMPOTENCY_KEY_HEADER,
  messages,
  purchaseMessages,
  shippingMessages,
  type Product,
  type ProductPage,
  type Purchase,
  type UserInfo,
} from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customer, signedIn } from '../../test/auth-mock';
import {
  makeOrder,
  makePreview,
  makeProduct,
  makePurchase,
  testConfig,
  testId,
  testShippingOptions,
} from '../../test/factories';
import {
  answer,
  handle,
  mockApi,
  offContract,
  routes,
  unreachable,
  type Mocks,
} from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { placedMessage } from './cart';
import { addToCart, cartLines, CART_STORAGE_KEY } from '../../lib/cart-store';

const processor = makeProduct(1, {
  name: 'Vector X8 Processor',
  minimum: 50,
  available: 25_000,
  price: 12,
});
const drive = makeProduct(2, { name: 'Hard Drive', minimum: 10, available: 300, price: 95 });
const gone = testId(99);

const profile: UserInfo = {
  education: 'BSc',
  location: 'Leeds',
  number: '+44 20 7946 0958',
  linkedin: 'https://www.linkedin.com/in/jane',
  company: 'Acme Components Ltd',
  taxId: 'GB123456789',
  billingAddress: '1 Billing Street, Leeds',
  shippingAddress: 'Unit 4, Harbour Road, Leeds',
};

const placed: Purchase = makePurchase({
  _id: testId(900),
  number: 'PW-000123',
  createdAt: '2026-11-24T09:30:00.000Z',
  name: customer.name,
  email: customer.email,
  phone: profile.number,
  address: profile.shippingAddress!,
  shipTo: null,
  poNumber: 'PO-77',
  company: profile.company,
  taxId: profile.taxId,
  orders: [makeOrder(1, { productName: processor.name, quantity: 12_000, price: 144_000 })],
  total: 144_000,
  unpaidTotal: 144_000,
  status: 'unpaid',
  paidAt: null,
  shippedAt: null,
  invoiceNumber: null,
  rejectionReason: null,
  awaitingLines: [],
  shipments: [],
  companyId: null,
  billingAddress: null,
});

/**
 * The catalogue: its newest products (GET /items, `newest`), each product by id (the lines) and
 * the search (the quick order), which knows every product. The search puts an exact part number
 * first, then the others in the order given, so the page itself must pick an exact name out.
 */
function catalogue(products: Product[], newest: Product[] = products): Mocks {
  return [
    answer(routes.catalog.list, 200, newest),
    handle(routes.catalog.get, ({ params }) => {
      const product = products.find((item) => item._id === params.id);
      return product
        ? { status: 200, body: product }
        : {
            status: 404,
            body: { statusCode: 404, error: 'Not Found', message: 'Product not found.' },
          };
    }),
    handle(routes.catalog.search, ({ query }) => {
      const q = (query.q ?? '').toLowerCase();
      const limit = Number(query.limit ?? '24');
      const matches = products.filter((product) =>
        [product.sku, product.name].some((text) => text.toLowerCase().includes(q)),
      );
      const exactSku = matches.filter((product) => product.sku.toLowerCase() === q);
      const items = [...exactSku, ...matches.filter((product) => !exactSku.includes(product))];
      const body: ProductPage = {
        items: items.slice(0, limit),
        total: items.length,
        page: 1,
        limit,
        categories: [],
      };
      return { status: 200, body };
    }),
  ];
}

/** POST /checkout/preview priced at each product's list price, by the method the body names. */
const previewing = (products: Product[]) =>
  handle(routes.purchases.preview, ({ body }) => ({
    status: 200,
    body: makePreview(
      body.lines.map(({ productId, quantity }) => ({
        productId,
        quantity,
        unitPrice: products.find((product) => product._id === productId)?.price ?? 0,
      })),
      { methodId: body.shippingMethod },
    ),
  }));

function setUp(
  extra: Mocks = [],
  {
    signedInAs = true,
    products = [processor, drive],
    newest = products,
  }: { signedInAs?: boolean; products?: Product[]; newest?: Product[] } = {},
) {
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    signedInAs ? signedIn(customer) : [],
    catalogue(products, newest),
    answer(routes.profile.get, 200, profile),
    answer(routes.purchases.get, 200, placed),
    previewing(products),
    extra,
  ]);
  return { ...api, ...renderApp('/cart') };
}

const lineOf = async (name: string) =>
  (await screen.findAllByTestId('cart-line')).find((row) => row.textContent?.includes(name))!;
const placeOrder = () => screen.getByRole('button', { name: 'Place order' });

describe('Cart page', () => {
  it('shows each line with its link, unit price, quantity in thousands and totals', async () => {
    addToCart([
      { productId: processor._id, quantity: 12_000 },
      { productId: drive._id, quantity: 20 },
    ]);
    setUp();

    const line = await lineOf(processor.name);
    expect(within(line).getByRole('link', { name: processor.name })).toHaveAttribute(
      'href',
      `/products/${processor._id}`,
    );
    expect(line).toHaveTextContent('$12');
    expect(within(line).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(12000);
    expect(line).toHaveTextContent('12,000 pieces. Minimum 50, 25,000 in stock');
    expect(within(line).getByTestId('line-total')).toHaveTextContent('$144,000');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('Subtotal: $145,900');
  });

  it('checks quantities live against the minimum and stock, and Place order waits for a fix', async () => {
    addToCart([{ productId: drive._id, quantity: 20 }]);
    const { user } = setUp();

    const line = await lineOf(drive.name);
    const quantity = within(line).getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '5');
    expect(line).toHaveTextContent(messages.minimumQuantity(10));
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByRole('button', { name: 'Place order' })).toBeDisabled();
    // No total while a line cannot be ordered (issue 28), and no sum of the lines that can.
    expect(screen.queryByText('Total')).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent(/^Subtotal: —$/);

    await user.clear(quantity);
    await user.type(quantity, '301');
    expect(line).toHaveTextContent(messages.unavailableQuantity);

    await user.clear(quantity);
    await user.type(quantity, '30');
    expect(line).not.toHaveTextContent(messages.unavailableQuantity);
    expect(placeOrder()).toBeEnabled();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('Subtotal: $2,850');
    // One total on the page: the server's, with the cheapest shipping ($11.50).
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('$2,861.50');
    expect(screen.getAllByText('Total')).toHaveLength(1);
    // The valid quantity is what the cart keeps.
    expect(cartLines()).toEqual([{ productId: drive._id, quantity: 30 }]);
  });

  it('prices a line by its volume tier, shows the saving and next break, steps by the pack', async () => {
    const cables = makeProduct(4, {
      name: 'Cable Pack',
      minimum: 20,
      increment: 10,
      maximum: 300,
      available: 5000,
      price: 12,
      priceTiers: [
        { minQuantity: 60, price: 10 },
        { minQuantity: 100, price: 9 },
      ],
    });
    addToCart([{ productId: cables._id, quantity: 50 }]);
    const { user } = setUp([], { products: [cables] });

    const line = await lineOf('Cable Pack');
    expect(within(line).getByTestId('unit-price')).toHaveTextContent('$12');
    expect(within(line).getByTestId('next-break')).toHaveTextContent(
      'Order 10 more for $10 a piece',
    );
    expect(within(line).getByTestId('line-total')).toHaveTextContent('$600');

    await user.click(
      within(line).getByRole('button', { name: 'Increase by a pack of 10 of Cable Pack' }),
    );
    expect(within(line).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(60);
    expect(within(line).getByTestId('unit-price')).toHaveTextContent('$10');
    expect(within(line).getByTestId('saving')).toHaveTextContent('You save $120 ($2 a piece)');
    expect(within(line).getByTestId('line-total')).toHaveTextContent('$600');
    expect(cartLines()).toEqual([{ productId: cables._id, quantity: 60 }]);

    const quantity = within(line).getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '65');
    expect(line).toHaveTextContent('Order in multiples of 10.');
    await user.clear(quantity);
    await user.type(quantity, '310');
    expect(line).toHaveTextContent('At most 300 pieces per order.');
    expect(placeOrder()).toBeDisabled();
  });

  it('checks a line whose product is older than the newest ones GET /items lists', async () => {
    const old = makeProduct(7, { name: 'Legacy Fan', minimum: 1, available: 40, price: 3 });
    addToCart([{ productId: old._id, quantity: 4 }]);
    setUp([
      answer(routes.catalog.list, 200, [processor, drive]),
      answer(routes.catalog.get, 200, old),
    ]);
    const line = await lineOf('Legacy Fan');
    expect(within(line).getByTestId('line-total')).toHaveTextContent('$12');
  });

  it('shows a product no longer sold as such, and removes it', async () => {
    addToCart([
      { productId: gone, quantity: 5 },
      { productId: drive._id, quantity: 20 },
    ]);
    const { user } = setUp();

    expect(await screen.findByText('This product is no longer sold.')).toBeInTheDocument();
    expect(placeOrder()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove the product no longer sold' }));

    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(cartLines()).toEqual([{ productId: drive._id, quantity: 20 }]);
    expect(placeOrder()).toBeEnabled();
  });

  it('prefills the checkout from the profile, name and email read-only', async () => {
    addToCart([{ productId: drive._id, quantity: 20 }]);
    setUp();

    const form = await screen.findByRole('form', { name: 'Checkout' });
    const field = (name: string) => within(form).getByRole('textbox', { name });
    await waitFor(() => expect(field('Company (optional)')).toHaveValue(profile.company));
    expect(field('Name')).toHaveValue(customer.name);
    expect(field('Name')).toHaveAttribute('readonly');
    expect(field('Email')).toHaveValue(customer.email);
    expect(field('Email')).toHaveAttribute('readonly');
    expect(field('Phone Number')).toHaveValue(profile.number);
    // The shipping address, not the billing one: the parts go there.
    expect(field('Address')).toHaveValue(profile.shippingAddress);
    expect(field('Tax id (optional)')).toHaveValue(profile.taxId);
    expect(field('PO number (optional)')).toHaveValue('');
  });

  it('holds Place order while the whole cart is above one card payment', async () => {
    addToCart([
      { productId: processor._id, quantity: 25_000 },
      { productId: drive._id, quantity: 300 },
      { productId: testId(3), quantity: 1000 },
    ]);
    setUp([], {
      products: [
        processor,
        drive,
        makeProduct(3, { name: 'Server Rack', minimum: 1, available: 5000, price: 700 }),
      ],
    });

    expect(await screen.findByText(/above the card payment limit/)).toBeInTheDocument();
    expect(placeOrder()).toBeDisabled();
  });

  it('places the order once, clears the cart and opens the purchase with a toast', async () => {
    addToCart([
      { productId: processor._id, quantity: 12_000 },
      { productId: drive._id, quantity: 20 },
    ]);
    let release: () => void = () => undefined;
    const { user, callsTo } = setUp([
      handle(routes.purchases.checkout, async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return { status: 201, body: placed };
      }),
    ]);

    const form = await screen.findByRole('form', { name: 'Checkout' });
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: 'Company (optional)' })).toHaveValue(
        profile.company,
      ),
    );
    await user.type(within(form).getByRole('textbox', { name: 'PO number (optional)' }), 'PO-77');
    await user.click(placeOrder());
    await waitFor(() => expect(placeOrder()).toBeDisabled());
    await user.click(placeOrder());
    release();

    expect(await screen.findByText('Purchase PW-000123 placed')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /PW-000123/ })).toBeInTheDocument();
    expect(callsTo(routes.purchases.checkout)).toHaveLength(1);
    // One key for the submission, so even a press the page let through would buy once.
    expect(callsTo(routes.purchases.checkout)[0]!.headers[IDEMPOTENCY_KEY_HEADER]).toMatch(
      /\S{16,}/,
    );
    expect(callsTo(routes.purchases.checkout)[0]!.body).toEqual({
      lines: [
        { productId: processor._id, quantity: 12_000 },
        { productId: drive._id, quantity: 20 },
      ],
      number: profile.number,
      address: profile.shippingAddress,
      poNumber: 'PO-77',
      company: profile.company,
      taxId: profile.taxId,
    });
    expect(cartLines()).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it("shows the server's charges, and the shipping method picked is priced and sent (issue 29)", async () => {
    addToCart([{ productId: drive._id, quantity: 20 }]);
    const { user, callsTo } = setUp([answer(routes.purchases.checkout, 201, placed)]);

    // The cheapest method until the buyer picks one: 20 × $95 + $11.50.
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('$1,911.50');
    const charges = screen.getByLabelText('Order total');
    expect(charges).toHaveTextContent('Subtotal$1,900');
    expect(charges).toHaveTextContent('ShippingUPS Ground (UPS), 1-5 business days$11.50');
    const methods = screen.getByRole('list', { name: 'Shipping methods' });
    expect(within(methods).getByRole('radio', { name: /UPS Ground/ })).toBeChecked();

    await user.click(within(methods).getByRole('radio', { name: /UPS Next Day Air/ }));
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('$1,939.90');
    expect(screen.getByLabelText('Order total')).toHaveTextContent(
      'ShippingUPS Next Day Air (UPS), 1 business day$39.90',
    );
    expect(within(methods).getByRole('radio', { name: /UPS Next Day Air/ })).toBeChecked();
    // Asked once per state of the form, not once per render or keystroke.
    const previews = callsTo(routes.purchases.preview);
    expect(previews.length).toBeLessThanOrEqual(3);
    expect(previews.at(-1)!.body).toMatchObject({
      lines: [{ productId: drive._id, quantity: 20 }],
      address: profile.shippingAddress,
      shippingMethod: testShippingOptions[1]!._id,
    });

    await user.click(placeOrder());
    expect(await screen.findByText('Purchase PW-000123 placed')).toBeInTheDocument();
    expect(callsTo(routes.purchases.checkout)[0]!.body).toMatchObject({
      shippingMethod: testShippingOptions[1]!._id,
    });
  });

  it('shows each tax line and the reverse-charge words of the preview', async () => {
    addToCart([{ productId: drive._id, quantity: 20 }]);
    setUp([
      answer(
        routes.purchases.preview,
        200,
        makePreview([{ productId: drive._id, quantity: 20, unitPrice: 95 }], {
          taxRate: 0,
          taxNote: 'Reverse charge: VAT to be accounted for by the recipient.',
        }),
      ),
    ]);
    expect(await screen.findByTestId('tax-note')).toHaveTextContent(
      'Reverse charge: VAT to be accounted for by the recipient.',
    );
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$1,911.50');
  });

  it('names each tax rate with its amount', async () => {
    addToCart([{ productId: drive._id, quantity: 20 }]);
    setUp([
      answer(
        routes.purchases.preview,
        200,
        makePreview([{ productId: drive._id, quantity: 20, unitPrice: 95 }], {
          taxRate: 0.0825,
          taxName: 'Sales tax TX 8.25 %',
        }),
      ),
    ]);
    // ($1,900 + $11.50) × 8.25 % = $157.70
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('$2,069.20');
    expect(screen.getByTestId('charge-tax-line')).toHaveTextContent('Sales tax TX 8.25 %$157.70');
  });

  it('says so when no shipping method takes the order to the address', async () => {
    addToCart([{ productId: drive._id, quantity: 20 }]);
    const message = shippingMessages.noMethodServes('US');
    setUp([
      answer(routes.purchases.preview, 400, {
        statusCode: 400,
        error: 'Bad Request',
        message,
      }),
    ]);
    expect(await screen.findByTestId('preview-error')).toHaveTextContent(message);
    expect(screen.queryByTestId('cart-total')).not.toBeInTheDocument();
  });

  it("marks the lines a preview's 409 refuses, as the checkout's", async () => {
    addToCart([{ productId: drive._id, quantity: 20 }]);
    setUp([
      answer(routes.purchases.preview, 409, {
        statusCode: 409,
        error: 'Conflict',
        message: purchaseMessages.linesRefused,
        lines: [{ productId: drive._id, message: messages.unavailableQuantity }],
      }),
    ]);
    const line = await lineOf(drive.name);
    await waitFor(() => expect(line).toHaveTextContent(messages.unavailableQuantity));
  });

  it('sends a checkout retried after a lost answer with the same Idempotency-Key', async () => {
    addToCart([{ productId: drive._id, quantity: 20 }]);
    let calls = 0;
    const { user, callsTo } = setUp([
      handle(routes.purchases.checkout, () => {
        calls += 1;
        // The first request's answer never arrives; the server may have placed it.
        if (calls === 1) return unreachable();
        return { status: 201, body: placed };
      }),
    ]);

    await screen.findByRole('form', { name: 'Checkout' });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Phone Number' })).toHaveValue(profile.number),
    );
    await user.click(placeOrder());
    expect(await screen.findByTestId('checkout-error')).toBeInTheDocument();
    await user.click(placeOrder());

    expect(await screen.findByText('Purchase PW-000123 placed')).toBeInTheDocument();
    const [first, retry] = callsTo(routes.purchases.checkout);
    expect(first!.headers[IDEMPOTENCY_KEY_HEADER]).toEqual(expect.any(String));
    expect(retry!.headers[IDEMPOTENCY_KEY_HEADER]).toBe(first!.headers[IDEMPOTENCY_KEY_HEADER]);
    expect(retry!.body).toEqual(first!.body);
  });

  it('shows each refused line its message on a 409, with a summary, and keeps the cart', async () => {
    addToCart([
      { productId: processor._id, quantity: 12_000 },
      { productId: drive._id, quantity: 20 },
    ]);
    const { user } = setUp([
      answer(routes.purchases.checkout, 409, {
        statusCode: 409,
        error: 'Conflict',
        message: purchaseMessages.linesRefused,
        lines: [{ productId: drive._id, message: messages.unavailableQuantity }],
      }),
    ]);

    await screen.findByRole('form', { name: 'Checkout' });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Phone Number' })).toHaveValue(profile.number),
    );
    await user.click(placeOrder());

    const summary = await screen.findByTestId('checkout-error');
    expect(summary).toHaveTextContent(purchaseMessages.linesRefused);
    expect(summary).toHaveTextContent('One line of the cart cannot be ordered');
    expect(await lineOf(drive.name)).toHaveTextContent(messages.unavailableQuantity);
    expect(await lineOf(processor.name)).not.toHaveTextContent(messages.unavailableQuantity);
    expect(cartLines()).toHaveLength(2);
  });

  it('shows the server’s field errors on a 400 and the shared rules before sending', async () => {
    addToCart([{ productId: drive._id, quantity: 20 }]);
    const { user, callsTo } = setUp([
      answer(routes.profile.get, 200, null),
      answer(routes.purchases.checkout, 400, {
        statusCode: 400,
        error: 'Bad Request',
        message: `poNumber: ${purchaseMessages.poNumber}`,
      }),
    ]);

    await screen.findByRole('form', { name: 'Checkout' });
    await user.click(placeOrder());
    expect(await screen.findAllByText(messages.required)).toHaveLength(2);
    expect(callsTo(routes.purchases.checkout)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Phone Number' }), '(555) 123-4567');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), '12 Harbour Road, Leeds');
    await user.click(placeOrder());
    expect(await screen.findByText(purchaseMessages.poNumber)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'PO number (optional)' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('adds pasted quick-order lines and names the bad ones', async () => {
    const { user } = setUp();

    const box = await screen.findByRole('form', { name: 'Quick order' });
    const textarea = within(box).getByRole('textbox', { name: 'Lines to add' });
    await user.type(textarea, 'name,quantity{enter}hard drive,40{enter}Foo,3{enter}');
    await waitFor(() =>
      expect(within(box).getByRole('button', { name: 'Add lines to cart' })).toBeEnabled(),
    );
    await user.click(within(box).getByRole('button', { name: 'Add lines to cart' }));

    expect(await screen.findByTestId('quick-order-problems')).toHaveTextContent(
      "Line 3: no product named 'Foo'",
    );
    expect(await lineOf(drive.name)).toBeInTheDocument();
    expect(cartLines()).toEqual([{ productId: drive._id, quantity: 40 }]);
    // Only the bad line is left to fix.
    expect(textarea).toHaveValue('Foo,3');
  });

  it('finds a quick-order part number among every product, not only the newest, and an id', async () => {
    // Older than the newest products GET /items answers: only the search finds it.
    const archive = makeProduct(3, {
      name: 'Archive SSD 2TB',
      sku: 'SSD-2T-G4',
      minimum: 100,
      available: 1000,
    });
    const { user, callsTo } = setUp([], {
      products: [processor, drive, archive],
      newest: [processor, drive],
    });

    const box = await screen.findByRole('form', { name: 'Quick order' });
    await user.type(
      within(box).getByRole('textbox', { name: 'Lines to add' }),
      `ssd-2t-g4, 200{enter}${drive._id},10`,
    );
    await user.click(within(box).getByRole('button', { name: 'Add lines to cart' }));

    expect(await lineOf(archive.name)).toBeInTheDocument();
    expect(cartLines()).toEqual([
      { productId: archive._id, quantity: 200 },
      { productId: drive._id, quantity: 10 },
    ]);
    expect(callsTo(routes.catalog.search).map((call) => call.query)).toEqual([
      { q: 'ssd-2t-g4', sort: 'relevance', limit: '5' },
    ]);
    // A product id is read as such (GET /item/{id}), not searched for.
    expect(callsTo(routes.catalog.get).map((call) => call.params.id)).toContain(drive._id);
  });

  it('takes only an exact name from the search, and names a line that matches none', async () => {
    // Newer, and the search lists it first: "Hard Drive" must still be the hard drive.
    const drivePro = makeProduct(5, { name: 'Hard Drive Pro', minimum: 1, available: 50 });
    const { user, callsTo } = setUp([], { products: [drivePro, processor, drive] });

    const box = await screen.findByRole('form', { name: 'Quick order' });
    const textarea = within(box).getByRole('textbox', { name: 'Lines to add' });
    await user.type(textarea, 'HARD DRIVE,40{enter}Hard,3{enter}hard drive,10');
    await user.click(within(box).getByRole('button', { name: 'Add lines to cart' }));

    expect(await screen.findByTestId('quick-order-problems')).toHaveTextContent(
      "Line 2: no product named 'Hard'",
    );
    expect(cartLines()).toEqual([{ productId: drive._id, quantity: 50 }]);
    expect(textarea).toHaveValue('Hard,3');
    // The same name in another case is looked up once.
    expect(callsTo(routes.catalog.search).map((call) => call.query.q)).toEqual([
      'HARD DRIVE',
      'Hard',
    ]);
  });

  it('keeps the lines and says so when the catalogue cannot be searched', async () => {
    const { user } = setUp([handle(routes.catalog.search, () => offContract(500))]);

    const box = await screen.findByRole('form', { name: 'Quick order' });
    const textarea = within(box).getByRole('textbox', { name: 'Lines to add' });
    await user.type(textarea, 'Hard Drive,40');
    await user.click(within(box).getByRole('button', { name: 'Add lines to cart' }));

    expect(
      await screen.findByText('The quick order could not be read. Please try again.'),
    ).toBeInTheDocument();
    expect(textarea).toHaveValue('Hard Drive,40');
    expect(cartLines()).toEqual([]);
    await waitFor(() =>
      expect(within(box).getByRole('button', { name: 'Add lines to cart' })).toBeEnabled(),
    );
  });

  it('adds the lines of an uploaded .csv file', async () => {
    const { user } = setUp();

    const box = await screen.findByRole('form', { name: 'Quick order' });
    const upload = within(box).getByLabelText('Upload a .csv file');
    await waitFor(() => expect(upload).toBeEnabled());
    const file = new File(['sku,quantity\n"Vector X8 Processor",100\n'], 'order.csv', {
      type: 'text/csv',
    });
    await user.upload(upload, file);

    expect(await lineOf(processor.name)).toBeInTheDocument();
    expect(cartLines()).toEqual([{ productId: processor._id, quantity: 100 }]);
  });

  it('asks a signed-out visitor to sign in before checking out, keeping the cart', async () => {
    addToCart([{ productId: drive._id, quantity: 20 }]);
    const { user } = setUp([], { signedInAs: false });

    expect(await screen.findByText('Sign in to check out')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Checkout' })).not.toBeInTheDocument();
    expect(await lineOf(drive.name)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(cartLines()).toHaveLength(1);
  });

  it("prices a company member's line at the contract price and says so", async () => {
    addToCart([{ productId: drive._id, quantity: 20 }]);
    setUp([], { products: [processor, { ...drive, contractPrice: 80 }] });
    const line = await lineOf(drive.name);
    await waitFor(() =>
      expect(within(line).getByTestId('unit-price')).toHaveTextContent(
        'Your price $80 (instead of $95)',
      ),
    );
    expect(within(line).getByTestId('line-total')).toHaveTextContent('$1,600');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('Subtotal: $1,600');
  });

  it('says before checkout that the purchase needs approval, and the button says so (issue 28)', async () => {
    addToCart([{ productId: drive._id, quantity: 20 }]);
    const { user } = setUp([
      answer(routes.companies.spending, 200, {
        companyId: testId(700),
        companyName: 'Northwind Systems GmbH',
        role: 'buyer',
        spendingLimit: 1_000,
        spentThisMonth: 400,
        paymentTerms: null,
        onHold: false,
        holdReason: null,
      }),
    ]);
    // 20 × $95 = $1,900 and $11.50 shipping on top of $400 spent: above the $1,000 limit.
    await waitFor(() =>
      expect(screen.getByTestId('approval-notice')).toHaveTextContent(
        'This purchase needs approval by your company: it takes your spending this month to ' +
          '$2,311.50, above your limit of $1,000. Nothing is charged until it is approved.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Submit for approval' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();

    // The notice follows the cart: 10 × $95 = $950 and shipping take the month to $1,361.50.
    const quantity = within(await lineOf('Hard Drive')).getByRole('spinbutton');
    await user.clear(quantity);
    await user.type(quantity, '10');
    await waitFor(() =>
      expect(screen.getByTestId('approval-notice')).toHaveTextContent('$1,361.50'),
    );
  });

  it('a member of a company on Net 30 pays on account; above the credit, the card is offered (issue 30)', async () => {
    addToCart([{ productId: drive._id, quantity: 20 }]);
    const bodies: Record<string, unknown>[] = [];
    const onAccount: Purchase = {
      ...placed,
      status: 'on_account',
      paymentTerms: 'net30',
      dueDate: '2026-12-27',
      invoiceNumber: 'INV-2026-00042',
      unpaidTotal: 0,
    };
    const { user } = setUp([
      answer(routes.companies.spending, 200, {
        companyId: testId(700),
        companyName: 'Northwind Systems GmbH',
        role: 'buyer',
        spendingLimit: null,
        spentThisMonth: 0,
        paymentTerms: 'net30',
        onHold: false,
        holdReason: null,
      }),
      handle(routes.purchases.checkout, ({ body }) => {
        bodies.push(body as Record<string, unknown>);
        if (bodies.length === 1) {
          return {
            status: 409,
            body: {
              statusCode: 409,
              error: 'Conflict',
              message: accountMessages.overLimit(146_000),
              available: 1460,
            },
          };
        }
        return { status: 201, body: bodies.length === 2 ? placed : onAccount };
      }),
      answer(routes.purchases.get, 200, placed),
    ]);
    const choice = await screen.findByTestId('payment-method');
    expect(within(choice).getByRole('radio', { name: /^Card/ })).toBeChecked();
    const account = within(choice).getByRole('radio', { name: /^On account \(Net 30\)/ });
    expect(account).toHaveAccessibleName(
      'On account (Net 30) Invoiced to your company now, due in 30 days; ships without waiting for payment.',
    );
    await user.click(account);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Phone Number' })).toHaveValue(profile.number),
    );
    await user.click(placeOrder());
    const refused = await screen.findByTestId('credit-refused');
    expect(refused).toHaveTextContent(
      "This order is above your company's available credit of $1,460.",
    );
    expect(bodies[0]).toMatchObject({ paymentMethod: 'account' });
    // The buyer takes the card instead: the same cart, sent without the account.
    await user.click(within(refused).getByRole('button', { name: 'Pay by card instead' }));
    expect(within(choice).getByRole('radio', { name: /^Card/ })).toBeChecked();
    expect(screen.queryByTestId('credit-refused')).not.toBeInTheDocument();
    await user.click(placeOrder());
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).not.toHaveProperty('paymentMethod');
  });

  it('a company on hold is told so, and its member pays by card (issue 30)', async () => {
    addToCart([{ productId: drive._id, quantity: 20 }]);
    setUp([
      answer(routes.companies.spending, 200, {
        companyId: testId(700),
        companyName: 'Northwind Systems GmbH',
        role: 'buyer',
        spendingLimit: null,
        spentThisMonth: 0,
        paymentTerms: 'net30',
        onHold: true,
        holdReason: null,
      }),
    ]);
    expect(await screen.findByTestId('account-on-hold')).toHaveTextContent(
      "Your company's account is on hold, so this order is paid by card.",
    );
    expect(screen.queryByTestId('payment-method')).not.toBeInTheDocument();
  });

  it('a company held by an invoice long overdue is told which, in the server’s words (issue 30)', async () => {
    addToCart([{ productId: drive._id, quantity: 20 }]);
    const reason = accountMessages.overdueHold('INV-2026-00041', 31);
    setUp([
      answer(routes.companies.spending, 200, {
        companyId: testId(700),
        companyName: 'Northwind Systems GmbH',
        role: 'buyer',
        spendingLimit: null,
        spentThisMonth: 0,
        paymentTerms: 'net30',
        onHold: true,
        holdReason: reason,
      }),
    ]);
    expect(await screen.findByTestId('account-on-hold')).toHaveTextContent(reason);
    expect(screen.queryByTestId('payment-method')).not.toBeInTheDocument();
  });

  it("tells the buyer a purchase above their limit awaits their company's approval", async () => {
    addToCart([{ productId: drive._id, quantity: 20 }]);
    const awaiting: Purchase = {
      ...placed,
      status: 'awaiting_approval',
      orders: [],
      unpaidTotal: 0,
      awaitingLines: [
        {
          productId: drive._id,
          productName: drive.name,
          img: drive.img,
          quantity: 20,
          unitPrice: 95,
          price: 1900,
          shippingCharge: 0,
          tax: 0,
        },
      ],
    };
    const { user, router } = setUp([
      answer(routes.purchases.checkout, 201, awaiting),
      answer(routes.purchases.get, 200, awaiting),
    ]);
    const form = await screen.findByRole('form', { name: 'Checkout' });
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: 'Phone Number' })).toHaveValue(
        profile.number,
      ),
    );
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await user.click(placeOrder());

    expect(await screen.findByText(placedMessage(awaiting))).toBeInTheDocument();
    expect(placedMessage(awaiting)).toMatch(/awaits your company's approval/);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/purchases/${placed._id}`),
    );
    expect(await screen.findByTestId('awaiting-approval')).toBeInTheDocument();
    expect(router.state.location.pathname).not.toMatch(/payment/);
  });
});
