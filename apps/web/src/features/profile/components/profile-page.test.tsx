import { messages, type UserInfo } from '@shop/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customer, signedIn } from '../../../test/auth-mock';
import { mockApi, type RecordedCall } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import ProfilePage from './profile-page';

const infoPath = `/userinfo/${encodeURIComponent(customer.email)}`;
const stored: UserInfo = {
  education: 'BSc Electrical Engineering',
  location: 'Rotterdam',
  number: '+31 10 555 0101',
  linkedin: 'https://www.linkedin.com/in/jane-buyer',
};

const puts = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'PUT' && call.path === infoPath);
const field = (label: string) => screen.getByRole('textbox', { name: label });
const shown = (testId: string) => screen.getByTestId(testId);

/** A GET and PUT /userinfo/{email} that remember what was saved. */
function infoServer(initial: UserInfo | null) {
  let info = initial;
  return {
    [`GET ${infoPath}`]: () => ({ body: info }),
    [`PUT ${infoPath}`]: ({ body }: { body: unknown }) => {
      const upserted = info === null;
      info = body as UserInfo;
      return { body: { acknowledged: true, upserted, info } };
    },
  };
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
    const { calls } = mockApi({ ...signedIn(customer), ...infoServer(null) });
    const { user } = renderWithProviders(<ProfilePage />);

    expect(await screen.findByRole('heading', { name: 'Add Information' })).toBeInTheDocument();
    expect(shown('profile-name')).toHaveTextContent(customer.name);
    expect(shown('profile-email')).toHaveTextContent(customer.email);
    expect(shown('profile-education')).toHaveTextContent('Not added yet');

    await fill(user, stored);
    await user.click(screen.getByRole('button', { name: 'Add Information' }));

    expect(await screen.findByText(messages.informationSaved)).toBeInTheDocument();
    expect(puts(calls).map((call) => call.body)).toEqual([stored]);
    expect(await screen.findByRole('heading', { name: 'Update Information' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Information' })).toBeInTheDocument();
    expect(shown('profile-education')).toHaveTextContent(stored.education);
    expect(shown('profile-location')).toHaveTextContent(stored.location);
    expect(shown('profile-number')).toHaveTextContent(stored.number);
    expect(shown('profile-linkedin')).toHaveTextContent(stored.linkedin);
    expect(field('Location')).toHaveValue(stored.location);
  });

  it('updates stored information in Update Information mode', async () => {
    const { calls } = mockApi({ ...signedIn(customer), ...infoServer(stored) });
    const { user } = renderWithProviders(<ProfilePage />);

    expect(await screen.findByRole('heading', { name: 'Update Information' })).toBeInTheDocument();
    expect(shown('profile-location')).toHaveTextContent('Rotterdam');
    expect(field('Location')).toHaveValue('Rotterdam');

    await user.clear(field('Location'));
    await user.type(field('Location'), 'Eindhoven');
    await user.click(screen.getByRole('button', { name: 'Update Information' }));

    expect(await screen.findByText(messages.informationSaved)).toBeInTheDocument();
    expect(puts(calls).map((call) => call.body)).toEqual([{ ...stored, location: 'Eindhoven' }]);
    await waitFor(() => expect(shown('profile-location')).toHaveTextContent('Eindhoven'));
  });

  it('requires every field', async () => {
    const { calls } = mockApi({ ...signedIn(customer), ...infoServer(null) });
    const { user } = renderWithProviders(<ProfilePage />);

    await user.click(await screen.findByRole('button', { name: 'Add Information' }));

    expect(await screen.findAllByText(messages.required)).toHaveLength(4);
    expect(field('Education')).toHaveAttribute('aria-invalid', 'true');
    expect(puts(calls)).toHaveLength(0);
  });

  it('says "No user is logged in." when nobody is signed in', async () => {
    const { calls } = mockApi({ 'GET /auth/get-session': { body: null } });
    const { user } = renderWithProviders(<ProfilePage />);

    await screen.findByRole('heading', { name: 'Add Information' });
    await waitFor(() => expect(calls.some((call) => call.path === '/auth/get-session')).toBe(true));
    await fill(user, stored);
    await user.click(screen.getByRole('button', { name: 'Add Information' }));

    expect(await screen.findByText(messages.noUserLoggedIn)).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/userinfo'))).toHaveLength(0);
  });
});
