// Builds the shop once if the build is missing or older than its sources. Used by `npm start`,
// `npm run bench` and `npm run lighthouse`, which all run the production build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'apps/api/dist/.build-stamp');
const outputs = [
  'packages/shared/dist/index.js',
  'apps/api/dist/main.js',
  'apps/web/dist/index.html',
  'apps/web/dist/document.html',
  'apps/web/dist-server/entry-server.js',
  'apps/web/dist-server/app/entry-app-server.js',
];
const sources = [
  'packages/shared/src',
  'apps/api/src',
  'apps/api/drizzle',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/document.html',
  'apps/web/vite.config.ts',
  'scripts/build.mjs',
  'scripts/precompress.mjs',
  'scripts/build-server-render.mjs',
];

function newestMtime(path) {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const info = statSync(full);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(full).reduce(
    (max, name) => Math.max(max, newestMtime(join(path, name))),
    info.mtimeMs,
  );
}

export function ensureBuild() {
  const missing = outputs.some((file) => !existsSync(join(root, file))) || !existsSync(stamp);
  const stale = !missing && Math.max(...sources.map(newestMtime)) > statSync(stamp).mtimeMs;
  if (!missing && !stale) return;
  console.log(missing ? 'No build found: building the shop once…' : 'Sources changed: rebuilding…');
  const result = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
