import MenuIcon from '@mui/icons-material/Menu';
import MemoryIcon from '@mui/icons-material/Memory';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { NavLink, Link as RouterLink } from 'react-router';
import { LoadBoundary } from '../../components/load-boundary';
import { useShopName } from '../../lib/public-config';
import { useSession } from '../../lib/session';
import { dashboardPath, publicLinks, signedOutLinks, type NavLinkItem } from './nav-links';

const MOBILE_MENU_ID = 'mobile-menu';

// The small-screen menu loads with the first press of its button, not with the first load; a
// finger or pointer on the button starts the load a moment before the press completes.
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(loadMobileMenu);
const preloadMobileMenu = () => void loadMobileMenu().catch(() => undefined);

export function Navbar() {
  const shopName = useShopName();
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);

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
    <AppBar position="sticky" color="primary" component="header">
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 2 }}>
          <Box
            component={RouterLink}
            to="/"
            onClick={closeMenu}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              color: 'inherit',
              textDecoration: 'none',
              mr: 'auto',
            }}
          >
            <MemoryIcon sx={{ color: 'secondary.main' }} aria-hidden />
            <Typography component="span" variant="h6" sx={{ fontWeight: 800 }}>
              {shopName}
            </Typography>
          </Box>

          <Box
            component="nav"
            aria-label="Main"
            sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 0.5 }}
          >
            {links.map((link) => (
              <Button
                key={link.to}
                component={NavLink}
                to={link.to}
                end
                color="inherit"
                sx={{ '&[aria-current="page"]': { color: 'secondary.main' } }}
              >
                {link.label}
              </Button>
            ))}
            {user && (
              <>
                <Button color="inherit" onClick={signOut}>
                  Signout
                </Button>
                <Typography component="span" sx={{ ml: 1, fontWeight: 600 }}>
                  {user.displayName ?? user.email}
                </Typography>
              </>
            )}
          </Box>

          <IconButton
            color="inherit"
            aria-label="Open menu"
            aria-controls={MOBILE_MENU_ID}
            aria-expanded={menuOpen}
            onPointerDown={preloadMobileMenu}
            onClick={() => {
              setMenuUsed(true);
              setMenuOpen((open) => !open);
            }}
            sx={{ display: { xs: 'inline-flex', md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>

      {menuUsed && (
        <LoadBoundary fallback={null}>
          <Suspense fallback={null}>
            <MobileMenu
              id={MOBILE_MENU_ID}
              open={menuOpen}
              links={links}
              user={user}
              onNavigate={closeMenu}
              onSignOut={signOut}
            />
          </Suspense>
        </LoadBoundary>
      )}
    </AppBar>
  );
}
