import { messages } from '@shop/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
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
    const { calls } = mockApi({
      'POST /subscribe': {
        status: 201,
        body: { acknowledged: true, alreadySubscribed: false, message: messages.subscribed },
      },
    });
    const { user, input, submit } = await renderForm();

    await user.type(input, 'Buyer@Company.com');
    await user.click(submit);

    expect(await screen.findByText(messages.subscribed)).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/subscribe',
        body: { email: 'buyer@company.com' },
      }),
    );
    expect(input).toHaveValue('');
  });

  it('shows the friendly message for an address that is already subscribed', async () => {
    mockApi({
      'POST /subscribe': {
        status: 200,
        body: { acknowledged: true, alreadySubscribed: true, message: messages.alreadySubscribed },
      },
    });
    const { user, input, submit } = await renderForm();

    await user.type(input, 'buyer@company.com');
    await user.click(submit);

    expect(await screen.findByText(messages.alreadySubscribed)).toBeInTheDocument();
  });

  it('refuses an invalid email without calling the server', async () => {
    const { calls } = mockApi({});
    const { user, input, submit } = await renderForm();

    await user.type(input, 'not-an-email');
    await user.click(submit);

    expect(await screen.findByText(messages.invalidEmail)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('asks for an address when the field is empty', async () => {
    mockApi({});
    const { user, submit } = await renderForm();
    await user.click(submit);
    expect(await screen.findByText(messages.required)).toBeInTheDocument();
  });

  it('shows the server error message in a toast', async () => {
    mockApi({
      'POST /subscribe': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'The server refused this address.',
        },
      },
    });
    const { user, input, submit } = await renderForm();

    await user.type(input, 'buyer@company.com');
    await user.click(submit);

    expect(await screen.findByText('The server refused this address.')).toBeInTheDocument();
    expect(input).toHaveValue('buyer@company.com');
  });
});
