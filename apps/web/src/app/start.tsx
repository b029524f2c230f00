import { PAGE_DATA_ID, type DocumentVisitor, type PublicConfig } from '@shop/shared';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createQueryClient } from '../lib/query-client';
import { App } from './app';
import { seedPageData, seedVisitor } from './page-data';
import { preloadPages } from './routes';

/** What the shell carries (http/web-app.ts): who is signed in; with a drawn page, the settings. */
interface ShellData {
  visitor?: DocumentVisitor;
  config?: PublicConfig;
}

/**
 * Marks the container once the app has rendered or hydrated it (`data-hydrated`, as an island's
 * wrapper, app/islands.tsx): on a page the server drew, what was clicked before is the browser's
 * alone, so the end-to-end tests wait for it, as a person waits for a page.
 */
function Started({ onStarted, children }: { onStarted: () => void; children: ReactNode }) {
  useEffect(onStarted, [onStarted]);
  return children;
}

/**
 * Starts the single-page app in `container` (main.tsx). The shell of a signed-in visitor's page
 * carries who they are (http/web-app.ts on the server): the app starts signed in, without asking
 * for the session and the admin role first. The app renders once the code of the address's pages
 * has arrived (a chunk that failed to load is asked for again by the page); as a transition, React
 * does that work in slices and lets the browser handle input and paint between them. A page the
 * server drew for the visitor (entry-app-server.tsx, docs/decisions/037) arrives with its HTML in
 * the container and the public settings it was drawn with: the app hydrates it, its first render
 * the server's. `onRecoverableError`: React's report of a part it could not hydrate (tests).
 */
export async function startApp(
  container: HTMLElement,
  { onRecoverableError }: { onRecoverableError?: (error: unknown) => void } = {},
): Promise<Root> {
  const queryClient = createQueryClient();
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  const { visitor, config } = (text ? JSON.parse(text) : {}) as ShellData;
  if (config) seedPageData(queryClient, { config, ...(visitor && { visitor }) });
  else if (visitor) seedVisitor(queryClient, visitor);

  const drawn = container.hasChildNodes();
  await preloadPages(window.location.pathname).catch(() => undefined);
  const app = (
    <StrictMode>
      <Started
        onStarted={() => {
          container.dataset.hydrated = '';
        }}
      >
        <App queryClient={queryClient} />
      </Started>
    </StrictMode>
  );
  let root: Root | undefined;
  startTransition(() => {
    if (drawn) {
      root = hydrateRoot(container, app, onRecoverableError && { onRecoverableError });
    } else {
      root = createRoot(container);
      root.render(app);
    }
  });
  return root!;
}
