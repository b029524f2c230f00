import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fastifyEtag from '@fastify/etag';
import { api } from '@shop/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { initScript, referencePage } from './api-docs-page.js';
import { serve } from './endpoint.js';
import { openApiDocument } from '../http/openapi.js';

const { docs } = api;
const require = createRequire(import.meta.url);

/** apps/api's version: the version of the API the document describes. */
const apiVersion = (require('../../package.json') as { version: string }).version;

/** A file prepared at start: its bytes, media type and entity tag never change while running. */
interface Prepared {
  body: string;
  type: string;
  etag: string;
}

const prepare = (body: string, type: string): Prepared => ({
  body,
  type: `${type}; charset=utf-8`,
  etag: `"${createHash('sha256').update(body).digest('base64url')}"`,
});

/**
 * Swagger UI's stylesheet and bundle (1.7 MB), read from the installed swagger-ui-dist when the
 * reference page is first opened, not at start: few visitors read the reference, and every
 * server would otherwise hold the bundle from its first second. Read once per process.
 */
let renderer: Promise<{ stylesheet: Prepared; script: Prepared }> | undefined;
const readRenderer = () =>
  (renderer ??= Promise.all([
    readFile(require.resolve('swagger-ui-dist/swagger-ui.css'), 'utf8'),
    readFile(require.resolve('swagger-ui-dist/swagger-ui-bundle.js'), 'utf8'),
  ])
    .then(([css, js]) => ({
      // Source maps are not served, so the files do not point at them.
      stylesheet: prepare(css.replace(/\/\*# sourceMappingURL=.*\*\/\s*$/, ''), 'text/css'),
      script: prepare(js.replace(/\/\/# sourceMappingURL=.*\s*$/, ''), 'text/javascript'),
    }))
    .catch((error: unknown) => {
      // A failed read is tried again by the next request, not remembered.
      renderer = undefined;
      throw error;
    }));

/**
 * GET /api/openapi.json, the document generated from the contracts, and the reference page at
 * /api/docs that renders it (Swagger UI, served by the shop). The document and the page are
 * built once at start (a contract zod cannot describe fails the start, not a visitor), the
 * renderer's files on first use; each answer carries its entity tag, so a browser revalidates
 * and gets a 304.
 */
export const apiDocsRoutes: FastifyPluginAsync<{ shopName: string }> = async (
  app,
  { shopName },
) => {
  const { guards } = app.identity;
  const title = `${shopName} API`;
  const files = {
    openapi: prepare(
      JSON.stringify(openApiDocument({ title, version: apiVersion })),
      'application/json',
    ),
    page: prepare(referencePage(`${title} reference`), 'text/html'),
    'init.js': prepare(initScript, 'text/javascript'),
  };

  await app.register(fastifyEtag);
  // Public and the same for everyone, but revalidated on every load: a new version of the shop
  // shows at once.
  const send = (reply: FastifyReply, file: Prepared) =>
    reply
      .header('cache-control', 'no-cache')
      .header('etag', file.etag)
      .type(file.type)
      .send(file.body);

  serve(app, guards, docs.openapi, (_request, reply) => send(reply, files.openapi));
  serve(app, guards, docs.page, (_request, reply) => send(reply, files.page));
  serve(app, guards, docs.stylesheet, async (_request, reply) =>
    send(reply, (await readRenderer()).stylesheet),
  );
  serve(app, guards, docs.script, async (request, reply) =>
    send(
      reply,
      request.params.script === 'init.js' ? files['init.js'] : (await readRenderer()).script,
    ),
  );
};
