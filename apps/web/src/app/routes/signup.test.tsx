import { ACCESS_TOKEN_KEY, messages } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customer, fakeAuthServer, fakeToken } from '../../test/auth-mock';
import { testConfig } from '../../test/factories';
import { answer, mockApi, routes } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

function renderSignup(path = '/signup') {
  const server = fakeAuthServer();
  const api = mockApi([answer(routes.settings.config, 200, testConfig), server.mocks]);
  return { ...renderApp(path), ...api, server };
}

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
    const { user, router, callsTo } = renderSignup();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Pat Buyer');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'pat@example.com');
    await user.type(screen.getByLabelText('Password'), 'Parts#2026');
    await user.click(screen.getByRole('button', { name: 'Signup' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
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
    const { user, router } = renderApp('/signup');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'John Doe');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), ' John.Doe@Acme.co.uk ');
    await user.type(screen.getByLabelText('Password'), passPhrase);
    await user.click(screen.getByRole('button', { name: 'Signup' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
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
  });

  it('has a Google button and links to login', async () => {
    renderSignup();
    expect(await screen.findByRole('button', { name: /google/i })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});
