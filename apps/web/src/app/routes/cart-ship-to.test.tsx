import { addressMessages, type Location, type Purchase, type UserInfo } from '@shop/shared';
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
import { answer, handle, mockApi, routes, type Mocks } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { addToCart } from '../../lib/cart-store';

/** The checkout's ship-to choice (issue 29): a company's locations, or another address. */

const drive = makeProduct(2, { name: 'Hard Drive', minimum: 10, available: 300, price: 95 });
const companyId = testId(720);

const profile: UserInfo = {
  education: 'BSc',
  location: 'Austin',
  number: '+1 512 555 0199',
  linkedin: 'https://www.linkedin.com/in/jane',
  company: null,
  taxId: null,
  billingAddress: null,
  shippingAddress: null,
};

const location = (n: number, name: string, city: string): Location => ({
  _id: testId(720 + n),
  companyId,
  name,
  address: {
    name: 'Receiving',
    company: null,
    line1: `${n}00 Main Street`,
    line2: null,
    city,
    region: 'TX',
    postalCode: '78759',
    country: 'US',
  },
  taxExempt: false,
  createdAt: '2026-11-02T09:00:00.000Z',
  updatedAt: '2026-11-02T09:00:00.000Z',
});
const austin = location(1, 'Austin plant', 'Austin');
const dallas = location(2, 'Dallas depot', 'Dallas');

const placed: Purchase = makePurchase({
  _id: testId(900),
  number: 'PW-000124',
  createdAt: '2026-11-24T09:30:00.000Z',
  name: customer.name,
  email: customer.email,
  phone: profile.number,
  address: 'Receiving, 100 Main Street, Austin, TX 78759, United States',
  shipTo: austin.address,
  poNumber: null,
  company: null,
  taxId: null,
  orders: [makeOrder(1, { productName: drive.name, quantity: 20, price: 1900 })],
  total: 1900,
  unpaidTotal: 1900,
  status: 'unpaid',
  paidAt: null,
  shippedAt: null,
  invoiceNumber: null,
  rejectionReason: null,
  awaitingLines: [],
  shipments: [],
  companyId,
  billingAddress: null,
});

function setUp(locations: Location[], extra: Mocks = []) {
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    signedIn(customer),
    answer(routes.catalog.list, 200, [drive]),
    answer(routes.catalog.get, 200, drive),
    answer(routes.profile.get, 200, profile),
    answer(routes.companies.spending, 200, {
      companyId,
      companyName: 'Lone Star Racks',
      role: 'buyer',
      spendingLimit: null,
      spentThisMonth: 0,
      paymentTerms: null,
      onHold: false,
      holdReason: null,
    }),
    answer(routes.locations.list, 200, {
      items: locations,
      total: locations.length,
      page: 1,
      limit: 100,
    }),
    answer(routes.purchases.get, 200, placed),
    handle(routes.purchases.checkout, () => ({ status: 201, body: placed })),
    handle(routes.purchases.preview, ({ body }) => ({
      status: 200,
      body: makePreview(
        body.lines.map((line) => ({ ...line, unitPrice: drive.price })),
        { methodId: body.shippingMethod },
      ),
    })),
    extra,
  ]);
  return { ...api, ...renderApp('/cart') };
}

const checkoutForm = () => screen.findByRole('form', { name: 'Checkout' });

describe('Checkout: ship to', () => {
  it('prices the location chosen, and a method picked for one location is not carried to another', async () => {
    addToCart([{ productId: drive._id, quantity: 20 }]);
    const { user, callsTo } = setUp([austin, dallas]);
    const form = await checkoutForm();
    const methods = await within(form).findByRole('list', { name: 'Shipping methods' });
    await user.click(within(methods).getByRole('radio', { name: /UPS Next Day Air/ }));
    await waitFor(() =>
      expect(callsTo(routes.purchases.preview).at(-1)!.body).toMatchObject({
        locationId: austin._id,
        shippingMethod: testShippingOptions[1]!._id,
      }),
    );
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('$1,939.90');

    // Dallas is priced by the cheapest method again, until the buyer picks another there.
    const shipTo = within(form).getByRole('group', { name: 'Ship to' });
    await user.click(within(shipTo).getByRole('radio', { name: /Dallas depot/ }));
    await waitFor(() =>
      expect(callsTo(routes.purchases.preview).at(-1)!.body).toMatchObject({
        locationId: dallas._id,
      }),
    );
    expect(callsTo(routes.purchases.preview).at(-1)!.body).not.toHaveProperty('shippingMethod');
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$1,911.50'));
    expect(within(methods).getByRole('radio', { name: /UPS Ground/ })).toBeChecked();
  });

  it('offers the company’s locations with the first chosen, and sends its id', async () => {
    addToCart([{ productId: drive._id, quantity: 20 }]);
    const { user, callsTo } = setUp([austin, dallas]);
    const form = await checkoutForm();
    const shipTo = await within(form).findByRole('group', { name: 'Ship to' });
    expect(within(shipTo).getByRole('radio', { name: /Austin plant/ })).toBeChecked();
    expect(within(shipTo).getByRole('radio', { name: /Dallas depot/ })).not.toBeChecked();
    expect(within(form).queryByRole('textbox', { name: 'Address' })).not.toBeInTheDocument();
    await user.click(within(shipTo).getByRole('radio', { name: /Dallas depot/ }));
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: 'Phone Number' })).toHaveValue(
        profile.number,
      ),
    );
    await user.click(within(form).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(callsTo(routes.purchases.checkout)).toHaveLength(1));
    expect(callsTo(routes.purchases.checkout)[0]!.body).toEqual({
      lines: [{ productId: drive._id, quantity: 20 }],
      number: profile.number,
      locationId: dallas._id,
      poNumber: null,
      company: null,
      taxId: null,
    });
  });

  it('takes another address in the structured form, checked before it is sent', async () => {
    addToCart([{ productId: drive._id, quantity: 20 }]);
    const { user, callsTo } = setUp([austin]);
    const form = await checkoutForm();
    const shipTo = await within(form).findByRole('group', { name: 'Ship to' });
    await user.click(within(shipTo).getByRole('radio', { name: 'Another address' }));
    const address = within(form).getByRole('group', { name: 'Delivery address' });
    const field = (name: string) => within(address).getByRole('textbox', { name });
    await user.type(field('Street address'), '1 Rue de Rivoli');
    await user.type(field('City'), 'Paris');
    await user.selectOptions(within(address).getByRole('combobox', { name: 'Country' }), 'FR');
    await user.type(field('Postal code'), '7500');
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: 'Phone Number' })).toHaveValue(
        profile.number,
      ),
    );
    await user.click(within(form).getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(field('Postal code')).toHaveAccessibleDescription(addressMessages.postalCode('FR')),
    );
    expect(callsTo(routes.purchases.checkout)).toHaveLength(0);
    await user.clear(field('Postal code'));
    await user.type(field('Postal code'), '75001');
    await user.click(within(form).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(callsTo(routes.purchases.checkout)).toHaveLength(1));
    expect(callsTo(routes.purchases.checkout)[0]!.body).toMatchObject({
      shipTo: {
        name: customer.name,
        company: null,
        line1: '1 Rue de Rivoli',
        line2: null,
        city: 'Paris',
        region: null,
        postalCode: '75001',
        country: 'FR',
      },
    });
    expect(callsTo(routes.purchases.checkout)[0]!.body).not.toHaveProperty('address');
  });
});
