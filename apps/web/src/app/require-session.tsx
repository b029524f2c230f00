import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { LoadError } from '../components/ui/load-error';
import {
  asksForSignOut,
  useSession,
  type LoginRedirectState,
  type SignOutState,
} from '../lib/session';
import { dashboardHomePath, dashboardPath } from './layouts/nav-links';
import styles from './require-session.module.css';
import { SessionLoading } from './layouts/session-loading';

/**
 * Guard for the protected routes of SPEC section 2: Loading... while the session resolves; a
 * signed-out visitor goes to /login, which remembers the path and query they asked for.
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();

  if (session.status === 'loading') return <SessionLoading />;
  if (session.status === 'signed-out') {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

/**
 * SPEC section 6: a non-admin on an admin page is signed out and sent to /. Only leaving comes
 * first: React keeps showing this page while / loads, and a session that ended meanwhile would
 * make RequireSession send the user to /login instead. So / itself ends the session, on arrival.
 */
function SignOutToHome() {
  const state: SignOutState = { signOut: true };
  return <Navigate to="/" replace state={state} />;
}

/** In the root layout: ends the session once a page reached with SignOutToHome's state shows. */
export function SignOutOnArrival() {
  const location = useLocation();
  const navigate = useNavigate();
  const { signOut } = useSession();
  const requested = asksForSignOut(location.state);
  const { pathname, search } = location;

  useEffect(() => {
    if (!requested) return;
    // The state is dropped afterwards, so a reload of / does not sign out again.
    void signOut().then(() => navigate({ pathname, search }, { replace: true, state: null }));
  }, [requested, signOut, navigate, pathname, search]);

  return null;
}

/**
 * Guard for the admin-only routes, inside RequireSession: waits for the role, and SPEC section 6
 * signs a non-admin out and sends them to /. A failed lookup is not a "no": it offers a retry.
 */
export function RequireAdmin() {
  const session = useSession();

  if (session.adminError) {
    return (
      <div className={styles.error}>
        <LoadError
          title="Your administrator rights could not be checked."
          error={session.adminError}
          onRetry={session.retryAdminCheck}
        />
      </div>
    );
  }
  if (session.isAdminLoading) return <SessionLoading />;
  if (!session.isAdmin) return <SignOutToHome />;
  return <Outlet />;
}

/** /dashboard itself opens the role's first page, once the role is known. */
export function DashboardHome() {
  const session = useSession();
  if (session.adminError) return <Navigate to={dashboardPath(false)} replace />;
  if (session.isAdminLoading) return <SessionLoading />;
  return <Navigate to={dashboardHomePath(session.isAdmin)} replace />;
}
