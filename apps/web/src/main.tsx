import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the shop into.');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The home page arrives rendered at build time (entry-server.tsx): hydrate it. Every other page
// arrives as the empty shell and is rendered here. As a transition, React does that work in
// slices and lets the browser handle input and paint between them, instead of one long task.
startTransition(() => {
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
