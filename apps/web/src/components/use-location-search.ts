import { useSyncExternalStore } from 'react';

/** Told when this module moves the address (pushState fires no event of its own). */
const EVENT = 'shop:location-search';

function subscribe(notify: () => void) {
  window.addEventListener('popstate', notify);
  window.addEventListener(EVENT, notify);
  return () => {
    window.removeEventListener('popstate', notify);
    window.removeEventListener(EVENT, notify);
  };
}

const current = () => window.location.search;
/** The server renders the page for its address without a query (and so does hydration). */
const onServer = () => '';

/**
 * The query string of the page's address, as state: a page that keeps its state in the address
 * (the catalogue's search) reads it here and writes it with `setSearch`, which adds a history
 * entry, so Back returns to the previous search and a search can be shared as a link. It renders
 * '' on the server and while hydrating (the server's HTML is the page without a query), then the
 * address's own. The router is not told: it keeps the entry's state (its key), so it treats the
 * entry as the same page and does not load it again.
 */
export function useLocationSearch(): [string, (search: string) => void] {
  const search = useSyncExternalStore(subscribe, current, onServer);
  return [search, pushLocationSearch];
}

/**
 * Moves the address to `next` query (a history entry) and tells every `useLocationSearch`, in
 * any island of the page: the navbar's search box asks /products' search island this way.
 */
export function pushLocationSearch(next: string) {
  const query = next.startsWith('?') || next === '' ? next : `?${next}`;
  if (query === window.location.search) return;
  window.history.pushState(window.history.state, '', `${window.location.pathname}${query}`);
  window.dispatchEvent(new Event(EVENT));
}
