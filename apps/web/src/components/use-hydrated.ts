import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React renders what the server sends (on the server, and in the browser while it
 * hydrates that HTML), true from then on; in the single-page app, true from the first render.
 * What only JavaScript can do waits for it: a button of an island (docs/decisions/015) whose
 * click nothing would answer before its code runs, or a submit button whose form would otherwise
 * go to the browser's own submission (a GET carrying the typed password in the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
