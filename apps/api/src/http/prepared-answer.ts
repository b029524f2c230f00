import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An answer prepared once and sent many times: the catalogue (docs/decisions/006) and the
 * pages the server renders (docs/decisions/015).
 *
 * The text, its ETag and each compressed copy are made once per content instead of once per
 * request, and the answer goes out as bytes with constant headers: no serializer, no hash, no
 * compression stream and no ETag hook per request (issue 12, item 3). The route then tells
 * @fastify/compress to leave it alone (`PREPARED_ROUTE_CONFIG`), as the bytes are already encoded.
 */

/** What @fastify/compress would choose from, in its order of preference (Node 20 has no zstd). */
export const ENCODINGS = ['br', 'gzip', 'deflate', 'identity'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Smaller bodies are sent as they are, as @fastify/compress does (its default threshold). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Brotli quality of the copies. 11 makes the catalogue about 11% smaller than 5 but takes 3 to
 * 4 ms against 0.15 ms, and a copy is made after every stock change (each order), so 5.
 */
const BROTLI_QUALITY = 5;

const JSON_TYPE = 'application/json; charset=utf-8';

/** The bytes of one encoding and every header that goes with them. */
export interface EncodedAnswer {
  bytes: Buffer;
  headers: Readonly<Record<string, string>>;
}

export interface PreparedAnswer {
  /** The text: JSON as the serializer would have made it, or a page's HTML. */
  readonly body: string;
  readonly contentType: string;
  /** Weak: the same tag for every encoding of the same JSON. */
  readonly etag: string;
  /** The encoded copies, made on first use (see `encodedAnswer`). */
  readonly encoded: Partial<Record<Encoding, EncodedAnswer>>;
  /** What a 304 carries: the headers a 200 would have had that describe the resource. */
  readonly notModifiedHeaders: Readonly<Record<string, string>>;
}

/**
 * Headers of every prepared answer. Cache-Control `no-cache` means "revalidate every time": a
 * browser sends If-None-Match and gets a bodiless 304 while nothing changed, and an admin's
 * edit shows on the next load. Vary: the bytes depend on Accept-Encoding.
 */
const CACHING = { 'cache-control': 'no-cache', vary: 'accept-encoding' } as const;

/** Serializes `value` once, with its ETag. Compressed copies are made when first asked for. */
export function prepareJson(value: unknown): PreparedAnswer {
  return prepareJsonText(JSON.stringify(value));
}

/** `prepareJson` for text that is already JSON. */
export function prepareJsonText(body: string): PreparedAnswer {
  return prepareText(body, JSON_TYPE);
}

/** Any text answer of `contentType` (the server's rendered pages, http/documents.ts). */
export function prepareText(body: string, contentType: string): PreparedAnswer {
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, contentType, etag, encoded: {}, notModifiedHeaders: { etag, ...CACHING } };
}

function encode(body: Buffer, encoding: Encoding): Buffer {
  switch (encoding) {
    case 'br':
      return brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
    case 'gzip':
      return gzipSync(body, { level: 9 });
    case 'deflate':
      return deflateSync(body, { level: 9 });
    case 'identity':
      return body;
  }
}

/** The answer in `encoding`, made the first time it is asked for and kept with the answer. */
export function encodedAnswer(prepared: PreparedAnswer, encoding: Encoding): EncodedAnswer {
  const kept = prepared.encoded[encoding];
  if (kept) return kept;
  let made: EncodedAnswer;
  const identity = encoding === 'identity' ? null : prepared.encoded.identity;
  const plain = identity?.bytes ?? Buffer.from(prepared.body, 'utf8');
  if (encoding !== 'identity' && plain.length < COMPRESS_THRESHOLD) {
    made = encodedAnswer(prepared, 'identity');
  } else {
    const headers: Record<string, string> = {
      'content-type': prepared.contentType,
      ...prepared.notModifiedHeaders,
    };
    if (encoding !== 'identity') headers['content-encoding'] = encoding;
    made = { bytes: encode(plain, encoding), headers };
  }
  prepared.encoded[encoding] = made;
  return made;
}

/**
 * The encoding @fastify/compress would pick for an Accept-Encoding header: the acceptable one
 * of highest q, ties going to the order of `ENCODINGS`; `*` and `x-gzip` count as gzip, as
 * there. No header, or nothing acceptable, means the bytes as they are (compress sends them so
 * too rather than answering 406).
 */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  let best: Encoding = 'identity';
  let bestQ = 0;
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';');
    let name = token.trim();
    if (name === '*' || name === 'x-gzip') name = 'gzip';
    const rank = ENCODINGS.indexOf(name as Encoding);
    if (rank === -1) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number.parseFloat(qParam.slice(2)) || 0;
    if (q > bestQ || (q === bestQ && q > 0 && rank < ENCODINGS.indexOf(best))) {
      best = name as Encoding;
      bestQ = q;
    }
  }
  return bestQ > 0 ? best : 'identity';
}

/**
 * Clients send a handful of distinct Accept-Encoding headers (one per browser family), so each
 * is negotiated once. Bounded, so a client sending a new header every time cannot grow it.
 */
const negotiated = new Map<string, Encoding>();
const NEGOTIATED_MAX = 256;

function encodingFor(header: string | undefined): Encoding {
  if (header === undefined) return 'identity';
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    encoding = negotiateEncoding(header);
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
    negotiated.set(header, encoding);
  }
  return encoding;
}

/**
 * If-None-Match against our (weak) ETag, compared weakly as RFC 9110 section 13.1.2 says for
 * this header: `*`, or any tag of the list with the same opaque part, W/ or not.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag) return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || (t.startsWith('W/') ? t.slice(2) : t) === opaque;
  });
}

/**
 * Sends a prepared answer: 304 when the client's copy is current, otherwise the bytes of the
 * negotiated encoding with their headers. Synchronous; nothing is computed per request beyond
 * the two header look-ups (the first request for an encoding makes its copy). Answers the reply.
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedAnswer,
): FastifyReply {
  if (matchesIfNoneMatch(request.headers['if-none-match'], prepared.etag)) {
    return reply.code(304).headers(prepared.notModifiedHeaders).send();
  }
  const answer = encodedAnswer(prepared, encodingFor(request.headers['accept-encoding']));
  return reply.headers(answer.headers).send(answer.bytes);
}

/**
 * Route config for a route that answers with `sendPrepared`: @fastify/compress adds no hooks
 * to it (its answer is already encoded; compress would otherwise look at it on every request).
 * `decompress` too: the route takes no request body.
 */
export const PREPARED_ROUTE_CONFIG = { compress: false, decompress: false } as const;
