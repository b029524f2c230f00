// `node scripts/screenshots.mjs OUT_DIR`: screenshots of the public pages, and of the pages of
// the dashboard signed in as the demo admin, at a phone's and a desktop's width, from the
// production build on a fresh demo database, in Debian's Chromium. Taken before and after a change
// to the web app's look (docs/decisions/015 and 029 compare them).
/* global document, window -- page.evaluate's functions run in the browser */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { ACCESS_TOKEN_KEY, api, apiPath } from '@shop/shared';

const root = join(import.meta.dirname, '..');
const out = process.argv[2] ?? join(root, 'screenshots');
const port = process.env.SCREENSHOT_PORT ?? '3917';
const origin = `http://127.0.0.1:${port}`;
const pages = [
  '/',
  '/products',
  '/blog',
  '/myportfolio',
  '/about',
  '/login',
  '/signup',
  '/reset-password?token=x',
  '/email-verified',
  '/auth/popup-complete',
  '/no/such/page',
];
/** Signed in as the demo admin; `{order}` and `{purchase}` are an unpaid line of theirs. */
const dashboardPages = [
  '/dashboard/addreview',
  '/dashboard/payment/{order}',
  '/dashboard/payment/purchase/{purchase}',
  '/dashboard/managereviews',
  '/dashboard/auditlog',
  '/dashboard/makeadmin',
  '/dashboard/manageproducts',
  '/dashboard/companies',
];

/** The demo admin, whose random password the start wrote to DATA_DIR (README "Demo accounts"). */
function demoAdmin() {
  const row = readFileSync(join(dataDir, 'demo-accounts.txt'), 'utf8')
    .split('\n')
    .find((line) => line.startsWith('admin\t'));
  const [, email, password] = row.split('\t');
  return { email, password };
}

/** Signs in through the login form, then places a line to pay (through the API, as the app does). */
async function signInWithAnOrder(page) {
  const { email, password } = demoAdmin();
  await page.goto(`${origin}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email', { exact: false }).first().fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  // Signed in, the login page leaves for the home page (a new document).
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.waitForLoadState('networkidle');
  await page.waitForFunction((key) => Boolean(localStorage.getItem(key)), ACCESS_TOKEN_KEY);
  const token = await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_KEY);
  const products = await (await page.request.get(`${origin}${apiPath(api.catalog.list)}`)).json();
  const product = products.find((item) => item.available >= item.minimum);
  const answer = await page.request.post(`${origin}${apiPath(api.orders.place)}`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      productId: product._id,
      quantity: product.minimum,
      number: '555-123-4567',
      address: '1 Test Street, Leeds',
    },
  });
  const { order } = await answer.json();
  return { order: order._id, purchase: order.purchaseId };
}

async function shoot(page, url, file) {
  await page.goto(`${origin}${url}`, { waitUntil: 'networkidle' });
  // Sections below the fold load as they come near the viewport: scroll as a person does.
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForLoadState('networkidle');
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(out, file), fullPage: true });
  console.log(join(out, file));
}

const fileName = (name, url) =>
  `${name}${url === '/' ? '-home' : url.split('?')[0].replaceAll('/', '-')}.png`;

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
    for (const url of pages) await shoot(page, url, fileName(name, url));
    const ids = await signInWithAnOrder(page);
    for (const pattern of dashboardPages) {
      const url = pattern.replace('{order}', ids.order).replace('{purchase}', ids.purchase);
      await shoot(page, url, fileName(name, pattern.replace(/\/\{\w+\}/, '')));
    }
    await page.close();
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
