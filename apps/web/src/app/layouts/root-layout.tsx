import { Suspense, useMemo, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { NavigationProvider, type PageLinkProps } from '../../components/ui/navigation';
import { SignOutOnArrival } from '../require-session';
import { PageFrame } from './page-frame';
import { PageLoading } from './page-loading';
import { ScrollRestoration } from './scroll-restoration';

/** Inside the single-page app, a link to one of its pages is the router's. */
function RouterLink({ href, ...props }: PageLinkProps) {
  return <Link to={href} {...props} />;
}

/** Links and the current path from the router, for the components shared with documents. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigation = useMemo(() => ({ path: pathname, Link: RouterLink }), [pathname]);
  return <NavigationProvider value={navigation}>{children}</NavigationProvider>;
}

export function RootLayout() {
  return (
    <RouterNavigation>
      <PageFrame>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </PageFrame>
      <ScrollRestoration />
      <SignOutOnArrival />
    </RouterNavigation>
  );
}
