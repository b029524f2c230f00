// Writes a Brotli (.br) and a gzip (.gz) copy next to each text file of the web build, once, at
// build time, so the server sends them as they are (@fastify/static `preCompressed`) instead of
// compressing the same bundle again on every request (that held the largest asset to
// about 120 requests/s).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this, compressing saves less than the header it costs. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

/** Compresses every text file under `dir`; answers how many files it did. */
export function precompress(dir) {
  let count = 0;
  for (const path of files(dir)) {
    if (statSync(path).size < MIN_BYTES) continue;
    const content = readFileSync(path);
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    count += 1;
  }
  return count;
}
