import { existsSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import {
  API_PREFIX,
  PAGE_DATA_ID,
  type AppRendererModule,
  type BuildManifest,
  type DocumentVisitor,
  type PublicConfig,
} from '@shop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendApiNotFound } from './errors.js';

export const isApiPath = (url: string) =>
  url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);

/** Vite puts content-hashed files under /assets/: a changed file gets a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files, so it must be revalidated on every load. */
const REVALIDATE = 'no-cache';
/** Unhashed public files (product pictures, favicon) change rarely but may change. */
const SHORT = 'public, max-age=86400';

function cacheControlFor(filePath: string, distDir: string): string {
  const relative = path.relative(distDir, filePath).split(path.sep).join('/');
  if (relative.startsWith('assets/')) return IMMUTABLE;
  if (relative.endsWith('.html')) return REVALIDATE;
  return SHORT;
}

/**
 * A source map publishes the web app's whole source. The build keeps them out of dist
 * (apps/web/vite.config.ts); this refuses one that is there all the same (an older build, a
 * build by other means). The path is decoded until it no longer changes, as the static file
 * server decodes it too: `%2Emap` and `%252Emap` must not find the file either.
 */
export function isSourceMapPath(url: string): boolean {
  let pathname = url.split(/[?#]/, 1)[0] ?? '';
  for (let round = 0; round < 5; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      break;
    }
    if (decoded === pathname) break;
    pathname = decoded;
  }
  return /\.map\/*$/i.test(pathname);
}

const acceptsHtml = (request: FastifyRequest) =>
  (request.headers.accept ?? '').includes('text/html');

/** JSON inside <script>: `<` escaped, so no text in it (a person's name) can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The signed-in person of a request's session cookie, or null (no cookie, or one that names no
 * session); http/documents.ts asks the same.
 */
export type ReadVisitor = (headers: IncomingHttpHeaders) => Promise<DocumentVisitor | null>;

export interface WebAppOptions {
  readVisitor?: ReadVisitor;
  /** The public settings a page drawn for the visitor is drawn with (the shop's name). */
  config?: PublicConfig;
}

type RenderPage = ReturnType<AppRendererModule['createAppRenderer']>;

/**
 * The web app's render of its pages drawn for the signed-in visitor (apps/web/src/
 * entry-app-server.tsx, built into dist-server/app beside dist), prepared with the shell and the
 * client build's manifest; null without that build (an API-only build, the development server).
 */
async function loadAppRenderer(distDir: string, shellHtml: string): Promise<RenderPage | null> {
  const entry = path.join(distDir, '..', 'dist-server', 'app', 'entry-app-server.js');
  const manifest = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(entry) || !existsSync(manifest)) return null;
  const web = (await import(pathToFileURL(entry).href)) as AppRendererModule;
  return web.createAppRenderer(
    shellHtml,
    JSON.parse(readFileSync(manifest, 'utf8')) as BuildManifest,
  );
}

/**
 * Serves the built web app from `distDir` and answers every path that is not a file:
 * under /api a JSON 404; a page request (GET accepting HTML) gets index.html, so the SPA's
 * router renders the page, or its own PAGE NOT FOUND!; anything else a plain 404. For a visitor
 * whose session cookie `readVisitor` reads, the shell carries who they are (PAGE_DATA_ID): the
 * app then starts signed in, and a dashboard page paints without first asking for the session
 * and the role, with no Loading... screen to push away (issue 28's Lighthouse targets for My
 * Orders). That shell is theirs alone: no cache keeps it. A page the web app draws for the
 * visitor (the dashboard's My Orders, docs/decisions/037) arrives drawn in the shell instead,
 * the app hydrating it; the others stay the shell the app draws.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  { readVisitor, config }: WebAppOptions = {},
) {
  const built = existsSync(path.join(distDir, 'index.html'));
  // index.html is the single-page app's shell, the start of every page the server does not
  // render itself (http/documents.ts).
  const shell = 'index.html';
  const shellHtml = built ? readFileSync(path.join(distDir, shell), 'utf8') : '';
  const shellFor = (visitor: DocumentVisitor) =>
    shellHtml.replace(
      '</body>',
      `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson({ visitor })}</script>\n</body>`,
    );
  // Loaded at the first page drawn for a visitor, not at start: an idle shop (and one whose
  // visitors are all anonymous) does not hold the render's ~20 MB (docs/decisions/037).
  let renderer: Promise<RenderPage | null> | undefined;
  const rendererOnce = () =>
    (renderer ??= built && config ? loadAppRenderer(distDir, shellHtml) : Promise.resolve(null));
  /** The page drawn for the visitor, or null when the app draws it (or the render failed). */
  const drawnFor = async (request: FastifyRequest, visitor: DocumentVisitor) => {
    if (!config) return null;
    try {
      const renderPage = await rendererOnce();
      if (!renderPage) return null;
      return await renderPage(request.url, { config, visitor });
    } catch (error) {
      // The shell still serves the page: the app draws it in the browser.
      request.log.error({ err: error, url: request.url }, 'drawing a page for its visitor failed');
      return null;
    }
  };
  if (built) {
    app.addHook('onRequest', (request, reply, done) => {
      if (!isApiPath(request.url) && isSourceMapPath(request.url)) {
        void reply.code(404).type('text/plain; charset=utf-8').send('Not found');
        return;
      }
      done();
    });
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      // The build's manifest (.vite/manifest.json) is the server's reading, not a file to serve.
      dotfiles: 'ignore',
      // The build writes .br and .gz copies (scripts/precompress.mjs); a client that accepts
      // them gets those bytes as they are, instead of compressing on every request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) =>
        res.setHeader('cache-control', cacheControlFor(filePath, distDir)),
    });
    // The shell and the documents' template are no pages of their own (the template is not even
    // filled in): the home page has one address, /.
    app.get('/index.html', (_request, reply) => reply.redirect('/', 301));
    app.get('/document.html', (_request, reply) => reply.redirect('/', 301));
  } else {
    app.log.warn({ distDir }, 'web app not built: only the API is served');
  }

  // The 404 handler is not a route, so the global rate limit misses it unless asked: without
  // it, probing for API paths or ids would be free.
  app.setNotFoundHandler(
    { preHandler: app.rateLimit() },
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (isApiPath(request.url)) return sendApiNotFound(request, reply);
      const page = (request.method === 'GET' || request.method === 'HEAD') && acceptsHtml(request);
      if (!built) {
        return reply
          .code(page ? 503 : 404)
          .type('text/plain; charset=utf-8')
          .send(
            page
              ? 'The web app is not built. Run "npm run build", or "npm start", which builds it.'
              : 'Not found',
          );
      }
      if (page) {
        const visitor =
          readVisitor && request.headers.cookie ? await readVisitor(request.headers) : null;
        if (visitor) {
          return reply
            .type('text/html; charset=utf-8')
            .headers({ 'cache-control': 'private, no-store', vary: 'cookie' })
            .send((await drawnFor(request, visitor)) ?? shellFor(visitor));
        }
        return reply.header('cache-control', REVALIDATE).sendFile(shell);
      }
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    },
  );
}
