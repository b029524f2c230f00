import type { Company, Location, LocationInput } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, fakeAuthServer } from '../../test/auth-mock';
import { testConfig, testId } from '../../test/factories';
import { answer, handle, mockApi, routes } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

const companyId = testId(730);

const company: Company = {
  _id: companyId,
  name: 'Acme Components Ltd',
  taxId: null,
  billingAddress: null,
  shippingAddress: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  members: [],
};

/** The admin runs a company's locations too, and alone may exempt one from tax (issue 29). */
describe('A company’s locations (admin)', () => {
  it('the admin adds a tax-exempt location', async () => {
    let saved: Location[] = [];
    const server = fakeAuthServer({ signedInAs: admin });
    const { user, callsTo } = {
      ...mockApi([
        answer(routes.settings.config, 200, testConfig),
        server.mocks,
        answer(routes.companies.get, 200, company),
        answer(routes.companies.prices, 200, { items: [], total: 0, page: 1, limit: 50 }),
        handle(routes.locations.list, () => ({
          status: 200,
          body: { items: saved, total: saved.length, page: 1, limit: 50 },
        })),
        handle(routes.locations.create, ({ body }) => {
          const input = body as LocationInput;
          const location: Location = {
            _id: testId(731),
            companyId,
            name: input.name,
            address: {
              name: input.address.name,
              company: null,
              line1: input.address.line1,
              line2: null,
              city: input.address.city,
              region: input.address.region ?? null,
              postalCode: input.address.postalCode,
              country: input.address.country,
            },
            taxExempt: input.taxExempt ?? false,
            createdAt: '2026-11-02T09:00:00.000Z',
            updatedAt: '2026-11-02T09:00:00.000Z',
          };
          saved = [location];
          return { status: 201, body: location };
        }),
      ]),
      ...renderApp(`/dashboard/companies/${companyId}`),
    };
    const panel = await screen.findByRole('region', { name: 'Ship-to locations' });
    await user.click(await within(panel).findByRole('button', { name: 'Add location' }));
    const form = within(panel).getByRole('form', { name: 'Add a location' });
    await user.type(within(form).getByRole('textbox', { name: 'Location name' }), 'Reseller DC');
    await user.type(within(form).getByRole('textbox', { name: 'Recipient name' }), 'Receiving');
    await user.type(within(form).getByRole('textbox', { name: 'Street address' }), '1 Elm St');
    await user.type(within(form).getByRole('textbox', { name: 'City' }), 'Albany');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'State' }), 'NY');
    await user.type(within(form).getByRole('textbox', { name: 'ZIP code' }), '12207');
    await user.click(within(form).getByRole('checkbox', { name: /Tax exempt/ }));
    await user.click(within(form).getByRole('button', { name: 'Add location' }));
    await waitFor(() => expect(callsTo(routes.locations.create)).toHaveLength(1));
    expect(callsTo(routes.locations.create)[0]!.body).toMatchObject({
      name: 'Reseller DC',
      taxExempt: true,
      address: { region: 'NY', postalCode: '12207', country: 'US' },
    });
    expect(await within(panel).findByTestId('location')).toHaveTextContent('Tax exempt');
  });
});
