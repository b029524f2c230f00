import { historyState } from '../../lib/session/login-redirect';

/** Not a SPEC message: the app's own word after a password reset. */
export const PASSWORD_CHANGED = 'Your password has been changed. Please log in.';

/**
 * What /reset-password hands to /login with its navigation, for /login to say the password has
 * changed. In the history entry's state, because /login is a page the server renders: the app
 * reloads the entry to load it (LoadDocument), and a toast shown before would go with the app.
 */
export interface PasswordChangedState {
  passwordChanged: true;
}

export const passwordChangedState: PasswordChangedState = { passwordChanged: true };

/**
 * True when this page was reached with PasswordChangedState. Also takes the state off the history
 * entry (keeping the rest, a guard's `from`), so a reload does not say it again.
 */
export function takePasswordChanged(): boolean {
  const state = historyState() as Partial<PasswordChangedState> | null;
  if (state?.passwordChanged !== true) return false;
  const { passwordChanged: _taken, ...rest } = state;
  window.history.replaceState({ ...(window.history.state as object), usr: rest }, '');
  return true;
}
