import { ACCESS_TOKEN_KEY, messages } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customer, fakeAuthServer, fakeToken } from '../../test/auth-mock';
import { testConfig } from '../../test/factories';
import { answer, mockApi, routes } from '../../test/fetch-mock';
import { hydrateIsland, renderOnServer } from '../../test/islands';
import { renderApp } from '../../test/render';
import SignupForm from '../../features/auth/components/signup-form';
import { replacePage } from '../../lib/replace-page';
import SignupPage from './signup';

// The island loads / in place of /signup; jsdom cannot, so the test reads where to.
vi.mock('../../lib/replace-page', () => ({ replacePage: vi.fn() }));

function renderSignup(path = '/signup', config = testConfig) {
  const server = fakeAuthServer();
  const api = mockApi([answer(routes.settings.config, 200, config), server.mocks]);
  return { ...renderApp(path), ...api, server };
}

afterEach(() => {
  window.history.replaceState(null, '');
});

describe('Signup page', () => {
  it('shows the required message under each empty field', async () => {
    const { user, callsTo } = renderSignup();
    await user.click(await screen.findByRole('button', { name: 'Signup' }));

    expect(await screen.findAllByText(messages.required)).toHaveLength(3);
    expect(callsTo(routes.auth.signUp)).toHaveLength(0);
  });

  it('shows the name, email and password messages for bad values', async () => {
    const { user } = renderSignup();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'R2D2');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'buyer@acme');
    await user.type(screen.getByLabelText('Password'), 'nodigits!');
    await user.click(screen.getByRole('button', { name: 'Signup' }));

    expect(await screen.findByText(messages.invalidName)).toBeInTheDocument();
    expect(screen.getByText(messages.invalidEmail)).toBeInTheDocument();
    expect(screen.getByText(messages.invalidPassword)).toBeInTheDocument();
  });

  it('creates the account, stores the shop token and goes to / with the uppercased name', async () => {
    // Even with a remembered page, signup goes to / (SPEC section 2).
    window.history.replaceState({ usr: { from: '/dashboard/myorders' }, key: 'k', idx: 0 }, '');
    const { user, callsTo } = renderSignup();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Pat Buyer');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'pat@example.com');
    await user.type(screen.getByLabelText('Password'), 'Parts#2026');
    await user.click(screen.getByRole('button', { name: 'Signup' }));

    await waitFor(() => expect(replacePage).toHaveBeenCalledWith('/'));
    expect(replacePage).toHaveBeenCalledTimes(1);
    expect(callsTo(routes.auth.signUp).map((call) => call.body)).toEqual([
      { name: 'Pat Buyer', email: 'pat@example.com', password: 'Parts#2026' },
    ]);
    expect(callsTo(routes.identity.issueToken).map((call) => call.params)).toEqual([
      { email: 'pat@example.com' },
    ]);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(fakeToken('pat@example.com'));
    expect(await within(screen.getByRole('banner')).findAllByText('PAT BUYER')).not.toHaveLength(0);
  });

  it('takes a capitalised dotted email and a long pass phrase, and sends the email lowercased', async () => {
    const email = 'john.doe@acme.co.uk';
    const passPhrase = 'correct horse battery staple, 2026 edition';
    const server = fakeAuthServer();
    const { callsTo } = mockApi([answer(routes.settings.config, 200, testConfig), server.mocks]);
    const { user } = renderApp('/signup');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'John Doe');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), ' John.Doe@Acme.co.uk ');
    await user.type(screen.getByLabelText('Password'), passPhrase);
    await user.click(screen.getByRole('button', { name: 'Signup' }));

    await waitFor(() => expect(replacePage).toHaveBeenCalledWith('/'));
    expect(callsTo(routes.auth.signUp).map((call) => call.body)).toEqual([
      { name: 'John Doe', email, password: passPhrase },
    ]);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(fakeToken(email));
  });

  it('shows the code under the password field for an email already taken', async () => {
    const { user, router } = renderSignup();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Jane Buyer');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), customer.email);
    await user.type(screen.getByLabelText('Password'), 'Other#2026');
    await user.click(screen.getByRole('button', { name: 'Signup' }));

    expect(await screen.findByTestId('auth-error')).toHaveTextContent(
      '*USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL*',
    );
    expect(router.state.location.pathname).toBe('/signup');
    expect(replacePage).not.toHaveBeenCalled();
  });

  it('has a Google button when Google sign-in is on, and links to login', async () => {
    renderSignup('/signup', { ...testConfig, googleEnabled: true });
    expect(await screen.findByRole('button', { name: 'Continue With Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('draws no Google button, and no "or", when Google sign-in is off', async () => {
    renderSignup();
    // The settings have arrived once the page is titled with the shop's name from them.
    await waitFor(() => expect(document.title).toContain(testConfig.shopName));
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Signup' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /google/i })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });

  it('sends a visitor who is already signed in to /', async () => {
    const server = fakeAuthServer({ signedInAs: customer });
    mockApi([answer(routes.settings.config, 200, testConfig), server.mocks]);
    renderApp('/signup');

    await waitFor(() => expect(replacePage).toHaveBeenCalledWith('/'));
  });
});

describe('Signup page rendered by the server', () => {
  const page = { path: '/signup', config: { ...testConfig, googleEnabled: true } };

  it('is HTML: the card and its heading outside the island, the form in it', () => {
    const container = renderOnServer(<SignupPage />, page);

    const island = container.querySelector<HTMLElement>('[data-island="signup-form"]')!;
    expect(island).toHaveAttribute('data-hydrate', 'load');
    const heading = within(container).getByRole('heading', { level: 1, name: 'Signup' });
    expect(island.contains(heading)).toBe(false);
    for (const name of ['Name', 'Email'])
      expect(within(island).getByRole('textbox', { name })).toBeInTheDocument();
    expect(within(island).getByLabelText('Password')).toBeInTheDocument();
    expect(within(island).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    for (const name of ['Signup', 'Continue With Google'])
      expect(within(island).getByRole('button', { name })).toBeDisabled();
    container.remove();
  });

  it('keeps what was typed before the island hydrated, and signs up with it', async () => {
    const server = fakeAuthServer();
    const { callsTo } = mockApi([server.mocks]);
    const container = renderOnServer(<SignupPage />, page);
    within(container).getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value = 'Pat Early';
    within(container).getByRole<HTMLInputElement>('textbox', { name: 'Email' }).value =
      'early@example.com';
    within(container).getByLabelText<HTMLInputElement>('Password').value = 'Parts#2026';

    const island = await hydrateIsland(container, 'signup-form', SignupForm, page);
    expect(island.mismatches).toEqual([]);
    const signup = within(container).getByRole('button', { name: 'Signup' });
    await waitFor(() => expect(signup).toBeEnabled());
    await userEvent.setup().click(signup);

    await waitFor(() => expect(replacePage).toHaveBeenCalledWith('/'));
    expect(callsTo(routes.auth.signUp).map((call) => call.body)).toEqual([
      { name: 'Pat Early', email: 'early@example.com', password: 'Parts#2026' },
    ]);
    island.unmount();
  });
});
