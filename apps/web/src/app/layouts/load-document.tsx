import { Suspense, useEffect, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { asksForSignOut } from '../../lib/session';
import { PageLoading } from './page-loading';

/**
 * The key of the history entry the app started on, as the router reads it (its state's `key`,
 * 'default' for a fresh entry). After a reload the entry keeps the key the router gave it, so
 * "the app's first page" is this key, not 'default': the app never reloads the entry it was
 * loaded for, which would loop where no server renders the page (Vite's development server).
 */
const FIRST_ENTRY_KEY =
  (typeof window === 'undefined'
    ? undefined
    : (window.history.state as { key?: unknown } | null)?.key) ?? 'default';

/**
 * The single-page app's route for a page the server renders (DOCUMENT_PAGES in @shop/shared,
 * docs/decisions/015). Reached by a navigation inside the app, it hands the visit to the browser:
 * the router has already put the address (and its state) in this history entry, so a reload
 * loads the server's document there, and the entry's state survives it (a guard's "come back
 * here after the login", read by /login's island from history.state); when the visit asks for a
 * sign-out first (SPEC section 6), SignOutOnArrival ends the session and clears the state, then
 * this runs. Reached as the app's first page, the server had no render to send (Vite's
 * development server, a build without the server render, the component tests): asking again
 * would only load this app again, so it renders the page itself.
 */
export function LoadDocument({ page: Page }: { page: ComponentType }) {
  const { state, key } = useLocation();
  const firstPage = key === FIRST_ENTRY_KEY;
  const waitForSignOut = asksForSignOut(state);
  useEffect(() => {
    if (!firstPage && !waitForSignOut) window.location.reload();
  }, [firstPage, waitForSignOut, key]);
  if (!firstPage) return <PageLoading />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
