import type { ShippingMethod, ShippingMethodInputBody } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin, signedIn } from '../../test/auth-mock';
import { testId } from '../../test/factories';
import { handle, mockApi, routes } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import ManageShippingPage from './manage-shipping';

const ground: ShippingMethod = {
  _id: testId(1),
  name: 'UPS Ground',
  carrier: 'UPS',
  countries: ['US'],
  flatPrice: null,
  weightBands: [
    { upToKg: 5, price: 12.5 },
    { upToKg: 30, price: 24.9 },
  ],
  freeAbove: 500,
  daysMin: 1,
  daysMax: 5,
  active: true,
  sortOrder: 1,
};

/** The server's PUT: keeps the list it is given, new methods getting an id. */
function serverOf(initial: ShippingMethod[]) {
  let stored = initial;
  const saved: ShippingMethodInputBody[][] = [];
  const mocks = [
    signedIn(admin),
    handle(routes.shipping.list, () => ({ status: 200, body: stored })),
    handle(routes.shipping.replace, ({ body }) => {
      saved.push(body.methods);
      stored = body.methods.map((method, n) => ({
        flatPrice: null,
        weightBands: [],
        freeAbove: null,
        active: true,
        sortOrder: 0,
        ...method,
        _id: method._id ?? testId(100 + n),
      }));
      return { status: 200, body: { acknowledged: true, methods: stored } };
    }),
  ];
  return { mocks, saved };
}

async function rowOf(name: string) {
  const table = await screen.findByRole('table', { name: 'Shipping methods' });
  return (await within(table).findByText(name)).closest('tr') as HTMLElement;
}

describe('ManageShippingPage', () => {
  it('lists each method with its zone, price, threshold, days and status', async () => {
    mockApi(serverOf([ground]).mocks);
    renderWithProviders(<ManageShippingPage />);
    const row = await rowOf('UPS Ground');
    expect(row).toHaveTextContent('US');
    expect(row).toHaveTextContent('Up to 5 kg $12.50, up to 30 kg $24.90');
    expect(row).toHaveTextContent('$500');
    expect(row).toHaveTextContent('1-5 business days');
    expect(row).toHaveTextContent('Offered');
  });

  it('adds a flat-priced method: the whole list is saved with the new one at its end', async () => {
    const server = serverOf([ground]);
    mockApi(server.mocks);
    const user = userEvent.setup();
    renderWithProviders(<ManageShippingPage />);
    await rowOf('UPS Ground');
    await user.click(screen.getByRole('button', { name: 'Add a shipping method' }));
    const form = screen.getByRole('form', { name: 'Add a shipping method' });
    await user.type(within(form).getByLabelText(/^Name/), 'FedEx International Priority');
    await user.type(within(form).getByLabelText(/^Carrier/), 'FedEx');
    await user.type(within(form).getByLabelText(/^Countries/), 'ca, mx DE');
    await user.type(within(form).getByLabelText(/^Fewest days/), '1');
    await user.type(within(form).getByLabelText(/^Most days/), '3');
    await user.type(within(form).getByRole('spinbutton', { name: /^Flat price/ }), '79.90');
    await user.click(within(form).getByRole('button', { name: 'Add method' }));

    await rowOf('FedEx International Priority');
    expect(server.saved).toEqual([
      [
        { ...ground },
        {
          name: 'FedEx International Priority',
          carrier: 'FedEx',
          countries: ['CA', 'MX', 'DE'],
          flatPrice: 79.9,
          weightBands: [],
          freeAbove: null,
          daysMin: 1,
          daysMax: 3,
          active: true,
          sortOrder: 0,
        },
      ],
    ]);
  });

  it("shows the server's messages under the fields and saves nothing while the method is wrong", async () => {
    const server = serverOf([]);
    mockApi(server.mocks);
    const user = userEvent.setup();
    renderWithProviders(<ManageShippingPage />);
    await screen.findByText('No shipping methods yet.');
    await user.click(screen.getByRole('button', { name: 'Add a shipping method' }));
    const form = screen.getByRole('form', { name: 'Add a shipping method' });
    await user.type(within(form).getByLabelText(/^Name/), 'Sea Freight');
    await user.type(within(form).getByLabelText(/^Carrier/), 'Maersk');
    await user.type(within(form).getByLabelText(/^Countries/), 'XX');
    await user.type(within(form).getByLabelText(/^Fewest days/), '35');
    await user.type(within(form).getByLabelText(/^Most days/), '20');
    await user.click(within(form).getByRole('radio', { name: 'By weight' }));
    await user.click(within(form).getByRole('button', { name: 'Add weight band' }));
    await user.click(within(form).getByRole('button', { name: 'Add weight band' }));
    const [first, second] = within(form).getAllByTestId('band-row');
    await user.type(within(first!).getByLabelText(/up to kg/), '500');
    await user.type(within(first!).getByLabelText(/price/), '850');
    await user.type(within(second!).getByLabelText(/up to kg/), '200');
    await user.type(within(second!).getByLabelText(/price/), '1900');
    await user.click(within(form).getByRole('button', { name: 'Add method' }));

    expect(await within(form).findByText(/two-letter ISO code/)).toBeInTheDocument();
    // Once each field is right, the rules between them speak.
    await user.clear(within(form).getByLabelText(/^Countries/));
    await user.type(within(form).getByLabelText(/^Countries/), 'DE, JP');
    await user.click(within(form).getByRole('button', { name: 'Add method' }));
    expect(await within(form).findByText(/at least the fewest/)).toBeInTheDocument();
    expect(within(form).getByText(/reach further than the one before/)).toBeInTheDocument();
    expect(server.saved).toEqual([]);
  });

  it('deactivates a method: saved with active false, shown as not offered', async () => {
    const server = serverOf([ground]);
    mockApi(server.mocks);
    const user = userEvent.setup();
    renderWithProviders(<ManageShippingPage />);
    const row = await rowOf('UPS Ground');
    await user.click(within(row).getByRole('button', { name: 'Deactivate UPS Ground' }));
    await waitFor(() => expect(server.saved).toEqual([[{ ...ground, active: false }]]));
    expect(await within(await rowOf('UPS Ground')).findByText('Not offered')).toBeInTheDocument();
  });

  it('edits a method in place, keeping its id', async () => {
    const server = serverOf([ground]);
    mockApi(server.mocks);
    const user = userEvent.setup();
    renderWithProviders(<ManageShippingPage />);
    const row = await rowOf('UPS Ground');
    await user.click(within(row).getByRole('button', { name: 'Edit UPS Ground' }));
    const form = screen.getByRole('form', { name: 'Edit UPS Ground' });
    const free = within(form).getByLabelText(/^Free above/);
    await user.clear(free);
    await user.click(within(form).getByRole('button', { name: 'Save method' }));
    await waitFor(() => expect(server.saved).toEqual([[{ ...ground, freeAbove: null }]]));
  });
});
