// `node scripts/screenshots.mjs OUT_DIR`: screenshots of the public pages at a phone's and a
// desktop's width, from the production build on a fresh demo database, in Debian's Chromium.
// Taken before and after a change to the web app's look (docs/decisions/015 compares them).
/* global document, window -- page.evaluate's functions run in the browser */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { api, apiPath } from '@shop/shared';

const root = join(import.meta.dirname, '..');
const out = process.argv[2] ?? join(root, 'screenshots');
const port = process.env.SCREENSHOT_PORT ?? '3917';
const origin = `http://127.0.0.1:${port}`;
const pages = ['/', '/products', '/blog', '/myportfolio', '/about', '/login', '/signup'];
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

const dataDir = mkdtempSync(join(tmpdir(), 'shots-'));
const server = spawn('node', ['apps/api/dist/main.js'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', PORT: port, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
try {
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`${origin}${apiPath(api.settings.health)}`)).ok) break;
    } catch {
      // Not listening yet: ask again.
    }
    if (tries > 600) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { path, flags } = JSON.parse(readFileSync(join(root, 'e2e/support/chromium.json'), 'utf8'));
  const browser = await chromium.launch({ executablePath: path, args: flags });
  mkdirSync(out, { recursive: true });
  for (const [name, viewport] of Object.entries(viewports)) {
    const page = await browser.newPage({ viewport, reducedMotion: 'reduce' });
    for (const url of pages) {
      await page.goto(`${origin}${url}`, { waitUntil: 'networkidle' });
      const file = `${name}${url === '/' ? '-home' : url.replaceAll('/', '-')}.png`;
      // Sections below the fold load as they come near the viewport: scroll as a person does.
      for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.waitForLoadState('networkidle');
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(out, file), fullPage: true });
      console.log(join(out, file));
    }
    await page.close();
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
