import { messages, userInfoSchema, type UserInfo } from '@shop/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customer, signedIn } from '../../test/auth-mock';
import { answer, handle, mockApi, routes } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import ProfilePage from './my-profile';

const stored: UserInfo = {
  education: 'BSc Electrical Engineering',
  location: 'Rotterdam',
  number: '+31 10 555 0101',
  linkedin: 'https://www.linkedin.com/in/jane-buyer',
  company: null,
  taxId: null,
  billingAddress: null,
  shippingAddress: null,
};

const field = (label: string) => screen.getByRole('textbox', { name: label });
const shown = (testId: string) => screen.getByTestId(testId);

/** The customer's stored profile, read and saved: it remembers what was saved. */
function infoServer(initial: UserInfo | null) {
  let info = initial;
  return [
    handle(routes.profile.get, () => ({ status: 200, body: info })),
    handle(routes.profile.save, ({ body }) => {
      const upserted = info === null;
      const saved = userInfoSchema.parse(body);
      info = saved;
      return { status: 200, body: { acknowledged: true, upserted, info: saved } };
    }),
  ];
}

async function fill(user: ReturnType<typeof renderWithProviders>['user'], info: UserInfo) {
  for (const [label, value] of [
    ['Education', info.education],
    ['Location', info.location],
    ['Phone Number', info.number],
    ['LinkedIn', info.linkedin],
  ] as const) {
    await user.clear(field(label));
    await user.type(field(label), value);
  }
}

describe('ProfilePage', () => {
  it('starts in Add Information mode, saves, shows the information and turns to Update', async () => {
    const { callsTo } = mockApi([signedIn(customer), infoServer(null)]);
    const { user } = renderWithProviders(<ProfilePage />);

    expect(await screen.findByRole('heading', { name: 'Add Information' })).toBeInTheDocument();
    expect(shown('profile-name')).toHaveTextContent(customer.name);
    expect(shown('profile-email')).toHaveTextContent(customer.email);
    expect(shown('profile-education')).toHaveTextContent('Not added yet');

    await fill(user, stored);
    await user.click(screen.getByRole('button', { name: 'Add Information' }));

    expect(await screen.findByText(messages.informationSaved)).toBeInTheDocument();
    expect(callsTo(routes.profile.save).map((call) => [call.params.email, call.body])).toEqual([
      [customer.email, stored],
    ]);
    expect(await screen.findByRole('heading', { name: 'Update Information' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Information' })).toBeInTheDocument();
    expect(shown('profile-education')).toHaveTextContent(stored.education);
    expect(shown('profile-location')).toHaveTextContent(stored.location);
    expect(shown('profile-number')).toHaveTextContent(stored.number);
    expect(shown('profile-linkedin')).toHaveTextContent(stored.linkedin);
    expect(field('Location')).toHaveValue(stored.location);
  });

  it('updates stored information in Update Information mode', async () => {
    const { callsTo } = mockApi([signedIn(customer), infoServer(stored)]);
    const { user } = renderWithProviders(<ProfilePage />);

    expect(await screen.findByRole('heading', { name: 'Update Information' })).toBeInTheDocument();
    expect(shown('profile-location')).toHaveTextContent('Rotterdam');
    expect(field('Location')).toHaveValue('Rotterdam');

    await user.clear(field('Location'));
    await user.type(field('Location'), 'Eindhoven');
    await user.click(screen.getByRole('button', { name: 'Update Information' }));

    expect(await screen.findByText(messages.informationSaved)).toBeInTheDocument();
    expect(callsTo(routes.profile.save).map((call) => call.body)).toEqual([
      { ...stored, location: 'Eindhoven' },
    ]);
    await waitFor(() => expect(shown('profile-location')).toHaveTextContent('Eindhoven'));
  });

  it('requires every field', async () => {
    const { callsTo } = mockApi([signedIn(customer), infoServer(null)]);
    const { user } = renderWithProviders(<ProfilePage />);

    await user.click(await screen.findByRole('button', { name: 'Add Information' }));

    expect(await screen.findAllByText(messages.required)).toHaveLength(4);
    expect(field('Education')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(routes.profile.save)).toHaveLength(0);
  });

  it('says "No user is logged in." when nobody is signed in', async () => {
    const { callsTo } = mockApi([answer(routes.auth.session, 200, null)]);
    const { user } = renderWithProviders(<ProfilePage />);

    await screen.findByRole('heading', { name: 'Add Information' });
    await waitFor(() => expect(callsTo(routes.auth.session)).not.toHaveLength(0));
    await fill(user, stored);
    await user.click(screen.getByRole('button', { name: 'Add Information' }));

    expect(await screen.findByText(messages.noUserLoggedIn)).toBeInTheDocument();
    expect(callsTo(routes.profile.get)).toHaveLength(0);
    expect(callsTo(routes.profile.save)).toHaveLength(0);
  });

  it('saves the business details beside the four fields and shows them again', async () => {
    const { callsTo } = mockApi([signedIn(customer), infoServer(stored)]);
    const { user } = renderWithProviders(<ProfilePage />);

    await screen.findByRole('heading', { name: 'Update Information' });
    expect(shown('profile-company')).toHaveTextContent('Not added yet');
    expect(field('Company name')).toHaveValue('');
    await user.type(field('Company name'), 'Acme Components Ltd');
    await user.type(field('Tax id (VAT/EIN)'), 'GB123456789');
    await user.type(field('Billing address'), 'Unit 4/B #2, Harbour Road, Leeds');
    await user.type(field('Shipping address'), 'Dock 7, Hull');
    await user.click(screen.getByRole('button', { name: 'Update Information' }));

    expect(await screen.findByText(messages.informationSaved)).toBeInTheDocument();
    const business = {
      company: 'Acme Components Ltd',
      taxId: 'GB123456789',
      billingAddress: 'Unit 4/B #2, Harbour Road, Leeds',
      shippingAddress: 'Dock 7, Hull',
    };
    expect(callsTo(routes.profile.save).map((call) => call.body)).toEqual([
      { ...stored, ...business },
    ]);
    await waitFor(() => expect(shown('profile-company')).toHaveTextContent(business.company));
    expect(shown('profile-tax-id')).toHaveTextContent(business.taxId);
    expect(shown('profile-billing-address')).toHaveTextContent(business.billingAddress);
    expect(shown('profile-shipping-address')).toHaveTextContent(business.shippingAddress);
    expect(field('Shipping address')).toHaveValue(business.shippingAddress);
  });

  it('starts from stored business details and sends an emptied one as none', async () => {
    const withCompany: UserInfo = { ...stored, company: 'Acme Components Ltd', taxId: 'GB1' };
    const { callsTo } = mockApi([signedIn(customer), infoServer(withCompany)]);
    const { user } = renderWithProviders(<ProfilePage />);

    await screen.findByRole('heading', { name: 'Update Information' });
    expect(field('Company name')).toHaveValue('Acme Components Ltd');
    await user.clear(field('Tax id (VAT/EIN)'));
    await user.click(screen.getByRole('button', { name: 'Update Information' }));

    expect(await screen.findByText(messages.informationSaved)).toBeInTheDocument();
    expect(callsTo(routes.profile.save)[0]?.body).toMatchObject({
      company: 'Acme Components Ltd',
      taxId: null,
    });
    await waitFor(() => expect(shown('profile-tax-id')).toHaveTextContent('Not added yet'));
  });

  it('refuses a billing address SPEC would refuse, with its message', async () => {
    const { callsTo } = mockApi([signedIn(customer), infoServer(stored)]);
    const { user } = renderWithProviders(<ProfilePage />);

    await screen.findByRole('heading', { name: 'Update Information' });
    await user.type(field('Billing address'), '#!');
    await user.click(screen.getByRole('button', { name: 'Update Information' }));

    expect(await screen.findByText(messages.invalidAddress)).toBeInTheDocument();
    expect(field('Billing address')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(routes.profile.save)).toHaveLength(0);
  });
});
