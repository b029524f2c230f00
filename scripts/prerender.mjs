// Renders the home page into the web build at build time (apps/web/src/entry-server.tsx), so a
// visitor's browser paints it from the HTML instead of after the JavaScript has run (before,
// the page's largest text waited ~3 s for React on a throttled phone). Pages other than `/` are
// served the untouched shell, saved as app.html (docs/decisions/009).
import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT_DIV = '<div id="root"></div>';

/** Builds the server entry, renders `/` and writes it into `webDir/dist/index.html`. */
export async function prerender(webDir) {
  const dist = join(webDir, 'dist');
  const serverDist = join(webDir, 'dist-server');
  const built = spawnSync(
    'npx',
    [
      'vite',
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      'dist-server',
      '--logLevel',
      'warn',
    ],
    { cwd: webDir, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('the build of the server entry failed');
  try {
    const shell = readFileSync(join(dist, 'index.html'), 'utf8');
    if (!shell.includes(ROOT_DIV)) throw new Error(`dist/index.html has no ${ROOT_DIV}`);
    const { render } = await import(pathToFileURL(join(serverDist, 'entry-server.js')).href);
    const { html, styles } = await render('/');
    copyFileSync(join(dist, 'index.html'), join(dist, 'app.html'));
    writeFileSync(
      join(dist, 'index.html'),
      shell
        .replace('</head>', `${styles}\n  </head>`)
        .replace(ROOT_DIV, `<div id="root">${html}</div>`),
    );
  } finally {
    rmSync(serverDist, { recursive: true, force: true });
  }
}
