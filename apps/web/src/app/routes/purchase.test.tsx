import {
  accountMessages,
  IDEMPOTENCY_KEY_HEADER,
  messages,
  type Spending,
  type Order,
  type Product,
} from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { customer, sessionAnswer, signedIn } from '../../test/auth-mock';
import { makeOrder, makePreview, makeProduct, testConfig, testId } from '../../test/factories';
import { answer, handle, mockApi, type Mocks, type Reply, routes } from '../../test/fetch-mock';
import { hydrateIsland, renderOnServer } from '../../test/islands';
import { renderApp } from '../../test/render';
import { cartLines } from '../../lib/cart-store';
import { replacePage } from '../../lib/replace-page';
import PurchaseDocument, { PurchaseIsland } from './purchase';

// jsdom cannot load another page: the move to the purchase page is checked as the call.
vi.mock('../../lib/replace-page', () => ({ replacePage: vi.fn() }));

const product = makeProduct(1, {
  name: 'Vector X8 Processor',
  description: 'D'.repeat(150) + 'TAIL',
  minimum: 50,
  available: 500,
  price: 12,
});
function setUp(extra: Mocks = [], item: Product = product) {
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    signedIn(customer),
    answer(routes.catalog.get, 200, item),
    // The server's charge: the line at the product's price, UPS Ground, 8.25 % sales tax.
    handle(routes.purchases.preview, ({ body }) => ({
      status: 200,
      body: makePreview(
        body.lines.map((line) => ({ ...line, unitPrice: item.contractPrice ?? item.price })),
        { taxRate: 0.0825, taxName: 'Sales tax TX 8.25 %' },
      ),
    })),
    extra,
  ]);
  const view = renderApp(`/purchase/${item._id}`);
  return { ...api, ...view };
}

const quantityInput = () => screen.findByRole('spinbutton', { name: 'Quantity' });
const purchaseButton = () => screen.getByRole('button', { name: 'Purchase' });
const toasts = (text: string) => screen.queryAllByText(text);

async function fillContact(user: ReturnType<typeof setUp>['user']) {
  await user.type(screen.getByRole('textbox', { name: 'Phone Number' }), '(555) 123-4567');
  await user.type(screen.getByRole('textbox', { name: 'Address' }), '12 Harbour Road, Leeds');
}

describe('Purchase page drawn by the server for the signed-in visitor', () => {
  const noCompany: Spending = {
    companyId: null,
    companyName: null,
    role: null,
    spendingLimit: null,
    spentThisMonth: 0,
    paymentTerms: null,
    onHold: false,
    holdReason: null,
  };
  const page = {
    path: `/purchase/${product._id}`,
    config: testConfig,
    visitor: {
      email: customer.email,
      displayName: customer.name,
      emailVerified: true,
      isAdmin: false,
    },
    purchaseProduct: { ...product, contractPrice: 10 },
  };

  it('arrives with the product at their price, and hydrates into the order form without a Loading... screen', async () => {
    const { callsTo } = mockApi([
      answer(routes.settings.config, 200, testConfig),
      signedIn(customer),
      answer(routes.companies.spending, 200, noCompany),
      // Read again with their token once it is at hand, as on every visit.
      answer(routes.catalog.get, 200, page.purchaseProduct),
    ]);
    const container = renderOnServer(<PurchaseDocument />, page);
    // In the HTML: the product and its picture; no Loading... screen.
    expect(within(container).getByRole('heading', { name: product.name })).toBeInTheDocument();
    expect(within(container).getByRole('img', { name: product.name })).toBeInTheDocument();
    expect(within(container).queryByText('Loading...')).toBeNull();

    const island = await hydrateIsland(container, 'purchase', PurchaseIsland, page);
    expect(island.mismatches).toEqual([]);
    expect(await within(container).findByRole('spinbutton', { name: 'Quantity' })).toHaveValue(
      product.minimum,
    );
    expect(within(container).queryByText('Loading...')).toBeNull();
    // Priced at their contract price, which came with the page.
    expect(within(container).getByText('Your price $10')).toBeInTheDocument();
    // The session and the product came with the page: neither is asked for again.
    expect(callsTo(routes.auth.session)).toEqual([]);
    island.unmount();
  });
});

describe('Purchase page', () => {
  it('shows the product with a description preview, its figures and the read-only user', async () => {
    setUp();

    expect(await screen.findByRole('heading', { level: 2, name: product.name })).toBeVisible();
    expect(screen.getByRole('img', { name: product.name })).toHaveAttribute('src', product.img);
    expect(screen.getByText(`${'D'.repeat(150)}...`)).toBeInTheDocument();
    expect(screen.queryByText(/TAIL/)).not.toBeInTheDocument();
    const facts = screen.getByTestId('product-facts');
    expect(facts).toHaveTextContent('Minimum order: 50 pieces');
    expect(facts).toHaveTextContent('Available: 500 pieces');
    expect(facts).toHaveTextContent('Price: $12 per piece');

    // The order form's code is a chunk of its own: it comes after the product.
    const name = await screen.findByRole('textbox', { name: 'Name' });
    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(name).toHaveValue(customer.name));
    expect(email).toHaveValue(customer.email);
    expect(name).toHaveAttribute('readonly');
    expect(email).toHaveAttribute('readonly');
  });

  it('starts the quantity at the minimum and shows the live total', async () => {
    const { user } = setUp();
    const quantity = await quantityInput();

    expect(quantity).toHaveValue(50);
    expect(screen.getByTestId('order-total')).toHaveTextContent('Subtotal: $600');
    expect(purchaseButton()).toBeEnabled();

    await user.clear(quantity);
    await user.type(quantity, '120');
    expect(screen.getByTestId('order-total')).toHaveTextContent('Subtotal: $1,440');
  });

  it('disables Purchase and toasts Unavailable Quantity. once when the quantity exceeds the stock', async () => {
    const { user } = setUp();
    const quantity = await quantityInput();

    await user.clear(quantity);
    await user.type(quantity, '5000');

    expect(await screen.findByText(messages.unavailableQuantity)).toBeInTheDocument();
    expect(purchaseButton()).toBeDisabled();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');

    await user.type(quantity, '0');
    expect(toasts(messages.unavailableQuantity)).toHaveLength(1);
  });

  it('disables Purchase and toasts the minimum when the quantity is below it', async () => {
    const { user } = setUp();
    const quantity = await quantityInput();

    await user.clear(quantity);
    await user.type(quantity, '10');

    expect(await screen.findByText(messages.minimumQuantity(50))).toBeInTheDocument();
    expect(toasts(messages.minimumQuantity(50))).toHaveLength(1);
    expect(purchaseButton()).toBeDisabled();

    await user.type(quantity, '0');
    expect(purchaseButton()).toBeEnabled();
  });

  it('shows the SPEC messages for a missing or invalid phone and address, without ordering', async () => {
    const { user, callsTo } = setUp();
    await quantityInput();

    await user.click(purchaseButton());
    expect(await screen.findAllByText(messages.required)).toHaveLength(2);

    await user.type(screen.getByRole('textbox', { name: 'Phone Number' }), '12345');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), '#!');
    await user.click(purchaseButton());

    expect(await screen.findByText(messages.invalidPhone)).toBeInTheDocument();
    expect(screen.getByText(messages.invalidAddress)).toBeInTheDocument();
    expect(callsTo(routes.orders.place)).toHaveLength(0);
  });

  it('adds the typed quantity to the cart, and nothing while the quantity cannot be ordered', async () => {
    const { user, callsTo } = setUp();
    const quantity = await quantityInput();

    await user.clear(quantity);
    await user.type(quantity, '120');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(cartLines()).toEqual([{ productId: product._id, quantity: 120 }]);

    await user.clear(quantity);
    await user.type(quantity, '5');
    // Never the minimum in place of what was typed: the button waits for a quantity that fits.
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    expect(cartLines()).toEqual([{ productId: product._id, quantity: 120 }]);
    // Adding to the cart orders nothing.
    expect(callsTo(routes.orders.place)).toHaveLength(0);
  });

  it('shows what the quantity and address typed would charge before Purchase (issue 29)', async () => {
    const { user, callsTo } = setUp();
    const quantity = await quantityInput();
    await user.clear(quantity);
    await user.type(quantity, '60');
    expect(screen.getByTestId('charge-hint')).toHaveTextContent(
      'Shipping and tax are added once the phone number and address are typed.',
    );
    await fillContact(user);

    // 60 × $12 = $720, $11.50 shipping, 8.25 % of $731.50 = $60.35.
    expect(await screen.findByTestId('charge-total')).toHaveTextContent('$791.85');
    const charges = screen.getByLabelText('Order total');
    expect(charges).toHaveTextContent('Subtotal$720');
    expect(charges).toHaveTextContent('ShippingUPS Ground (UPS), 1-5 business days$11.50');
    expect(charges).toHaveTextContent('Sales tax TX 8.25 %$60.35');
    // One total on the page: the goods' subtotal makes way for the server's charge.
    expect(screen.queryByTestId('order-total')).not.toBeInTheDocument();
    expect(callsTo(routes.purchases.preview).at(-1)!.body).toEqual({
      lines: [{ productId: product._id, quantity: 60 }],
      number: '(555) 123-4567',
      address: '12 Harbour Road, Leeds',
    });
    // Asked once the typing paused, not once per keystroke.
    expect(callsTo(routes.purchases.preview).length).toBeLessThanOrEqual(2);
  });

  it('says so when no shipping method takes the order to the address typed', async () => {
    const message = 'We cannot ship this order to US: no shipping method takes it there.';
    const { user } = setUp([
      answer(routes.purchases.preview, 400, { statusCode: 400, error: 'Bad Request', message }),
    ]);
    await quantityInput();
    await fillContact(user);
    expect(await screen.findByTestId('preview-error')).toHaveTextContent(message);
  });

  it('places a valid order and goes to its purchase page, Purchase busy meanwhile', async () => {
    const order: Order = makeOrder(9, { productId: product._id, quantity: 60, price: 720 });
    const { user, callsTo } = setUp([
      answer(routes.orders.place, 201, {
        acknowledged: true,
        insertedId: order._id,
        order,
        purchaseId: order.purchaseId,
        purchaseStatus: 'unpaid',
      }),
    ]);
    const quantity = await quantityInput();

    await user.clear(quantity);
    await user.type(quantity, '60');
    await fillContact(user);
    await user.click(purchaseButton());

    // The purchase page shows SPEC's toast on arrival (purchase-details.test.tsx).
    await waitFor(() =>
      expect(replacePage).toHaveBeenCalledWith(`/dashboard/purchases/${order.purchaseId}?placed=1`),
    );
    expect(replacePage).toHaveBeenCalledTimes(1);
    expect(callsTo(routes.orders.place)[0]?.body).toEqual({
      productId: product._id,
      quantity: 60,
      number: '(555) 123-4567',
      address: '12 Harbour Road, Leeds',
    });
    // Nobody can press Purchase again while the next page loads.
    expect(purchaseButton()).toBeDisabled();
    await user.click(purchaseButton());
    expect(callsTo(routes.orders.place)).toHaveLength(1);
  });

  it('sends one Buy Now, with an Idempotency-Key, for a double click', async () => {
    const order: Order = makeOrder(9, { productId: product._id, quantity: 50, price: 600 });
    let release: () => void = () => undefined;
    const { user, callsTo } = setUp([
      handle(routes.orders.place, async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return {
          status: 201,
          body: {
            acknowledged: true,
            insertedId: order._id,
            order,
            purchaseId: order.purchaseId,
            purchaseStatus: 'unpaid',
          },
        };
      }),
    ]);
    await quantityInput();
    await fillContact(user);
    await user.dblClick(purchaseButton());
    await waitFor(() => expect(callsTo(routes.orders.place)).toHaveLength(1));
    release();

    await waitFor(() => expect(replacePage).toHaveBeenCalledTimes(1));
    expect(callsTo(routes.orders.place)).toHaveLength(1);
    expect(callsTo(routes.orders.place)[0]!.headers[IDEMPOTENCY_KEY_HEADER]).toMatch(/\S{16,}/);
  });

  it.each([
    ['+1 (555) 123-4567', 'Unit 4/B #2', 'Unit 4/B #2'],
    [
      '+44 20 7946 0958',
      'Flat 3 & 4, Rue de l’Église 5°, Zürich',
      'Flat 3 & 4, Rue de l’Église 5°, Zürich',
    ],
    // Enter between street and city is what people press in a box of two lines.
    ['+44 20 7946 0958', '12 Harbour Road{Enter}Leeds LS1 4DY', '12 Harbour Road, Leeds LS1 4DY'],
  ])('orders with the number %s and the address %s as typed', async (number, typed, address) => {
    const order: Order = makeOrder(9, { productId: product._id, quantity: 50, price: 600 });
    const { user, callsTo } = setUp([
      answer(routes.orders.place, 201, {
        acknowledged: true,
        insertedId: order._id,
        order,
        purchaseId: order.purchaseId,
        purchaseStatus: 'unpaid',
      }),
    ]);
    await quantityInput();
    await user.type(screen.getByRole('textbox', { name: 'Phone Number' }), number);
    await user.type(screen.getByRole('textbox', { name: 'Address' }), typed);
    await user.click(purchaseButton());

    await waitFor(() => expect(replacePage).toHaveBeenCalled());
    expect(callsTo(routes.orders.place)[0]?.body).toEqual({
      productId: product._id,
      quantity: 50,
      number,
      address,
    });
  });

  it('a company member sees the price and total the server charges, and that it will wait for approval', async () => {
    // Northwind's buyer: $17,175 spent of a $15,000 monthly limit, a contract price of $10.
    const northwind: Spending = {
      companyId: testId(700),
      companyName: 'Northwind Systems GmbH',
      role: 'buyer',
      spendingLimit: 15_000,
      spentThisMonth: 17_175,
      paymentTerms: null,
      onHold: false,
      holdReason: null,
    };
    const order: Order = makeOrder(9, { productId: product._id, quantity: 50, price: 500 });
    const { user, callsTo } = setUp(
      [
        answer(routes.companies.spending, 200, northwind),
        answer(routes.orders.place, 201, {
          acknowledged: true,
          insertedId: order.purchaseId,
          purchaseId: order.purchaseId,
          purchaseStatus: 'awaiting_approval',
        }),
      ],
      { ...product, contractPrice: 10 },
    );
    await quantityInput();
    expect(screen.getByText('Your price $10')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('Subtotal: $500');
    expect(await screen.findByTestId('approval-notice')).toHaveTextContent(
      'This purchase needs approval by your company: it takes your spending this month to ' +
        '$17,675, above your limit of $15,000. Nothing is charged until it is approved.',
    );
    // The button says what it does: the purchase goes for approval, not to payment.
    expect(screen.queryByRole('button', { name: 'Purchase' })).not.toBeInTheDocument();
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    await waitFor(() =>
      expect(replacePage).toHaveBeenCalledWith(`/dashboard/purchases/${order.purchaseId}?placed=1`),
    );
    expect(callsTo(routes.orders.place)).toHaveLength(1);
  });

  it('Buy Now on account: the member picks it, and above the credit is offered the card (issue 30)', async () => {
    const northwind: Spending = {
      companyId: testId(700),
      companyName: 'Northwind Systems GmbH',
      role: 'buyer',
      spendingLimit: null,
      spentThisMonth: 0,
      paymentTerms: 'net45',
      onHold: false,
      holdReason: null,
    };
    const { user, callsTo } = setUp([
      answer(routes.companies.spending, 200, northwind),
      answer(routes.orders.place, 409, {
        statusCode: 409,
        error: 'Conflict',
        message: accountMessages.overLimit(25_000),
        available: 250,
      }),
    ]);
    await quantityInput();
    await user.click(await screen.findByRole('radio', { name: /^On account \(Net 45\)/ }));
    await fillContact(user);
    await user.click(purchaseButton());
    expect(await screen.findByTestId('credit-refused')).toHaveTextContent(
      "This order is above your company's available credit of $250.",
    );
    expect(callsTo(routes.orders.place)[0]?.body).toMatchObject({ paymentMethod: 'account' });
    expect(replacePage).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Pay by card instead' }));
    expect(screen.getByRole('radio', { name: /^Card/ })).toBeChecked();
  });

  it('says nothing of approval while the purchase stays within the limit, or without a limit', async () => {
    const within: Spending = {
      companyId: testId(700),
      companyName: 'Northwind Systems GmbH',
      role: 'buyer',
      spendingLimit: 1_000,
      spentThisMonth: 400,
      paymentTerms: null,
      onHold: false,
      holdReason: null,
    };
    const { user, callsTo } = setUp([answer(routes.companies.spending, 200, within)]);
    const quantity = await quantityInput();
    expect(screen.getByTestId('order-total')).toHaveTextContent('Subtotal: $600');
    await waitFor(() => expect(callsTo(routes.companies.spending)).toHaveLength(1));
    expect(screen.queryByTestId('approval-notice')).not.toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '51');
    expect(await screen.findByTestId('approval-notice')).toHaveTextContent('$1,012');
  });

  it("shows the server's refusal in an error toast", async () => {
    const { user } = setUp([
      answer(routes.orders.place, 409, {
        statusCode: 409,
        error: 'Conflict',
        message: messages.unavailableQuantity,
      }),
    ]);
    await quantityInput();
    await fillContact(user);
    await user.click(purchaseButton());

    expect(await screen.findByText(messages.unavailableQuantity)).toBeInTheDocument();
    expect(replacePage).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('(555) 123-4567');
  });

  it('says when the stock is below the minimum order, with Purchase disabled', async () => {
    setUp([], { ...product, available: 20 });
    expect(await screen.findByText(/Not enough stock for the minimum order/)).toBeInTheDocument();
    expect(purchaseButton()).toBeDisabled();
  });

  it('asks for the product while the session is still being checked, and reads it once', async () => {
    // "Once" holds for PRODUCT_FRESH_MS of the clock; a loaded machine must not run it out.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    type SessionReply = Reply<typeof routes.auth.session>;
    let answerSession: (reply: SessionReply) => void = () => undefined;
    const { callsTo } = setUp([
      handle(
        routes.auth.session,
        () => new Promise<SessionReply>((resolve) => (answerSession = resolve)),
      ),
    ]);

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(routes.catalog.get)).toHaveLength(1));

    answerSession({ status: 200, body: sessionAnswer(customer) });
    expect(await quantityInput()).toHaveValue(product.minimum);
    expect(screen.getByRole('img', { name: product.name })).toHaveAttribute(
      'fetchpriority',
      'high',
    );
    expect(callsTo(routes.catalog.get).map((call) => call.params)).toEqual([{ id: product._id }]);
  });

  it('says so when the product does not exist', async () => {
    setUp([
      answer(routes.catalog.get, 404, {
        statusCode: 404,
        error: 'Not Found',
        message: 'Product not found.',
      }),
    ]);
    expect(await screen.findByText(/does not exist/)).toBeInTheDocument();
  });
});
