import { messages } from '@shop/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { answer, mockApi, routes } from '../../../test/fetch-mock';
import { ServerIslandsProvider } from '../../../components/island';
import { renderWithProviders } from '../../../test/render';
import SubscribeForm from './subscribe-form';
import { SubscribeSection } from './subscribe-section';

/** In the single-page app (no server render around it) the island is just the form. */
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

  it('posts a valid email, shows the server message under the field and clears it', async () => {
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

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(messages.subscribed));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
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

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(messages.alreadySubscribed),
    );
  });

  it('refuses an invalid email without calling the server', async () => {
    const { calls } = mockApi([]);
    const { user, input, submit } = await renderForm();

    await user.type(input, 'not-an-email');
    await user.click(submit);

    expect(await screen.findByText(messages.invalidEmail)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(messages.invalidEmail);
    expect(input).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('asks for an address when the field is empty', async () => {
    mockApi([]);
    const { user, submit } = await renderForm();
    await user.click(submit);
    expect(await screen.findByText(messages.required)).toBeInTheDocument();
  });

  it('shows the server error message under the field and keeps the address', async () => {
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

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The server refused this address.'),
    );
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(input).toHaveValue('buyer@company.com');
  });

  it('is an island: rendered on the server, then hydrated from the same markup', async () => {
    const withQueries = (children: ReactNode) => (
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    );
    const html = renderToString(
      <ServerIslandsProvider value={(_name, island) => renderToString(withQueries(island))}>
        <SubscribeSection />
      </ServerIslandsProvider>,
    );
    const page = document.createElement('div');
    page.innerHTML = html;
    document.body.append(page);

    const island = page.querySelector<HTMLElement>('[data-island="subscribe-form"]')!;
    expect(island).toHaveAttribute('data-hydrate', 'visible');
    expect(JSON.parse(island.dataset.props!)).toEqual({});
    const input = screen.getByRole('textbox', { name: 'Email address' });
    expect(input).toHaveAttribute('placeholder', 'example@company.com');

    const mismatches: unknown[] = [];
    const root = await act(() =>
      hydrateRoot(island, withQueries(<SubscribeForm />), {
        onRecoverableError: (error) => mismatches.push(error),
      }),
    );
    expect(mismatches).toEqual([]);
    // Hydrated, not drawn again: the server's input is the one the form now drives.
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBe(input);
    act(() => root.unmount());
    page.remove();
  });
});
