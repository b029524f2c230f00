import { ACCESS_TOKEN_KEY, messages } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authFailure, customer, fakeAuthServer, fakeToken } from '../../test/auth-mock';
import { testConfig } from '../../test/factories';
import { answer, handle, mockApi, type Mocks, routes } from '../../test/fetch-mock';
import { hydrateIsland, renderOnServer } from '../../test/islands';
import { renderApp } from '../../test/render';
import LoginPanel from '../../features/auth/components/login-panel';
import { PASSWORD_CHANGED } from '../../features/auth/password-changed';
import { POPUP_CLOSED_BY_USER } from '../../features/auth/popup/sign-in-popup';
import { replacePage } from '../../lib/replace-page';
import LoginPage from './login';

// The island loads the next page in place of /login; jsdom cannot, so the test reads where to.
vi.mock('../../lib/replace-page', () => ({ replacePage: vi.fn() }));

function renderLogin(extra: Mocks = [], config = testConfig) {
  const server = fakeAuthServer();
  const api = mockApi([answer(routes.settings.config, 200, config), server.mocks, extra]);
  const view = renderApp('/login');
  return { ...view, ...api, server };
}

/** The state of the history entry /login was loaded into (a guard's, kept through the reload). */
function arriveWithState(state: object) {
  window.history.replaceState({ usr: state, key: 'abc123', idx: 0 }, '');
}

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), customer.email);
  await user.type(screen.getByLabelText('Password'), customer.password!);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

/** True when `later` comes after `earlier` in the page. */
const follows = (earlier: Element, later: Element) =>
  Boolean(earlier.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING);

afterEach(() => {
  window.history.replaceState(null, '');
});

describe('Login page', () => {
  it('shows the required message under each empty field', async () => {
    const { user, callsTo } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Login' }));

    expect(await screen.findAllByText(messages.required)).toHaveLength(2);
    expect(callsTo(routes.auth.signIn)).toHaveLength(0);
  });

  it('shows the email message for an address that breaks SPEC rules, and no password format rule', async () => {
    const { user, callsTo } = renderLogin();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'buyer@acme');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText(messages.invalidEmail)).toBeInTheDocument();
    expect(screen.queryByText(messages.invalidPassword)).toBeNull();
    expect(callsTo(routes.auth.signIn)).toHaveLength(0);
  });

  it('sends a password that breaks the sign-up rule and reads "Incorrect email or password."', async () => {
    const { user, callsTo } = renderLogin();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), customer.email);
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByTestId('auth-error')).toHaveTextContent(
      /^Incorrect email or password\.$/,
    );
    expect(screen.queryByText(messages.invalidPassword)).toBeNull();
    expect(callsTo(routes.auth.signIn)).toHaveLength(1);
  });

  it('shows "Incorrect email or password." in red under the password field on a failed login', async () => {
    const { user } = renderLogin();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), customer.email);
    await user.type(screen.getByLabelText('Password'), 'Wrong#2026');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const error = await screen.findByTestId('auth-error');
    expect(error).toHaveTextContent(messages.incorrectLogin);
    expect(error).not.toHaveTextContent('INVALID_EMAIL_OR_PASSWORD');
    expect(error).toHaveAttribute('role', 'alert');
    expect(follows(screen.getByLabelText('Password'), error)).toBe(true);
    expect(follows(error, screen.getByRole('button', { name: 'Forgot password?' }))).toBe(true);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('shows a rate limit like any other code', async () => {
    const { user } = renderLogin([
      answer(routes.auth.signIn, 429, { message: 'Too many requests.' }),
    ]);
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), customer.email);
    await user.type(screen.getByLabelText('Password'), customer.password!);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByTestId('auth-error')).toHaveTextContent('*TOO_MANY_REQUESTS*');
  });

  it('signs in, stores the shop token, shows the user in the navbar and loads / in its place', async () => {
    const { user, callsTo } = renderLogin();
    await logIn(user);

    await waitFor(() => expect(replacePage).toHaveBeenCalledWith('/'));
    expect(replacePage).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(fakeToken(customer.email));
    expect(callsTo(routes.auth.signIn).map((call) => call.body)).toEqual([
      { email: customer.email, password: customer.password },
    ]);
    const banner = screen.getByRole('banner');
    expect(await within(banner).findAllByText(customer.name)).not.toHaveLength(0);
    // Busy while the next page loads: no second sign-in.
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
  });

  it('goes back to the page a guard remembered in the history entry', async () => {
    arriveWithState({ from: '/dashboard/myorders?page=2' });
    const { user } = renderLogin();
    await logIn(user);

    await waitFor(() => expect(replacePage).toHaveBeenCalledWith('/dashboard/myorders?page=2'));
  });

  it('goes to / instead of a remembered address on another site', async () => {
    arriveWithState({ from: '//evil.example/phish' });
    const { user } = renderLogin();
    await logIn(user);

    await waitFor(() => expect(replacePage).toHaveBeenCalledWith('/'));
  });

  it('sends a visitor who is already signed in on to the remembered page', async () => {
    arriveWithState({ from: '/dashboard/myprofile' });
    const server = fakeAuthServer({ signedInAs: customer });
    mockApi([answer(routes.settings.config, 200, testConfig), server.mocks]);
    renderApp('/login');

    await waitFor(() => expect(replacePage).toHaveBeenCalledWith('/dashboard/myprofile'));
  });

  it('says the password has changed when /reset-password sent the visitor, once', async () => {
    arriveWithState({ from: '/dashboard/myorders', passwordChanged: true });
    renderLogin();

    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument();
    // Taken off the entry, so a reload does not say it again; the remembered page stays.
    expect(window.history.state).toMatchObject({ usr: { from: '/dashboard/myorders' } });
    expect((window.history.state as { usr: object }).usr).not.toHaveProperty('passwordChanged');
  });

  it('switches to reset mode and back, keeping the email typed', async () => {
    const { user } = renderLogin();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), customer.email);
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(customer.email);
    await waitFor(() => expect(document.title).toBe('Reset Password | TestParts'));

    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(customer.email);
    await waitFor(() => expect(document.title).toBe('Login | TestParts'));
  });

  it('in reset mode sends the email and shows Email Sent! inline and as a toast', async () => {
    const { user, callsTo } = renderLogin([
      answer(routes.auth.requestPasswordReset, 200, { status: true }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), customer.email);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByTestId('reset-email-sent')).toHaveTextContent(messages.emailSent);
    // The toast library loads with the first toast, so the toast may follow the inline text.
    await waitFor(() => expect(screen.getAllByText(messages.emailSent)).toHaveLength(2));
    expect(callsTo(routes.auth.requestPasswordReset).map((call) => call.body)).toEqual([
      { email: customer.email, redirectTo: '/reset-password' },
    ]);
  });

  it('in reset mode shows the messages and the provider code under the email field', async () => {
    const { user } = renderLogin([
      handle(routes.auth.requestPasswordReset, () => authFailure(429, 'TOO_MANY_REQUESTS')),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(messages.required)).toBeInTheDocument();

    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.type(email, 'someone@');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(messages.invalidEmail)).toBeInTheDocument();

    await user.clear(email);
    await user.type(email, customer.email);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const error = await screen.findByTestId('auth-error');
    expect(error).toHaveTextContent('*TOO_MANY_REQUESTS*');
    expect(follows(email, error)).toBe(true);
    expect(follows(error, screen.getByRole('button', { name: 'Reset Password' }))).toBe(true);
  });

  it('links to signup', async () => {
    renderLogin();
    const link = await screen.findByRole('link', { name: 'Create an account' });
    expect(link).toHaveAttribute('href', '/signup');
  });

  it('draws no Google button when Google sign-in is off, and an enabled one when it is on', async () => {
    const off = renderLogin([], { ...testConfig, googleEnabled: false });
    // The settings have arrived once the page is titled with the shop's name from them.
    await waitFor(() => expect(document.title).toContain(testConfig.shopName));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /google/i })).toBeNull();
    off.unmount();
    renderLogin([], { ...testConfig, googleEnabled: true });
    expect(await screen.findByRole('button', { name: 'Continue With Google' })).toBeEnabled();
  });

  it('shows POPUP_CLOSED_BY_USER when the Google popup is closed', async () => {
    const popup = { closed: false, close: vi.fn(), location: { href: 'about:blank' } };
    const open = vi.fn(() => popup);
    vi.stubGlobal('open', open);
    const { user } = renderLogin(
      [
        answer(routes.auth.signInSocial, 200, {
          url: 'https://accounts.example.com/o',
          redirect: false,
        }),
      ],
      { ...testConfig, googleEnabled: true },
    );

    // The button is there, disabled, until the shop's configuration has arrived.
    const google = await screen.findByRole('button', { name: 'Continue With Google' });
    await waitFor(() => expect(google).toBeEnabled());
    await user.click(google);
    expect(open).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(popup.location.href).toBe('https://accounts.example.com/o'));
    popup.closed = true;

    expect(await screen.findByTestId('auth-error')).toHaveTextContent(`*${POPUP_CLOSED_BY_USER}*`);
  });
});

describe('Login page rendered by the server', () => {
  const page = { path: '/login', config: { ...testConfig, googleEnabled: true } };

  it('is HTML with the card, its heading and the fields, the form an island hydrated at once', () => {
    const container = renderOnServer(<LoginPage />, page);

    const island = container.querySelector<HTMLElement>('[data-island="login-form"]')!;
    expect(island).toHaveAttribute('data-hydrate', 'load');
    expect(within(island).getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(within(island).getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(within(island).getByLabelText('Password')).toBeInTheDocument();
    expect(within(island).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup',
    );
    // What needs the island's code waits for it: the browser would send the form itself (a GET
    // with the password in the address), and nothing would answer the other buttons.
    for (const name of ['Login', 'Forgot password?', 'Continue With Google'])
      expect(within(island).getByRole('button', { name })).toBeDisabled();
    container.remove();
  });

  it('keeps what was typed before the island hydrated, and signs in with it', async () => {
    const server = fakeAuthServer();
    const { callsTo } = mockApi([server.mocks]);
    const container = renderOnServer(<LoginPage />, page);
    const email = within(container).getByRole<HTMLInputElement>('textbox', { name: 'Email' });
    const password = within(container).getByLabelText<HTMLInputElement>('Password');
    // Typed into the server's HTML, no React behind it yet.
    email.value = customer.email;
    password.value = customer.password!;

    const island = await hydrateIsland(container, 'login-form', LoginPanel, page);
    expect(island.mismatches).toEqual([]);
    // Hydrated, not drawn again: the same inputs, still holding what was typed.
    expect(within(container).getByRole('textbox', { name: 'Email' })).toBe(email);
    expect(email).toHaveValue(customer.email);
    expect(password).toHaveValue(customer.password);

    const login = within(container).getByRole('button', { name: 'Login' });
    await waitFor(() => expect(login).toBeEnabled());
    await userEvent.setup().click(login);

    await waitFor(() => expect(replacePage).toHaveBeenCalledWith('/'));
    expect(callsTo(routes.auth.signIn).map((call) => call.body)).toEqual([
      { email: customer.email, password: customer.password },
    ]);
    island.unmount();
  });
});
