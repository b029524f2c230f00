import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the shop into.');

// The pages the server renders (DOCUMENT_PAGES, packages/shared/src/documents.ts) have their own script, app/islands.tsx;
// every page of this app arrives as the empty shell and is rendered here. As a transition, React
// does that work in slices and lets the browser handle input and paint between them.
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
