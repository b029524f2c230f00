import type { DocumentVisitor, Product, PublicConfig } from '@shop/shared';
import { QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { IslandProviders } from '../app/island-providers';
import { seedPageData, type PageData } from '../app/page-data';
import { ServerIslandsProvider } from '../components/island';

interface PageContext {
  /** The path of the page, as the server and app/islands.tsx give it to the islands. */
  path: string;
  config: PublicConfig;
  /** A page the server draws for one signed-in person (PageData). */
  visitor?: DocumentVisitor;
  purchaseProduct?: Product;
}

/** The page's data, as entry-server.tsx puts it in the page. */
const pageDataOf = ({ config, visitor, purchaseProduct }: PageContext): PageData => ({
  config,
  ...(visitor && { visitor }),
  ...(purchaseProduct && { purchaseProduct }),
});

/** A query cache seeded from the page's data, as entry-server.tsx and app/islands.tsx do. */
function pageQueryClient(pageData: PageData) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  seedPageData(queryClient, pageData);
  return queryClient;
}

/**
 * Renders a page as the server does (entry-server.tsx: each island a root of its own, inside
 * its marked wrapper) and puts the HTML in the document, with no React behind it yet.
 */
export function renderOnServer(page: ReactElement, context: PageContext): HTMLElement {
  const { path } = context;
  const pageData = pageDataOf(context);
  const queryClient = pageQueryClient(pageData);
  const wrap = (children: ReactNode) => (
    <IslandProviders queryClient={queryClient} path={path} pageData={pageData}>
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
  context: PageContext,
) {
  const pageData = pageDataOf(context);
  const element = container.querySelector<HTMLElement>(`[data-island="${name}"]`);
  if (!element) throw new Error(`The page has no island "${name}".`);
  const props = JSON.parse(element.dataset.props ?? '{}') as P;
  const mismatches: unknown[] = [];
  const root = await act(() =>
    hydrateRoot(
      element,
      <IslandProviders
        queryClient={pageQueryClient(pageData)}
        path={context.path}
        pageData={pageData}
      >
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
