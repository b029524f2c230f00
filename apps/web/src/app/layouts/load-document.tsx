import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { asksForSignOut } from '../../lib/session';
import { PageLoading } from './page-loading';

/**
 * The single-page app's stand-in for a page the server renders (DOCUMENT_PAGES, packages/shared/src/documents.ts): the
 * browser loads that document in place of this history entry. When the visit asks for a sign-out
 * first (SPEC section 6), SignOutOnArrival ends the session and clears the state, then this runs.
 */
export default function LoadDocument() {
  const { pathname, search, hash, state } = useLocation();
  const waitForSignOut = asksForSignOut(state);
  useEffect(() => {
    if (!waitForSignOut) window.location.replace(`${pathname}${search}${hash}`);
  }, [waitForSignOut, pathname, search, hash]);
  return <PageLoading />;
}
