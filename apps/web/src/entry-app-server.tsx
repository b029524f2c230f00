/**
 * Draws the single-page app's pages the server renders for the signed-in visitor of the session
 * cookie (the routes marked DRAWN_FOR_VISITOR in app/routes.tsx, My Orders first), for the API
 * process (apps/api/src/http/web-app.ts), which loads this file's build at start
 * (scripts/build-server-render.mjs). The page arrives drawn and styled: the app's shell
 * (index.html) with the route's HTML in #root, the stylesheets of the route's chunks linked from
 * Vite's manifest, what the server knew as JSON (PAGE_DATA_ID), and the scripts asked for after
 * the first paint (DOCUMENT_BOOT_SCRIPT); main.tsx then hydrates it. See docs/decisions/037.
 */
import type { AppRendererModule, BuildManifest } from '@shop/shared';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/app';
import { PAGE_DATA_ID, seedPageData, type PageData } from './app/page-data';
import { AppProviders } from './app/providers';
import { drawnForVisitor, pagesOf } from './app/routes';
import { bootScripts, deferScripts, scriptJson, TITLE } from './document-template';
import { createQueryClient } from './lib/query-client';

const STYLESHEET = /<link rel="stylesheet"[^>]*\shref="([^"]+)"[^>]*>/g;
const ROOT = '<div id="root"></div>';

/** The files of a chunk and of every chunk it imports: their scripts and their stylesheets. */
function chunkFiles(manifest: BuildManifest, source: string) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return { scripts: [...scripts], styles: [...styles] };
}

/** Text for an HTML attribute or element. */
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const createAppRenderer: AppRendererModule['createAppRenderer'] = (template, manifest) => {
  if (!template.includes(ROOT)) throw new Error(`index.html has no ${ROOT}`);
  if (!TITLE.test(template)) throw new Error('index.html has no <title>');
  const deferred = deferScripts(template);
  // What the shell itself loads: a page's chunks need only what it does not.
  const linked = new Set([...template.matchAll(STYLESHEET)].map((match) => match[1]!));
  const loaded = new Set([deferred.scripts.entry, ...deferred.scripts.preload]);

  /** A page's stylesheets and scripts (its chunks', less the shell's), by the address's pages. */
  const filesOf = (pathname: string) => {
    const styles = new Set<string>();
    const scripts = new Set<string>();
    for (const page of pagesOf(pathname)) {
      if (!manifest[page.source]) throw new Error(`the build's manifest has no ${page.source}`);
      const files = chunkFiles(manifest, page.source);
      for (const href of files.styles) if (!linked.has(href)) styles.add(href);
      for (const href of files.scripts) if (!loaded.has(href)) scripts.add(href);
    }
    return { styles: [...styles], scripts: [...scripts] };
  };

  return async function renderPage(url, { config, visitor }) {
    const pathname = new URL(url, 'http://shop.invalid').pathname;
    if (!drawnForVisitor(pathname, visitor.isAdmin)) return null;
    // renderToString cannot wait for a chunk: the address's pages are loaded first, as main.tsx
    // loads them before hydrating.
    await Promise.all(pagesOf(pathname).map((page) => page.preload()));
    const pageData: PageData = { config, visitor };
    const queryClient = createQueryClient();
    seedPageData(queryClient, pageData);
    let html = renderToString(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </StrictMode>,
    );
    queryClient.clear();
    const title = TITLE.exec(html)?.[1];
    html = html.replace(TITLE, '');

    const files = filesOf(pathname);
    const styles = files.styles
      .map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`)
      .join('\n');
    const scripts = {
      ...deferred.scripts,
      preload: [...deferred.scripts.preload, ...files.scripts],
    };
    return deferred.template
      .replace(TITLE, (whole) => (title === undefined ? whole : `<title>${title}</title>`))
      .replace('</head>', () => `${styles}\n</head>`)
      .replace(ROOT, () => `<div id="root">${html}</div>`)
      .replace(
        '</body>',
        () =>
          `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(pageData)}</script>\n` +
          `${bootScripts(scripts)}</body>`,
      );
  };
};
