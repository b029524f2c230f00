import { ACCESS_TOKEN_KEY } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { admin, customer, fakeAuthServer, fakeToken, type TestUser } from '../test/auth-mock';
import { testConfig } from '../test/factories';
import {
  answer,
  handle,
  mockApi,
  type MockHandler,
  type Mocks,
  offContract,
  type OffContractReply,
  type Reply,
  routes,
} from '../test/fetch-mock';
import { renderApp } from '../test/render';
import { replacePage } from '../lib/replace-page';

// After a login, /login's island loads the page in its place; jsdom cannot, so the test reads it.
vi.mock('../lib/replace-page', () => ({ replacePage: vi.fn() }));

function setUp(signedInAs: TestUser | null, extra: Mocks = []) {
  const server = fakeAuthServer({ signedInAs });
  const api = mockApi([answer(routes.settings.config, 200, testConfig), server.mocks, extra]);
  return { server, ...api };
}

/** A handler that waits until the test lets it answer. */
function held<R>(handler: MockHandler<R>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const wrapped: MockHandler<R> = async (request) => {
    await gate;
    return handler(request);
  };
  return { wrapped, release };
}

const dashboardMenu = () => screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;

describe('RequireSession', () => {
  it('shows Loading... with a progress bar, then sends a visitor to /login and back after login', async () => {
    const server = fakeAuthServer();
    const session = held(server.session);
    mockApi([
      answer(routes.settings.config, 200, testConfig),
      server.mocks,
      handle(routes.auth.session, session.wrapped),
    ]);
    const { router, unmount } = renderApp('/dashboard/myorders?page=2');

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/myorders');

    session.release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const state = router.state.location.state;
    expect(state).toEqual({ from: '/dashboard/myorders?page=2' });
    unmount();

    // /login is a page the server renders: the app reloads the history entry to load it, and the
    // entry keeps its state (load-document.tsx), which the login island reads after the login.
    window.history.replaceState({ usr: state, key: 'from-guard', idx: 0 }, '', '/login');
    try {
      const login = renderApp('/login');
      await login.user.type(await screen.findByRole('textbox', { name: 'Email' }), customer.email);
      await login.user.type(screen.getByLabelText('Password'), customer.password!);
      await login.user.click(screen.getByRole('button', { name: 'Login' }));

      await waitFor(() => expect(replacePage).toHaveBeenCalledWith('/dashboard/myorders?page=2'));
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('lets a signed-in user in and fetches a shop token when none is stored', async () => {
    const { callsTo } = setUp(customer);
    renderApp('/purchase/00000000-0000-4000-8000-000000000001');

    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase' })).toBeInTheDocument();
    await waitFor(() =>
      expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(fakeToken(customer.email)),
    );
    expect(callsTo(routes.identity.issueToken)).toHaveLength(1);
  });

  it('reuses a stored token issued for the same email', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeToken(customer.email, 7));
    const { callsTo } = setUp(customer);
    renderApp('/dashboard/myorders');

    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(routes.identity.adminStatus)).not.toHaveLength(0));
    expect(callsTo(routes.identity.issueToken)).toHaveLength(0);
    expect(callsTo(routes.identity.adminStatus)[0]).toMatchObject({
      params: { email: customer.email },
      headers: { Authorization: `Bearer ${fakeToken(customer.email, 7)}` },
    });
  });

  it('replaces a stored token left by another user', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeToken(admin.email));
    setUp(customer);
    renderApp('/dashboard/myorders');

    await waitFor(() =>
      expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(fakeToken(customer.email)),
    );
  });
});

describe('RequireAdmin', () => {
  it('signs a non-admin out and sends them to /', async () => {
    const { server, callsTo } = setUp(customer);
    const { router } = renderApp('/dashboard/makeadmin');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(server.current).toBeNull());
    expect(callsTo(routes.auth.signOut)).toHaveLength(1);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Make Admin' })).not.toBeInTheDocument();
  });

  it('waits for the admin check with Loading..., then shows the page to an admin', async () => {
    const check = held<typeof routes.identity.adminStatus>(() => ({
      status: 200,
      body: { admin: true },
    }));
    setUp(admin, [handle(routes.identity.adminStatus, check.wrapped)]);
    const { router } = renderApp('/dashboard/makeadmin');

    await waitFor(() => expect(localStorage.getItem(ACCESS_TOKEN_KEY)).not.toBeNull());
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();

    check.release();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Make Admin' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/makeadmin');
  });

  it('offers a retry instead of signing out when the admin check fails', async () => {
    // The contract names no 500: a database fault is the server's failure, not an answer.
    let reply: Reply<typeof routes.identity.adminStatus> | OffContractReply = offContract(500, {
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Database down.',
    });
    const { server } = setUp(admin, [handle(routes.identity.adminStatus, () => reply)]);
    const { user } = renderApp('/dashboard/addproduct');

    expect(await screen.findByText(/could not be checked/)).toBeInTheDocument();
    expect(server.current).toEqual(admin);

    reply = { status: 200, body: { admin: true } };
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Add A Product' }),
    ).toBeInTheDocument();
  });
});

describe('Dashboard', () => {
  it('opens My Orders for a customer, with the customer menu', async () => {
    setUp(customer);
    const { router } = renderApp('/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myorders'));
    const links = within(dashboardMenu())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['My Orders', 'My Quotes', 'My Company', 'Add A Review', 'My Profile']);
  });

  it('opens the Overview for an admin, with the admin menu', async () => {
    setUp(admin);
    const { router } = renderApp('/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'));
    await waitFor(() =>
      expect(
        within(dashboardMenu())
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual([
        'Overview',
        'Manage All Orders',
        'Quotes',
        'Add A Product',
        'Manage Products',
        'Companies',
        'Receivables',
        'Tax',
        'Shipping Methods',
        'API Keys',
        'Webhooks',
        'Make Admin',
        'Manage Reviews',
        'Audit Log',
        'Jobs',
        'My Profile',
      ]),
    );
  });

  it('has a drawer toggle that opens the menu on small screens', async () => {
    setUp(customer);
    const { user } = renderApp('/dashboard/myorders');

    const toggle = await screen.findByRole('button', { name: 'Open dashboard menu' });
    await user.click(toggle);
    // A modal dialog (the browser makes the rest of the page inert) holding the menu.
    const drawer = await screen.findByRole('dialog', { name: 'Dashboard menu' });
    const menu = within(drawer).getByRole('navigation', { name: 'Dashboard' });
    expect(within(menu).getByRole('link', { name: 'My Profile' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'My Orders' })).toHaveFocus();

    // Escape closes it and gives focus back to the toggle.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toggle).toHaveFocus();

    // Choosing a page closes it too.
    await user.click(toggle);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Dashboard menu' })).getByRole('link', {
        name: 'Add A Review',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
