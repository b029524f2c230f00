// Builds the web app's server render (apps/web/src/entry-server.tsx) into apps/web/dist-server:
// one self-contained file the API process loads at start to render the pages it serves as
// documents, and the stylesheet of what it renders, which goes inline into every such page
// (docs/decisions/015). Never served: it sits beside dist, not in it.
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One server render of `entry` into `outDir` (both relative to the web app); `render` names it to
 * the build's config (vite.config.ts: the app's render keeps its pages in chunks).
 */
function buildOne(webDir, entry, outDir, render) {
  const built = spawnSync(
    'npx',
    ['vite', 'build', '--ssr', entry, '--outDir', outDir, '--logLevel', 'warn'],
    { cwd: webDir, stdio: 'inherit', env: { ...process.env, SERVER_RENDER: render } },
  );
  if (built.status !== 0) throw new Error(`the build of the server render ${entry} failed`);
}

export function buildServerRender(webDir) {
  const out = join(webDir, 'dist-server');
  rmSync(out, { recursive: true, force: true });
  buildOne(webDir, 'src/entry-server.tsx', 'dist-server', 'documents');
  // The single-page app's pages the server draws for the signed-in visitor (entry-app-server.tsx,
  // docs/decisions/037): a file of its own, whose styles are not inlined but linked, the client
  // build's, from its manifest; the app's pages bundled into entry-server would put theirs in
  // every document's inline stylesheet. Its pages are chunks of their own, loaded when drawn.
  buildOne(webDir, 'src/entry-app-server.tsx', 'dist-server/app', 'app');
  // The styles of what the entry renders; parts it loads lazily (never rendered on the server)
  // bring their own, which the browser loads with their code.
  // One stylesheet, the entry's: documents.ts inlines it, and styles in any other file (a
  // chunk split off the entry) would be missing from every page.
  const css = readdirSync(join(out, 'assets')).filter((file) => file.endsWith('.css'));
  if (css.length !== 1 || !/^entry-server-.*\.css$/.test(css[0]))
    throw new Error(`the server render built ${css.join(', ') || 'no'} stylesheets, expected one`);
}
