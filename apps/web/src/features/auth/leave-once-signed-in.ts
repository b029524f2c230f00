import { useEffect } from 'react';
import { useHydrated } from '../../components/use-hydrated';
import { replacePage } from '../../lib/replace-page';
// Not the session folder's index: it brings React Router, which these islands have not.
import { useSession } from '../../lib/session/use-session';

/**
 * /login and /signup (islands of pages the server renders, no router): once the session is signed
 * in, by this page's form, by Google's popup, or before the visitor came, the page loads `target()`
 * in its place (SPEC section 2). Returns true from then on, while the next page loads, so the
 * form shows that it is busy instead of asking again. Never while the island hydrates: the
 * server's HTML knows no session, and the first render must be the same.
 *
 * `target` must keep its identity between renders (a function of the module).
 */
export function useLeaveOnceSignedIn(target: () => string): boolean {
  const hydrated = useHydrated();
  const { status } = useSession();
  const leaving = hydrated && status === 'signed-in';

  useEffect(() => {
    if (leaving) replacePage(target());
  }, [leaving, target]);

  return leaving;
}
