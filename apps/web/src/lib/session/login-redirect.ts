/** What a guard hands to /login so the user comes back where they were going (SPEC section 2). */
export interface LoginRedirectState {
  /** Path and query of the page that asked for a sign-in. */
  from: string;
}

/**
 * Where to go after a login: the remembered path, or / by default. Only a path on this site is
 * accepted, so a crafted link cannot send a fresh session to another origin ("//evil.example").
 */
export function redirectTarget(state: unknown): string {
  const from = (state as Partial<LoginRedirectState> | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

/**
 * The state the current history entry carries, where React Router keeps a navigation's state
 * (`history.state.usr`). A page the server renders (login's island) has no router, but reads the
 * same state a guard gave the navigation: the single-page app reloads the entry to load the
 * document (LoadDocument), and a reload keeps history.state.
 */
export function historyState(): unknown {
  if (typeof window === 'undefined') return null;
  return (window.history.state as { usr?: unknown } | null)?.usr ?? null;
}

/**
 * From a page the server renders (no router): opens /login in place of this page, remembering
 * `from` as RequireSession's navigation does, so the login brings the user back here.
 */
export function openLogin(from: string) {
  const state: LoginRedirectState = { from };
  window.history.replaceState({ usr: state, key: 'default', idx: 0 }, '', '/login');
  window.location.reload();
}
