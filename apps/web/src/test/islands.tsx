import type { PublicConfig } from '@shop/shared';
import { QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { IslandProviders } from '../app/island-providers';
import { seedPageData } from '../app/page-data';
import { ServerIslandsProvider } from '../components/island';

interface PageContext {
  /** The path of the page, as the server and app/islands.tsx give it to the islands. */
  path: string;
  config: PublicConfig;
}

/** A query cache seeded from the page's data, as entry-server.tsx and app/islands.tsx do. */
function pageQueryClient(config: PublicConfig) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  seedPageData(queryClient, { config });
  return queryClient;
}

/**
 * Renders a page as the server does (entry-server.tsx: each island a root of its own, inside
 * its marked wrapper) and puts the HTML in the document, with no React behind it yet.
 */
export function renderOnServer(page: ReactElement, { path, config }: PageContext): HTMLElement {
  const queryClient = pageQueryClient(config);
  const wrap = (children: ReactNode) => (
    <IslandProviders queryClient={queryClient} path={path}>
      {children}
    </IslandProviders>
  );
  const html = renderToString(
    wrap(
      <ServerIslandsProvider
        value={(name, island) => renderToString(wrap(island), { identifierPrefix: `${name}-` })}
      >
        {page}
      </ServerIslandsProvider>,
    ),
  );
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

/**
 * Hydrates the island `name` of a page from renderOnServer as app/islands.tsx does: its own root,
 * its props from the wrapper, a query cache seeded from the page's data. `mismatches` collects
 * what React could not hydrate (it would render that part again, losing what the HTML held).
 */
export async function hydrateIsland<P extends object>(
  container: HTMLElement,
  name: string,
  Component: ComponentType<P>,
  { path, config }: PageContext,
) {
  const element = container.querySelector<HTMLElement>(`[data-island="${name}"]`);
  if (!element) throw new Error(`The page has no island "${name}".`);
  const props = JSON.parse(element.dataset.props ?? '{}') as P;
  const mismatches: unknown[] = [];
  const root = await act(() =>
    hydrateRoot(
      element,
      <IslandProviders queryClient={pageQueryClient(config)} path={path}>
        <Component {...props} />
      </IslandProviders>,
      {
        identifierPrefix: `${name}-`,
        onRecoverableError: (error) => mismatches.push(error),
      },
    ),
  );
  return {
    element,
    mismatches,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}
