import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customer, signedIn } from '../../test/auth-mock';
import { testConfig } from '../../test/factories';
import { answer, mockApi, routes } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { EMAIL_VERIFIED, VERIFICATION_LINK_BAD } from './email-verified';
import { VERIFICATION_SENT } from '../../features/auth/components/resend-verification-button';

const unverified = { ...customer, emailVerified: false };
const BANNER = /Please confirm your email address/;

describe('Email verification', () => {
  it('a signed-in person with an unverified address sees the banner, and Resend asks for a new link', async () => {
    const { user, callsTo } = {
      ...mockApi([
        answer(routes.settings.config, 200, testConfig),
        signedIn(unverified),
        answer(routes.auth.sendVerificationEmail, 200, { status: true }),
      ]),
      ...renderApp('/blog'),
    };
    expect(await screen.findByText(BANNER)).toHaveTextContent(unverified.email);
    // Drawn disabled until its code has arrived, as a person sees it.
    const resend = () => screen.getByRole('button', { name: 'Resend email' });
    await waitFor(() => expect(resend()).toBeEnabled());
    await user.click(resend());

    expect(await screen.findByRole('button', { name: VERIFICATION_SENT })).toBeDisabled();
    expect(callsTo(routes.auth.sendVerificationEmail).map((call) => call.body)).toEqual([
      { email: unverified.email, callbackURL: '/email-verified' },
    ]);
  });

  it('a verified person sees no banner', async () => {
    mockApi([answer(routes.settings.config, 200, testConfig), signedIn(customer)]);
    renderApp('/blog');
    expect(await screen.findByRole('button', { name: /Signout/i })).toBeInTheDocument();
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
  });

  it('/email-verified says the address is verified', async () => {
    mockApi([answer(routes.settings.config, 200, testConfig), signedIn(customer)]);
    renderApp('/email-verified');
    expect(await screen.findByText(EMAIL_VERIFIED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
  });

  it('/email-verified?error=... explains a bad link and offers a new one to the signed-in person', async () => {
    const { callsTo, user } = {
      ...mockApi([
        answer(routes.settings.config, 200, testConfig),
        signedIn(unverified),
        answer(routes.auth.sendVerificationEmail, 200, { status: true }),
      ]),
      ...renderApp('/email-verified?error=TOKEN_EXPIRED'),
    };
    expect(await screen.findByText(VERIFICATION_LINK_BAD)).toBeInTheDocument();
    expect(screen.getByTestId('auth-error')).toHaveTextContent('*TOKEN_EXPIRED*');
    const resend = await screen.findAllByRole('button', { name: 'Resend email' });
    await user.click(resend[resend.length - 1]!);
    await waitFor(() => expect(callsTo(routes.auth.sendVerificationEmail)).not.toHaveLength(0));
  });
});
