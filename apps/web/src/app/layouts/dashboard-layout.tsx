import { Suspense, useEffect, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Icon } from '../../components/ui/icon';
import { useHydrated } from '../../components/use-hydrated';
import { menuOpen } from '../../components/ui/icons';
import { useSession } from '../../lib/session';
import { useMySpending } from '../../features/companies/api/get-my-spending';
import { InvitationsBanner } from '../../features/companies/components/invitations-banner';
import styles from './dashboard-layout.module.css';
import { dashboardMenu } from './dashboard-menu';
import { PageLoading } from './page-loading';

/** MUI's md breakpoint: from here the side menu is always shown. */
const WIDE = '(min-width: 900px)';

function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const session = useSession();
  // An admin buys for no company; a customer's role in theirs decides whether Approvals shows.
  // GET /company/spending names the role, and answers nulls outside a company where GET
  // /company answers 404, which the browser would log on every dashboard page of most customers.
  const spending = useMySpending({ enabled: !session.isAdmin && !session.isAdminLoading });
  const role = spending.data?.role ?? null;
  const items = dashboardMenu(session.isAdmin, role);
  return (
    <nav aria-label="Dashboard">
      <p className={styles.overline}>Dashboard</p>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} onClick={onNavigate} className={styles.item}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** SPEC section 2: a side menu; on small screens a toggle opens it as a drawer. */
export function DashboardLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);
  // A page the server drew (docs/decisions/037): the toggle answers once the app has hydrated.
  const hydrated = useHydrated();

  // The drawer is for small screens: a window widened past md shows the side menu instead.
  useEffect(() => {
    if (!drawerOpen || typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia(WIDE);
    const close = () => {
      if (wide.matches) setDrawerOpen(false);
    };
    close();
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, [drawerOpen]);

  return (
    <div className={styles.layout}>
      <div className={styles.sidebar}>
        <SideMenu />
      </div>
      <Dialog
        open={drawerOpen}
        onClose={closeDrawer}
        aria-label="Dashboard menu"
        className={styles.drawer}
      >
        <SideMenu onNavigate={closeDrawer} />
      </Dialog>
      <div className={styles.content}>
        <Button
          variant="outlined"
          onClick={() => setDrawerOpen(true)}
          disabled={!hydrated}
          aria-label="Open dashboard menu"
          className={styles.menuButton}
        >
          <span className={styles.startIcon}>
            <Icon path={menuOpen} size={20} />
          </span>
          Menu
        </Button>
        <InvitationsBanner />
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}

export default DashboardLayout;
