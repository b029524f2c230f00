import { addressMessages, type Company, type Location, type LocationInput } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customer, fakeAuthServer } from '../../test/auth-mock';
import { testConfig, testId } from '../../test/factories';
import { answer, handle, mockApi, routes } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import {
  CONFIRM_REMOVE_LOCATION,
  LOCATION_REMOVED,
} from '../../features/companies/components/locations-panel';
import { LOCATION_ADDED } from '../../features/companies/components/location-form';

const companyId = testId(710);

const company = (role: 'owner' | 'buyer'): Company => ({
  _id: companyId,
  name: 'Acme Components Ltd',
  taxId: null,
  billingAddress: null,
  shippingAddress: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  members: [
    {
      email: customer.email,
      role,
      spendingLimit: null,
      status: 'active',
      name: customer.name,
      spentThisMonth: 0,
    },
  ],
});

const austin: Location = {
  _id: testId(711),
  companyId,
  name: 'Austin plant',
  address: {
    name: 'Receiving',
    company: null,
    line1: '9600 Great Hills Trail',
    line2: null,
    city: 'Austin',
    region: 'TX',
    postalCode: '78759',
    country: 'US',
  },
  taxExempt: true,
  createdAt: '2026-11-02T09:00:00.000Z',
  updatedAt: '2026-11-02T09:00:00.000Z',
};

function setUp(role: 'owner' | 'buyer', start: Location[] = []) {
  let saved = [...start];
  const server = fakeAuthServer({ signedInAs: customer });
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    server.mocks,
    answer(routes.companies.purchases, 200, { items: [], total: 0, page: 1, limit: 20 }),
    answer(routes.companies.mine, 200, company(role)),
    handle(routes.locations.list, () => ({
      status: 200,
      body: { items: saved, total: saved.length, page: 1, limit: 50 },
    })),
    handle(routes.locations.create, ({ body }) => {
      const input = body as LocationInput;
      const location: Location = {
        ...austin,
        _id: testId(712),
        name: input.name,
        taxExempt: false,
        address: {
          name: input.address.name,
          company: input.address.company ?? null,
          line1: input.address.line1,
          line2: input.address.line2 ?? null,
          city: input.address.city,
          region: input.address.region ?? null,
          postalCode: input.address.postalCode,
          country: input.address.country,
        },
      };
      saved = [...saved, location];
      return { status: 201, body: location };
    }),
    handle(routes.locations.remove, ({ params }) => {
      saved = saved.filter((l) => l._id !== params.locationId);
      return { status: 200, body: { acknowledged: true, deletedCount: 1 } };
    }),
  ]);
  return { ...api, ...renderApp('/dashboard/mycompany') };
}

const panel = () => screen.findByRole('region', { name: 'Ship-to locations' });

describe('My Company: ship-to locations', () => {
  it('the owner adds a German location: the form checks the PLZ by country before sending', async () => {
    const { user, callsTo } = setUp('owner');
    const locations = await panel();
    expect(await within(locations).findByText(/No ship-to locations yet/)).toBeInTheDocument();
    await user.click(within(locations).getByRole('button', { name: 'Add location' }));
    const form = within(locations).getByRole('form', { name: 'Add a location' });
    const field = (name: string | RegExp) => within(form).getByRole('textbox', { name });

    // A US address by default: the state is a list, and required.
    expect(within(form).getByRole('combobox', { name: 'State' })).toBeInTheDocument();
    await user.type(field('Location name'), 'Berlin depot');
    await user.type(field('Recipient name'), 'Wareneingang');
    await user.type(field('Street address'), 'Friedrichstraße 12');
    await user.type(field('City'), 'Berlin');
    await user.type(field('ZIP code'), '1011');
    await user.click(within(form).getByRole('button', { name: 'Add location' }));
    expect(await within(form).findByText(addressMessages.regionRequired('US'))).toBeInTheDocument();
    expect(callsTo(routes.locations.create)).toHaveLength(0);

    // Germany: no state list, the postal code is a PLZ of five digits.
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Country' }), 'DE');
    expect(within(form).queryByRole('combobox', { name: 'State' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add location' }));
    const plz = field('PLZ');
    await waitFor(() => expect(plz).toHaveAccessibleDescription(addressMessages.postalCode('DE')));
    expect(callsTo(routes.locations.create)).toHaveLength(0);
    await user.clear(plz);
    await user.type(plz, '10117');
    await user.click(within(form).getByRole('button', { name: 'Add location' }));

    expect(await screen.findByText(LOCATION_ADDED)).toBeInTheDocument();
    expect(callsTo(routes.locations.create)[0]!.body).toEqual({
      name: 'Berlin depot',
      address: {
        name: 'Wareneingang',
        company: null,
        line1: 'Friedrichstraße 12',
        line2: null,
        city: 'Berlin',
        region: null,
        postalCode: '10117',
        country: 'DE',
      },
    });
    const item = await within(locations).findByTestId('location');
    expect(item).toHaveTextContent('Berlin depot');
    expect(item).toHaveTextContent('Wareneingang, Friedrichstraße 12, 10117 Berlin, Germany');
  });

  it('the owner deletes a location after the question; it shows a tax exemption', async () => {
    const { user } = setUp('owner', [austin]);
    const locations = await panel();
    const item = await within(locations).findByTestId('location');
    expect(item).toHaveTextContent('Tax exempt');
    expect(item).toHaveTextContent(
      'Receiving, 9600 Great Hills Trail, Austin, TX 78759, United States',
    );
    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: CONFIRM_REMOVE_LOCATION });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(LOCATION_REMOVED)).toBeInTheDocument();
    expect(await within(locations).findByText(/No ship-to locations yet/)).toBeInTheDocument();
  });

  it('a buyer sees the locations, without Add, Edit or Delete', async () => {
    setUp('buyer', [austin]);
    const locations = await panel();
    expect(await within(locations).findByTestId('location')).toHaveTextContent('Austin plant');
    expect(within(locations).queryByRole('button')).not.toBeInTheDocument();
  });
});
