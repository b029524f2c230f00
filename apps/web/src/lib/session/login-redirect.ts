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
