import { z } from 'zod';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

/**
 * This API described for the people who connect their purchasing systems to it: the OpenAPI
 * document generated from these contracts, and a reference page that renders it. The page's
 * stylesheet and scripts are served by the shop itself (no CDN), within its
 * Content-Security-Policy. A body that is not JSON says its media type with `contentMediaType`.
 */

/**
 * The parts of an OpenAPI document a caller may rely on; the rest is OpenAPI 3.1's. Not
 * exported: every export of this file is an endpoint of `api.docs`.
 */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.looseObject({})),
});

export const openapi = endpoint({
  method: 'GET',
  path: '/openapi.json',
  summary: 'This API as an OpenAPI 3.1 document, generated from its contracts',
  access: 'anyone',
  responses: { 200: openApiDocumentSchema },
});

export const page = endpoint({
  method: 'GET',
  path: '/docs',
  summary: 'The API reference page (renders the OpenAPI document)',
  access: 'anyone',
  responses: { 200: z.string().meta({ contentMediaType: 'text/html' }) },
});

export const stylesheet = endpoint({
  method: 'GET',
  path: '/docs/reference.css',
  summary: "The reference page's stylesheet",
  access: 'anyone',
  responses: { 200: z.string().meta({ contentMediaType: 'text/css' }) },
});

/** The renderer's bundle, and the page's own script that starts it on the document. */
export const script = endpoint({
  method: 'GET',
  path: '/docs/{script}',
  summary: "The reference page's scripts",
  access: 'anyone',
  params: z.object({ script: z.enum(['reference.js', 'init.js']) }),
  responses: { 200: z.string().meta({ contentMediaType: 'text/javascript' }), ...errors(400) },
});
