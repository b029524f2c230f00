import './styles/global.css';
import { startApp } from './app/start';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the shop into.');

// The pages the server renders (DOCUMENT_PAGES, packages/shared/src/documents.ts) have their own
// script, app/islands.tsx; every other page is this app's (app/start.tsx).
void startApp(container);
