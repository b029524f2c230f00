import { createElement, lazy, type ComponentType } from 'react';

/** A page whose code is a chunk of its own, which can be asked for before it is rendered. */
export type LazyPage<P extends object> = ComponentType<P> & {
  preload: () => Promise<unknown>;
  /**
   * The page's module as Vite's build manifest names it (`src/app/routes/my-orders.tsx`): a page
   * the server draws links its chunk's stylesheets and preloads its code from there
   * (entry-app-server.tsx).
   */
  source: string;
};

/**
 * React's lazy(), plus `preload()`: once the chunk has arrived, the page renders at once instead
 * of suspending for a turn behind its Suspense fallback. main.tsx preloads the pages of the
 * address the app starts on before its first render (preloadPages in routes.tsx), so a page
 * opened directly paints without a loading screen in between, and nothing jumps when it goes.
 * The server's render of a page (entry-app-server.tsx) preloads them the same way: React's
 * renderToString cannot wait for a chunk.
 */
export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  source: string,
): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(loadOnce);
  function Page(props: P) {
    return createElement(loaded ?? Lazy, props);
  }
  Page.preload = loadOnce;
  Page.source = source;
  return Page;
}
