import { messages } from '@shop/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, mockApi, routes } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { SubscribeSection } from './subscribe-section';

/** The form loads as the section comes near the viewport: at once where, as here, nothing scrolls. */
async function renderForm() {
  const view = renderWithProviders(<SubscribeSection />);
  const input = await screen.findByRole('textbox', { name: 'Email address' });
  const submit = screen.getByRole('button', { name: 'Subscribe' });
  return { ...view, input, submit };
}

describe('SubscribeSection', () => {
  it('has an email field with an example placeholder', async () => {
    const { input } = await renderForm();
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('placeholder', 'example@company.com');
  });

  it('posts a valid email, shows the server message in a toast and clears the field', async () => {
    const { callsTo } = mockApi([
      answer(routes.newsletter.subscribe, 201, {
        acknowledged: true,
        alreadySubscribed: false,
        message: messages.subscribed,
      }),
    ]);
    const { user, input, submit } = await renderForm();

    await user.type(input, 'Buyer@Company.com');
    await user.click(submit);

    expect(await screen.findByText(messages.subscribed)).toBeInTheDocument();
    expect(callsTo(routes.newsletter.subscribe).map((call) => call.body)).toEqual([
      { email: 'buyer@company.com' },
    ]);
    expect(input).toHaveValue('');
  });

  it('shows the friendly message for an address that is already subscribed', async () => {
    mockApi([
      answer(routes.newsletter.subscribe, 200, {
        acknowledged: true,
        alreadySubscribed: true,
        message: messages.alreadySubscribed,
      }),
    ]);
    const { user, input, submit } = await renderForm();

    await user.type(input, 'buyer@company.com');
    await user.click(submit);

    expect(await screen.findByText(messages.alreadySubscribed)).toBeInTheDocument();
  });

  it('refuses an invalid email without calling the server', async () => {
    const { calls } = mockApi([]);
    const { user, input, submit } = await renderForm();

    await user.type(input, 'not-an-email');
    await user.click(submit);

    expect(await screen.findByText(messages.invalidEmail)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('asks for an address when the field is empty', async () => {
    mockApi([]);
    const { user, submit } = await renderForm();
    await user.click(submit);
    expect(await screen.findByText(messages.required)).toBeInTheDocument();
  });

  it('shows the server error message in a toast', async () => {
    mockApi([
      answer(routes.newsletter.subscribe, 400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'The server refused this address.',
      }),
    ]);
    const { user, input, submit } = await renderForm();

    await user.type(input, 'buyer@company.com');
    await user.click(submit);

    expect(await screen.findByText('The server refused this address.')).toBeInTheDocument();
    expect(input).toHaveValue('buyer@company.com');
  });
});
