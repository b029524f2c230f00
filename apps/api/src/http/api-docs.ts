import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fastifyEtag from '@fastify/etag';
import { api } from '@shop/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { initScript, referencePage } from './api-docs-page.js';
import { serve } from './endpoint.js';
import { openApiDocument } from './openapi.js';

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

/** Swagger UI's stylesheet and bundle, from the installed swagger-ui-dist (read once). */
let renderer: Promise<{ css: string; js: string }> | undefined;
const readRenderer = () =>
  (renderer ??= Promise.all([
    readFile(require.resolve('swagger-ui-dist/swagger-ui.css'), 'utf8'),
    readFile(require.resolve('swagger-ui-dist/swagger-ui-bundle.js'), 'utf8'),
  ]).then(([css, js]) => ({
    // Source maps are not served, so the files do not point at them.
    css: css.replace(/\/\*# sourceMappingURL=.*\*\/\s*$/, ''),
    js: js.replace(/\/\/# sourceMappingURL=.*\s*$/, ''),
  })));

/**
 * GET /api/openapi.json, the document generated from the contracts, and the reference page at
 * /api/docs that renders it (Swagger UI, served by the shop). Everything is built once at
 * start; each answer carries its entity tag, so a browser revalidates and gets a 304.
 */
export const apiDocsRoutes: FastifyPluginAsync<{ shopName: string }> = async (
  app,
  { shopName },
) => {
  const { guards } = app.identity;
  const title = `${shopName} API`;
  const { css, js } = await readRenderer();
  const files = {
    openapi: prepare(
      JSON.stringify(openApiDocument({ title, version: apiVersion })),
      'application/json',
    ),
    page: prepare(referencePage(`${title} reference`), 'text/html'),
    stylesheet: prepare(css, 'text/css'),
    'reference.js': prepare(js, 'text/javascript'),
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
  serve(app, guards, docs.stylesheet, (_request, reply) => send(reply, files.stylesheet));
  serve(app, guards, docs.script, (request, reply) => send(reply, files[request.params.script]));
};
