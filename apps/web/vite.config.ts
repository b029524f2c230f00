import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';

const apiPort = process.env.PORT ?? '3000';
const sharedApiDir = fileURLToPath(new URL('../../packages/shared/src/api', import.meta.url));

/** Where the server mounts the API (packages/shared), the prefix the dev server hands on. */
const { API_PREFIX } = (await tsImport(
  path.join(sharedApiDir, 'client.ts'),
  import.meta.url,
)) as typeof import('../../packages/shared/src/api/client.js');

/**
 * Where the client build's source maps go: next to `dist`, never inside it, so the server has
 * no map to publish (a map carries the whole source). The bundle-budget test and whoever reads
 * a production stack trace find them here (docs/decisions/010).
 */
export const sourceMapsDir = fileURLToPath(new URL('dist-sourcemaps', import.meta.url));

function* mapFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* mapFiles(file);
    else if (entry.name.endsWith('.map')) yield file;
  }
}

/** Moves the maps the build wrote out of the served folder, after the bundle is written. */
function sourceMapsOutOfDist(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'source-maps-out-of-dist',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    closeBundle() {
      // The build-time render (scripts/prerender.mjs) writes its own folder, never served.
      if (ssr) return;
      rmSync(sourceMapsDir, { recursive: true, force: true });
      for (const file of mapFiles(outDir)) {
        const target = path.join(sourceMapsDir, path.relative(outDir, file));
        mkdirSync(path.dirname(target), { recursive: true });
        renameSync(file, target);
      }
    },
  };
}

const ROUTES_ID = 'virtual:api-routes';

/**
 * `virtual:api-routes`: the method and path of every API contract (packages/shared/src/api),
 * read from the contracts when the app is built. The web app calls through these routes, typed
 * by the contracts, without bundling the contracts' zod schemas (docs/decisions/012).
 */
export function apiRoutes(): Plugin {
  return {
    name: 'api-routes',
    resolveId: (source) => (source === ROUTES_ID ? `\0${ROUTES_ID}` : null),
    async load(id) {
      if (id !== `\0${ROUTES_ID}`) return null;
      for (const file of readdirSync(sharedApiDir))
        this.addWatchFile(path.join(sharedApiDir, file));
      const contracts = (await tsImport(
        path.join(sharedApiDir, 'index.ts'),
        import.meta.url,
      )) as typeof import('../../packages/shared/src/api/index.js');
      return `export const routes = ${JSON.stringify(contracts.apiRoutes())};`;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), sourceMapsOutOfDist(), apiRoutes()],
  resolve: {
    alias: {
      '@shop/shared': fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    // In development Vite serves the app and hands API calls to the Fastify process.
    proxy: { [API_PREFIX]: `http://127.0.0.1:${apiPort}` },
  },
  // `hidden`: the maps are written (and moved out of dist above) but the bundles do not point
  // at them, so no browser asks for one.
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: the server links the stylesheets of the chunks of a page it draws
    // (src/entry-app-server.tsx); the server never serves it (a dot folder).
    manifest: !isSsrBuild,
    rollupOptions: isSsrBuild
      ? {
          // The server render is one file with one stylesheet, all of which goes inline into
          // every document: a chunk of its own (a part the browser loads lazily) would take its
          // share of the styles, and the components it shares with the page, out of the page.
          // The render of the app's pages (SERVER_RENDER=app, src/entry-app-server.tsx) links
          // the client's stylesheets instead, and keeps its pages in chunks: the server loads
          // the code of the pages it draws, not the whole app's (the Overview's charts...).
          output: { codeSplitting: process.env.SERVER_RENDER === 'app' },
        }
      : {
          // The single-page app's shell, and the template of the pages the server renders with
          // their islands' script (docs/decisions/015).
          input: {
            app: fileURLToPath(new URL('index.html', import.meta.url)),
            document: fileURLToPath(new URL('document.html', import.meta.url)),
          },
        },
    // The server's render (src/entry-server.tsx, built by scripts/build-server-render.mjs)
    // writes the styles of what it renders as one file: they go inline into every document.
    ssrEmitAssets: true,
  },
  // The server render runs as one self-contained file in the API process.
  ssr: { noExternal: true },
}));
