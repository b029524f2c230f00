import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import {
  DOCUMENT_PAGES,
  type DocumentData,
  type DocumentPage,
  type DocumentRendererModule,
} from '@shop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A rendered page kept with its compressed copies; rendered again when its data changes. */
interface Rendered {
  key: string;
  /** When it was rendered, and when its data was last read (the same or later). */
  renderedAt: number;
  builtAt: number;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** How long a rendered page is reused before its data is read again (as the catalogue's copy). */
const MAX_AGE_MS = 1_000;
const DAY_MS = 24 * 3600_000;

export interface DocumentSource {
  /** Reads what the page shows; `key` changes whenever the data does (the catalogue's ETag...). */
  load(): Promise<{ key: string; data: DocumentData }>;
}

function renderedFrom(key: string, html: string): Rendered {
  const identity = Buffer.from(html);
  return {
    key,
    renderedAt: Date.now(),
    builtAt: Date.now(),
    etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    // Quality 5: about as small as 11 for HTML, and fast enough to run once a second at most.
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(identity, { level: 6 }),
  };
}

function encodingFor(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/**
 * Serves the pages the web app renders on the server (docs/decisions/015): the home page with its
 * products, reviews and the shop's name in the HTML, styled inline, hydrating only its islands.
 * The render runs when the data has changed (at most once a second, like the catalogue's copy),
 * not per request; each render is compressed once per encoding. Without the web app's build of
 * its server render (an API-only build), nothing is registered.
 */
export async function registerDocuments(
  app: FastifyInstance,
  distDir: string,
  source: DocumentSource,
): Promise<boolean> {
  const serverDir = path.join(distDir, '..', 'dist-server');
  const entry = path.join(serverDir, 'entry-server.js');
  const template = path.join(distDir, 'document.html');
  if (!existsSync(entry) || !existsSync(template)) return false;
  const assets = path.join(serverDir, 'assets');
  const css = readdirSync(assets)
    // The entry's own styles (scripts/build-server-render.mjs); lazily loaded parts bring theirs.
    .filter((file) => file.startsWith('entry-server-') && file.endsWith('.css'))
    .map((file) => readFileSync(path.join(assets, file), 'utf8'))
    .join('\n');
  const web = (await import(pathToFileURL(entry).href)) as DocumentRendererModule;
  const renderDocument = web.createDocumentRenderer(readFileSync(template, 'utf8'), css);

  /** One page's latest render, renewed when it is older than MAX_AGE_MS and asked for. */
  const renderer = (url: DocumentPage) => {
    let current: Rendered | null = null;
    let rendering: Promise<Rendered> | null = null;
    const render = async (): Promise<Rendered> => {
      const { key, data } = await source.load();
      // The same data renders the same page (but for the footer's year, hence a day at most).
      if (current?.key === key && Date.now() - current.renderedAt < DAY_MS) {
        current = { ...current, builtAt: Date.now() };
        return current;
      }
      current = renderedFrom(key, renderDocument(url, data));
      return current;
    };
    return (): Promise<Rendered> | Rendered => {
      if (current && Date.now() - current.builtAt < MAX_AGE_MS) return current;
      rendering ??= render().finally(() => {
        rendering = null;
      });
      return rendering;
    };
  };

  const send = (request: FastifyRequest, reply: FastifyReply, rendered: Rendered) => {
    void reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('etag', rendered.etag)
      .type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === rendered.etag) return reply.code(304).send();
    const encoding = encodingFor(request);
    if (encoding) void reply.header('content-encoding', encoding);
    return reply.send(encoding ? rendered[encoding] : rendered.identity);
  };

  for (const url of DOCUMENT_PAGES) {
    const page = renderer(url);
    // The copies are already encoded: @fastify/compress leaves them alone.
    app.get(url, { config: { compress: false } }, async (request, reply) =>
      send(request, reply, await page()),
    );
  }
  return true;
}
