import { ACCESS_TOKEN_KEY, messages } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authFailure, customer, fakeAuthServer, fakeToken } from '../../test/auth-mock';
import { testConfig } from '../../test/factories';
import { answer, handle, mockApi, type Mocks, routes } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { POPUP_CLOSED_BY_USER } from '../../features/auth/popup/sign-in-popup';

function renderLogin(extra: Mocks = [], config = testConfig) {
  const server = fakeAuthServer();
  const api = mockApi([answer(routes.settings.config, 200, config), server.mocks, extra]);
  const view = renderApp('/login');
  return { ...view, ...api, server };
}

/** True when `later` comes after `earlier` in the page. */
const follows = (earlier: Element, later: Element) =>
  Boolean(earlier.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('Login page', () => {
  it('shows the required message under each empty field', async () => {
    const { user, callsTo } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Login' }));

    expect(await screen.findAllByText(messages.required)).toHaveLength(2);
    expect(callsTo(routes.auth.signIn)).toHaveLength(0);
  });

  it('shows the email and password messages for values that break SPEC rules', async () => {
    const { user } = renderLogin();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'buyer@acme');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText(messages.invalidEmail)).toBeInTheDocument();
    expect(screen.getByText(messages.invalidPassword)).toBeInTheDocument();
  });

  it('shows the provider code in red asterisks under the password field on a failed login', async () => {
    const { user } = renderLogin();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), customer.email);
    await user.type(screen.getByLabelText('Password'), 'Wrong#2026');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const error = await screen.findByTestId('auth-error');
    expect(error).toHaveTextContent(/^\*INVALID_EMAIL_OR_PASSWORD\*$/);
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

  it('signs in, stores the shop token, shows the user in the navbar and goes to /', async () => {
    const { user, router, callsTo } = renderLogin();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), customer.email);
    await user.type(screen.getByLabelText('Password'), customer.password!);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(fakeToken(customer.email));
    expect(callsTo(routes.auth.signIn).map((call) => call.body)).toEqual([
      { email: customer.email, password: customer.password },
    ]);
    const banner = screen.getByRole('banner');
    expect(await within(banner).findAllByText(customer.name)).not.toHaveLength(0);
  });

  it('switches to reset mode and back, keeping the email typed', async () => {
    const { user } = renderLogin();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), customer.email);
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(customer.email);

    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
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

  it('says so on a disabled Google button when Google is not configured', async () => {
    renderLogin([], { ...testConfig, googleEnabled: false });
    expect(
      await screen.findByRole('button', { name: 'Google sign-in is not configured' }),
    ).toBeDisabled();
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
