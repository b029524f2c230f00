import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** Location state asking the page it lands on to end the session (see SignOutOnArrival). */
export interface SignOutState {
  signOut: true;
}

export const asksForSignOut = (state: unknown): boolean =>
  (state as Partial<SignOutState> | null)?.signOut === true;

/**
 * SPEC section 6 sends a refused user to / signed out. Leaving comes first and / ends the
 * session on arrival: a session ended here, while this page still shows, would make the route
 * guard send the user to /login instead.
 */
export function useSignOutToHome(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const state: SignOutState = { signOut: true };
    void navigate('/', { replace: true, state });
  }, [navigate]);
}
