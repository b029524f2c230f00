import { messages } from '@shop/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authFailure } from '../../test/auth-mock';
import { testConfig } from '../../test/factories';
import { answer, handle, mockApi, type Reply, routes } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { passwordChangedState } from '../../features/auth/password-changed';
import { PASSWORDS_DIFFER } from '../../features/auth/schemas';

type ResetReply = Reply<typeof routes.auth.resetPassword>;

function renderReset(
  path: string,
  resetReply: ResetReply = { status: 200, body: { status: true } },
) {
  const api = mockApi([
    answer(routes.settings.config, 200, testConfig),
    answer(routes.auth.session, 200, null),
    handle(routes.auth.resetPassword, () => resetReply),
  ]);
  return { ...renderApp(path), ...api };
}

describe('Reset password page', () => {
  it('sets the new password with the token from the link and goes to /login', async () => {
    const { user, router, callsTo } = renderReset('/reset-password?token=tok-123');
    await user.type(await screen.findByLabelText('New password'), 'Fresh#2027');
    await user.type(screen.getByLabelText('Confirm new password'), 'Fresh#2027');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // /login, a page the server renders, says the password changed (login.test.tsx).
    expect(router.state.location.state).toEqual(passwordChangedState);
    expect(callsTo(routes.auth.resetPassword).map((call) => call.body)).toEqual([
      { newPassword: 'Fresh#2027', token: 'tok-123' },
    ]);
  });

  it('checks the password rule and the confirmation', async () => {
    const { user, callsTo } = renderReset('/reset-password?token=tok-123');
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText(messages.invalidPassword)).toBeInTheDocument();
    expect(screen.getByText(PASSWORDS_DIFFER)).toBeInTheDocument();
    expect(callsTo(routes.auth.resetPassword)).toHaveLength(0);
  });

  it('shows the code when the server refuses the token', async () => {
    const { user } = renderReset('/reset-password?token=used', authFailure(400, 'INVALID_TOKEN'));
    await user.type(await screen.findByLabelText('New password'), 'Fresh#2027');
    await user.type(screen.getByLabelText('Confirm new password'), 'Fresh#2027');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByTestId('auth-error')).toHaveTextContent('*INVALID_TOKEN*');
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it.each([['/reset-password?error=INVALID_TOKEN'], ['/reset-password']])(
    'explains a bad link (%s) and links back to login',
    async (path) => {
      renderReset(path);
      expect(await screen.findByText(/invalid or has expired/)).toBeInTheDocument();
      expect(screen.getByTestId('auth-error')).toHaveTextContent('*INVALID_TOKEN*');
      expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    },
  );
});
