// `npm run build`: shared rules, then the API, then the web app; a stamp records when, so
// `npm start` can tell whether the build is older than the sources.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.mjs';
import { buildServerRender } from './build-server-render.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const buildStamp = join(root, 'apps/api/dist/.build-stamp');

for (const workspace of ['@shop/shared', '@shop/api', '@shop/web']) {
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const outputs = [
  'packages/shared/dist/index.js',
  'apps/api/dist/main.js',
  'apps/web/dist/index.html',
];
const missing = outputs.filter((file) => !existsSync(join(root, file)));
if (missing.length) {
  console.error(`The build finished without producing ${missing.join(', ')}.`);
  process.exit(1);
}
buildServerRender(join(root, 'apps/web'));
precompress(join(root, 'apps/web/dist'));
writeFileSync(buildStamp, new Date().toISOString());
