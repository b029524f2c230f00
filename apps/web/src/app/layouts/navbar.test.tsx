import { ACCESS_TOKEN_KEY } from '@shop/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, customer, fakeAuthServer, fakeToken } from '../../test/auth-mock';
import { testConfig } from '../../test/factories';
import { answer, mockApi, routes } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { addToCart, clearCart } from '../../lib/cart-store';
import { DEFAULT_SHOP_NAME } from '../../lib/public-config';
import { Navbar } from './navbar';

const signedOutLinks = [
  ['Home', '/'],
  ['Products', '/products'],
  ['My Portfolio', '/myportfolio'],
  ['Blog', '/blog'],
  ['Login', '/login'],
  ['Signup', '/signup'],
];

describe('Navbar', () => {
  it('links to the cart with the number of its lines, following changes', async () => {
    mockApi([]);
    addToCart([
      { productId: 'a', quantity: 10 },
      { productId: 'b', quantity: 5 },
    ]);
    renderWithProviders(<Navbar />);

    const cart = screen.getByTestId('cart-link');
    expect(cart).toHaveAttribute('href', '/cart');
    expect(cart).toHaveAccessibleName('Cart, 2 lines');
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');

    act(() => clearCart());
    await waitFor(() => expect(cart).toHaveAccessibleName('Cart'));
    expect(screen.queryByTestId('cart-count')).not.toBeInTheDocument();
  });

  it('shows the shop name from the config as a link home', async () => {
    mockApi([answer(routes.settings.config, 200, testConfig)]);
    renderWithProviders(<Navbar />);

    expect(await screen.findByRole('link', { name: 'TestParts' })).toHaveAttribute('href', '/');
  });

  it('falls back to the default name when the config cannot be loaded', async () => {
    const { fetchMock } = mockApi([]);
    renderWithProviders(<Navbar />);

    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: DEFAULT_SHOP_NAME })).toHaveAttribute('href', '/');
  });

  it('links to the public pages, login and signup once the session is known to be empty', async () => {
    mockApi([]);
    renderWithProviders(<Navbar />);

    const nav = screen.getByRole('navigation', { name: 'Main' });
    // While the session is read, neither Login nor Dashboard is offered.
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(await within(nav).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      signedOutLinks,
    );
    expect(within(nav).queryByText('Dashboard')).not.toBeInTheDocument();
  });

  it('marks the current page', () => {
    mockApi([]);
    renderWithProviders(<Navbar />, { path: '/blog' });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('opens and closes the small-screen menu with the menu button', async () => {
    mockApi([]);
    const { user } = renderWithProviders(<Navbar />);

    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The menu's code loads with the first press of its button.
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(toggle).toHaveAttribute('aria-controls', menu.id);
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual(signedOutLinks);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument(),
    );
  });

  it('closes the small-screen menu after choosing a link', async () => {
    mockApi([]);
    const { user, router } = renderWithProviders(<Navbar />);

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    // The menu's code loads with the first press of its button.
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(within(menu).getByRole('link', { name: 'Blog' }));

    expect(router.state.location.pathname).toBe('/blog');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  describe('signed in', () => {
    it("shows the user's name, a Dashboard link to My Orders and Signout for a customer", async () => {
      mockApi(fakeAuthServer({ signedInAs: customer }).mocks);
      renderWithProviders(<Navbar />);

      const nav = screen.getByRole('navigation', { name: 'Main' });
      expect(await within(nav).findByText(customer.name)).toBeInTheDocument();
      expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
        'href',
        '/dashboard/myorders',
      );
      expect(within(nav).getByRole('button', { name: 'Signout' })).toBeInTheDocument();
      expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
      expect(within(nav).queryByRole('link', { name: 'Signup' })).not.toBeInTheDocument();
    });

    it('points Dashboard to Manage All Orders once the admin check says admin', async () => {
      mockApi(fakeAuthServer({ signedInAs: admin }).mocks);
      renderWithProviders(<Navbar />);

      const nav = screen.getByRole('navigation', { name: 'Main' });
      await waitFor(() =>
        expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
          'href',
          '/dashboard/manageallorders',
        ),
      );
    });

    it('signs out: ends the session, removes the token and shows Login again', async () => {
      const server = fakeAuthServer({ signedInAs: customer });
      const { callsTo } = mockApi(server.mocks);
      const { user } = renderWithProviders(<Navbar />);
      const nav = screen.getByRole('navigation', { name: 'Main' });
      await waitFor(() =>
        expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(fakeToken(customer.email)),
      );

      await user.click(await within(nav).findByRole('button', { name: 'Signout' }));

      expect(await within(nav).findByRole('link', { name: 'Login' })).toBeInTheDocument();
      expect(within(nav).queryByText(customer.name)).not.toBeInTheDocument();
      expect(callsTo(routes.auth.signOut)).toHaveLength(1);
      expect(server.current).toBeNull();
      expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    });

    it('shows the name, Dashboard and Signout in the small-screen menu', async () => {
      mockApi(fakeAuthServer({ signedInAs: customer }).mocks);
      const { user } = renderWithProviders(<Navbar />);
      await within(screen.getByRole('navigation', { name: 'Main' })).findByText(customer.name);

      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      // The menu's code loads with the first press of its button.
      const menu = await screen.findByRole('navigation', { name: 'Main menu' });
      expect(within(menu).getByText(customer.name)).toBeInTheDocument();
      expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
        'href',
        '/dashboard/myorders',
      );
      expect(within(menu).getByRole('button', { name: 'Signout' })).toBeInTheDocument();
    });
  });
});
