import './styles/global.css';
import { PAGE_DATA_ID, type DocumentVisitor } from '@shop/shared';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { seedVisitor } from './app/page-data';
import { preloadPages } from './app/routes';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the shop into.');

// The shell of a signed-in visitor's page carries who they are (http/web-app.ts on the server):
// the app starts signed in, without asking for the session and the admin role first.
const queryClient = createQueryClient();
const pageData = document.getElementById(PAGE_DATA_ID)?.textContent;
if (pageData) {
  const { visitor } = JSON.parse(pageData) as { visitor?: DocumentVisitor };
  if (visitor) seedVisitor(queryClient, visitor);
}

// The pages the server renders (DOCUMENT_PAGES, packages/shared/src/documents.ts) have their own script, app/islands.tsx;
// every page of this app arrives as the empty shell and is rendered here, once the code of the
// address's pages has arrived (a chunk that failed to load is asked for again by the page). As a
// transition, React does that work in slices and lets the browser handle input and paint
// between them.
void preloadPages(window.location.pathname)
  .catch(() => undefined)
  .then(() =>
    startTransition(() => {
      createRoot(container).render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      );
    }),
  );
