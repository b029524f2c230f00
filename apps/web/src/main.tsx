import './styles/global.css';
import { PAGE_DATA_ID, type DocumentVisitor, type PublicConfig } from '@shop/shared';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { seedPageData, seedVisitor } from './app/page-data';
import { preloadPages } from './app/routes';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the shop into.');

// The shell of a signed-in visitor's page carries who they are (http/web-app.ts on the server):
// the app starts signed in, without asking for the session and the admin role first. A page the
// server drew for them (entry-app-server.tsx) carries the public settings it drew with too.
const queryClient = createQueryClient();
const pageData = document.getElementById(PAGE_DATA_ID)?.textContent;
if (pageData) {
  const { visitor, config } = JSON.parse(pageData) as {
    visitor?: DocumentVisitor;
    config?: PublicConfig;
  };
  if (config) seedPageData(queryClient, { config, ...(visitor && { visitor }) });
  else if (visitor) seedVisitor(queryClient, visitor);
}

// The pages the server renders (DOCUMENT_PAGES, packages/shared/src/documents.ts) have their own script, app/islands.tsx;
// every page of this app arrives as the shell and is rendered here, once the code of the
// address's pages has arrived (a chunk that failed to load is asked for again by the page). As a
// transition, React does that work in slices and lets the browser handle input and paint
// between them. A page the server drew for the signed-in visitor (the dashboard's, decision 037)
// arrives with its HTML in #root: the app hydrates it, with the same first render.
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
const drawn = container.hasChildNodes();
void preloadPages(window.location.pathname)
  .catch(() => undefined)
  .then(() =>
    startTransition(() => {
      if (drawn) hydrateRoot(container, app);
      else createRoot(container).render(app);
    }),
  );
