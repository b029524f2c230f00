import { useState, type FormEvent } from 'react';
import { Container } from '../../components/ui/container';
import { Icon } from '../../components/ui/icon';
import { memory, menu, shoppingCartOutlined } from '../../components/ui/icons';
import { PageLink, useCurrentPath } from '../../components/ui/navigation';
import { pushLocationSearch } from '../../components/use-location-search';
import { CART_PATH, useCart } from '../../lib/cart-store';
import { formatNumber } from '../../lib/format';
import { useShopName } from '../../lib/public-config';
import type { SessionUser } from '../../lib/session/get-session';
import { useSession } from '../../lib/session/use-session';
import styles from './navbar.module.css';
import { dashboardPath, publicLinks, signedOutLinks, type NavLinkItem } from './nav-links';

const MOBILE_MENU_ID = 'mobile-menu';

const PRODUCTS_PATH = '/products';

interface NavSearchProps {
  className?: string;
  /** The page's path: the search of /products is answered in place. */
  path: string;
  onSearch?: () => void;
}

/**
 * The catalogue's search on every page (issue 14): a plain GET form to /products?q=..., so it
 * works before any script has run and on pages of the single-page app alike. On /products itself
 * the page's search answers the new address without a page load: the results on screen stay,
 * marked as searching, until the new ones come, instead of the whole page loading again and the
 * server's default results showing first.
 */
function NavSearch({ className, path, onSearch }: NavSearchProps) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (path !== PRODUCTS_PATH) return;
    event.preventDefault();
    const form = event.currentTarget;
    const typed = new FormData(form).get('q');
    const q = typeof typed === 'string' ? typed.trim() : '';
    pushLocationSearch(q ? `?${new URLSearchParams({ q }).toString()}` : '');
    // As after a page load: the page's own search box now shows the words.
    form.reset();
    onSearch?.();
  };
  return (
    <form
      role="search"
      action={PRODUCTS_PATH}
      method="get"
      onSubmit={onSubmit}
      className={className}
    >
      <input
        type="search"
        name="q"
        aria-label="Search products"
        placeholder="Search products"
        maxLength={100}
        className={styles.searchInput}
      />
    </form>
  );
}

/**
 * The cart, on every screen size, with the number of its lines. The cart is this browser's
 * (lib/cart-store.ts): the server renders the link without a count, and the count shows once the
 * page has hydrated, so the server's HTML and the browser's first render agree.
 */
function CartLink({ path }: { path: string }) {
  const count = useCart().length;
  return (
    <PageLink
      href={CART_PATH}
      className={styles.cartLink}
      aria-current={path === CART_PATH ? 'page' : undefined}
      aria-label={
        count > 0 ? `Cart, ${formatNumber(count)} ${count === 1 ? 'line' : 'lines'}` : 'Cart'
      }
      data-testid="cart-link"
    >
      <Icon path={shoppingCartOutlined} />
      <span className={styles.cartLabel}>Cart</span>
      {count > 0 && (
        <span className={styles.cartBadge} data-testid="cart-count">
          {formatNumber(count)}
        </span>
      )}
    </PageLink>
  );
}

interface MenuProps {
  links: NavLinkItem[];
  path: string;
  user: SessionUser | null;
  onNavigate: () => void;
  onSignOut: () => void;
}

/** The small-screen menu (SPEC section 2): the same links, one per line, below the toolbar. */
function MobileMenu({ links, path, user, onNavigate, onSignOut }: MenuProps) {
  return (
    <nav aria-label="Main menu" id={MOBILE_MENU_ID} className={styles.menu}>
      <NavSearch className={styles.menuSearch} path={path} onSearch={onNavigate} />
      <ul className={styles.menuList}>
        {user && <li className={styles.menuUser}>{user.displayName ?? user.email}</li>}
        {links.map((link) => (
          <li key={link.to}>
            <PageLink
              href={link.to}
              className={styles.menuLink}
              aria-current={link.to === path ? 'page' : undefined}
              onClick={onNavigate}
            >
              {link.label}
            </PageLink>
          </li>
        ))}
        {user && (
          <li>
            <button type="button" className={styles.menuLink} onClick={onSignOut}>
              Signout
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}

/**
 * The navbar of every page (SPEC section 2). On pages the server renders it is an island
 * (app/islands.ts), hydrated at once: who is signed in decides its links.
 */
export function Navbar() {
  const shopName = useShopName();
  const session = useSession();
  const path = useCurrentPath();
  const [menuOpen, setMenuOpen] = useState(false);

  const user = session.user;
  // While the session is still being read, neither Login/Signup nor Dashboard is offered, so a
  // signed-in visitor never sees Login flash by on a page load.
  const links: NavLinkItem[] = user
    ? [...publicLinks, { label: 'Dashboard', to: dashboardPath(session.isAdmin) }]
    : session.status === 'loading'
      ? publicLinks
      : [...publicLinks, ...signedOutLinks];
  const closeMenu = () => setMenuOpen(false);
  const signOut = () => {
    closeMenu();
    void session.signOut();
  };

  return (
    <header className={styles.appBar}>
      <Container>
        <div className={styles.toolbar}>
          <PageLink href="/" className={styles.brand} onClick={closeMenu}>
            <Icon path={memory} className={styles.brandIcon} />
            <span className={styles.brandName}>{shopName}</span>
          </PageLink>

          <nav aria-label="Main" className={styles.nav}>
            {links.map((link) => (
              <PageLink
                key={link.to}
                href={link.to}
                className={styles.link}
                aria-current={link.to === path ? 'page' : undefined}
              >
                {link.label}
              </PageLink>
            ))}
            {user && (
              <>
                <button type="button" className={styles.link} onClick={signOut}>
                  Signout
                </button>
                <span className={styles.userName}>{user.displayName ?? user.email}</span>
              </>
            )}
          </nav>

          <NavSearch className={styles.search} path={path} />

          <CartLink path={path} />

          <button
            type="button"
            className={styles.menuButton}
            aria-label="Open menu"
            aria-controls={MOBILE_MENU_ID}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Icon path={menu} />
          </button>
        </div>
      </Container>
      {menuOpen && (
        <MobileMenu
          links={links}
          path={path}
          user={user}
          onNavigate={closeMenu}
          onSignOut={signOut}
        />
      )}
    </header>
  );
}
