import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page, type Request } from '@playwright/test';
import { demoProduct } from '../support/api';
import { root } from '../support/env';
import { scrollToEnd } from '../support/scroll';
import { builtScripts, modulesMatching } from '../support/scripts';
import { demoAdmin, signInViaApi, signUpViaApi } from '../support/users';

/**
 * The first load of a public page needs at most this much gzipped JavaScript (issue 12). The one
 * place the budget is written down.
 *
 * "First load" is what the page loads before the visitor does anything, scrolling included: the
 * server renders the page with its data, and the browser hydrates only its islands (the navbar
 * and the verify-email banner at once; the newsletter form as it comes near the viewport, which
 * the second test checks). What is left is React DOM (about 60 KB), TanStack Query for the
 * session, and the islands' own code (docs/decisions/015).
 */
const FIRST_LOAD_JS_BUDGET = 100 * 1024;

const dist = join(root, 'apps', 'web', 'dist');
/** The build moves its source maps here, out of the served folder (apps/web/vite.config.ts). */
const sourceMaps = join(root, 'apps', 'web', 'dist-sourcemaps');

/**
 * Code the first load of a public page must not carry at all, whatever its size (read from the
 * source maps). The same list for every page the server renders: only islands ship.
 */
const LATER_ONLY = [
  // Zero-runtime styles (docs/decisions/015): no styling library runs in the browser.
  /node_modules\/@mui\//,
  /node_modules\/@emotion\//,
  // The page is a document, not the single-page app: no router, no page of the app.
  /node_modules\/react-router\//,
  /src\/app\/routes\//,
  /src\/app\/layouts\/(?!navbar|verify-email-notice|nav-links)[^/]+$/,
  /src\/features\/(?!newsletter)/,
  /node_modules\/@stripe\//,
  /node_modules\/better-auth\//,
  /node_modules\/react-hook-form\//,
  // The first page trusts the API's answers (docs/decisions/008): no zod at all.
  /node_modules\/zod\//,
  // Below the fold at first paint: the newsletter form hydrates as it comes near the viewport.
  /src\/features\/newsletter\/components\/subscribe-form/,
];

/** Gzipped at level 9, as scripts/precompress.mjs writes the .gz copies the server sends. */
const gzippedSize = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Script {
  /** The file under apps/web/dist, or the full URL of a script from anywhere else. */
  name: string;
  gzipped: number;
  /** The modules the file was built from (its source map), when it is part of the build. */
  sources: string[];
}

function sourcesOf(file: string): string[] {
  const map = join(sourceMaps, `${relative(dist, file)}.map`);
  if (!existsSync(map)) return [];
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

/** A script the page asked for, sized from its built file (or, off the build, from its body). */
async function measure(request: Request, origin: string): Promise<Script> {
  const url = new URL(request.url());
  const file = join(dist, decodeURIComponent(url.pathname));
  if (url.origin === origin && url.pathname.startsWith('/assets/') && existsSync(file)) {
    return {
      name: url.pathname.slice(1),
      gzipped: gzippedSize(readFileSync(file)),
      sources: sourcesOf(file),
    };
  }
  // Not part of the build (a third-party script, say): it counts all the same.
  const body = (await (await request.response())?.body()) ?? Buffer.alloc(0);
  return { name: url.href, gzipped: gzippedSize(body), sources: [] };
}

/** Records every script the page asks for, from now on. */
function recordScripts(page: Page): Request[] {
  const scripts: Request[] = [];
  page.on('request', (request) => {
    const isScript =
      request.resourceType() === 'script' || /\.m?js$/.test(new URL(request.url()).pathname);
    if (isScript) scripts.push(request);
  });
  return scripts;
}

async function measureAll(requests: Request[], origin: string): Promise<Script[]> {
  const unique = [...new Map(requests.map((r) => [r.url(), r])).values()];
  const measured = await Promise.all(unique.map((request) => measure(request, origin)));
  return measured.sort((a, b) => b.gzipped - a.gzipped);
}

const sum = (scripts: Script[]) => scripts.reduce((total, script) => total + script.gzipped, 0);

const listing = (scripts: Script[]) =>
  scripts.map((script) => `  ${kb(script.gzipped).padStart(9)}  ${script.name}`);

/** Waits for a page's h1: the page is there. */
const showsHeading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

/**
 * The public pages the server renders, each with what shows it is there: the budget and the
 * LATER_ONLY list apply to every one of them, each measured as a first visit of its own.
 */
const FIRST_LOAD_PAGES: {
  path: string;
  ready: (page: Page) => Promise<void>;
  /** Prepares the visit (signs in...) and answers the address to open; `path` by default. */
  open?: (page: Page) => Promise<string>;
  /** What this page must not load, where it differs from LATER_ONLY. */
  laterOnly?: RegExp[];
  /** Its budget, where it differs from FIRST_LOAD_JS_BUDGET. */
  budget?: number;
}[] = [
  {
    path: '/',
    async ready(page) {
      await expect(page.getByTestId('product-card')).toHaveCount(6);
      await expect(page.getByTestId('product-card').first()).toBeVisible();
    },
  },
  {
    path: '/products',
    async ready(page) {
      await showsHeading('All Products')(page);
      await expect(page.getByTestId('product-card').first()).toBeVisible();
    },
    // The catalogue's search is the page's island (issue 14): it hydrates at once, with the
    // cards it draws; no other feature loads.
    laterOnly: LATER_ONLY.map((pattern) =>
      pattern.source === String.raw`src\/features\/(?!newsletter)`
        ? /src\/features\/(?!newsletter|catalog\/)/
        : pattern,
    ),
    // One KB over the public pages' budget, which it had met by 30 bytes: its island draws the
    // cards' prices in the product's unit ("$3 per piece (box of 25: $75)") and the categories'
    // labels (docs/decisions/033); it measured 100.2 KB.
    // Issue 28's member's price on the cards (docs/decisions/032) fits within it.
    budget: 101 * 1024,
  },
  { path: '/blog', ready: showsHeading('Blog') },
  { path: '/myportfolio', ready: showsHeading('My Portfolio') },
  { path: '/about', ready: showsHeading(/^About /) },
  {
    // Signed in, the whole page: the purchase island is the page, with the order form's code and
    // react-hook-form, but still no styling library or router, and no zod: the form loads the
    // shared rules when it first checks the phone and address (contact-rule.ts).
    path: '/purchase/{id}',
    async open(page) {
      await signUpViaApi(page);
      return `/purchase/${(await demoProduct(page.request, 'Hard Drive'))._id}`;
    },
    async ready(page) {
      await showsHeading('Purchase')(page);
      await expect(page.getByLabel('Quantity', { exact: true })).toBeVisible();
    },
    // Over the public pages' budget by what a form that checks as it is typed needs: react-hook-
    // form (13 KB) and, until issue 28, zod's core (25 KB), which the build put in a chunk shared
    // with the orders' query keys (docs/performance.md). Its shell, the HTML with the Loading... screen,
    // is the public part and needs no more than any public page. One KB more since the page
    // prices the quantity in cents with the server's rule and formats money with the shared
    // formatter (docs/decisions/027): it measured 150.2 KB.
    // And one more for issue 28: the notice and button that say a purchase needs approval by the
    // company, computed from the month's spend (docs/decisions/032): it measured 151.2 KB.
    // Then 26 KB less, with zod and the fields' schemas out of it again (they had come back with
    // the address field's joinAddressLines, issue 28's hydration work): it measured 125.4 KB.
    // One KB more for issue 31: the API client's route table names the eight quote calls (every
    // page's client knows every route): it measured 127.1 KB.
    budget: 128 * 1024,
    laterOnly: [
      /node_modules\/@mui\//,
      /node_modules\/@emotion\//,
      /node_modules\/react-router\//,
      /node_modules\/@stripe\//,
      /node_modules\/better-auth\//,
      /node_modules\/zod\//,
    ],
  },
];

for (const {
  path,
  ready,
  open,
  laterOnly = LATER_ONLY,
  budget = FIRST_LOAD_JS_BUDGET,
} of FIRST_LOAD_PAGES) {
  test(`the first load of ${path} stays within its gzipped JavaScript budget`, async ({
    page,
    baseURL,
  }) => {
    expect(existsSync(join(dist, 'index.html')), 'the web app is built').toBe(true);
    const scripts = recordScripts(page);

    // A first visit: a fresh browser context, nothing cached, nothing scrolled.
    await page.goto(open ? await open(page) : path, { waitUntil: 'networkidle' });
    await ready(page);
    // The page's script has run: the navbar island is hydrated.
    await expect(page.locator('[data-island="navbar"][data-hydrated]')).toBeAttached();
    await page.waitForLoadState('networkidle');

    const measured = await measureAll(scripts, new URL(baseURL!).origin);
    const total = sum(measured);
    const breakdown = [
      `First load of ${path}: ${measured.length} JavaScript files, ${kb(total)} gzipped ` +
        `(budget ${kb(budget)}, gzip level 9):`,
      ...listing(measured),
    ].join('\n');
    console.log(breakdown);
    await test.info().attach('first-load-js.txt', { body: breakdown, contentType: 'text/plain' });

    expect(measured.length, 'the page loaded its scripts').toBeGreaterThan(0);
    // The misplaced-code check below reads the build's source maps, kept out of the served folder.
    expect(existsSync(sourceMaps), 'the build kept its source maps').toBe(true);
    const built = measured.filter((script) => script.name.startsWith('assets/'));
    expect(
      built.some((script) => script.sources.length > 0),
      'source maps were read',
    ).toBe(true);
    // Decision 010: and the server publishes none of them.
    for (const script of built) {
      const map = await page.request.get(`/${script.name}.map`);
      expect(map.status(), `/${script.name}.map`).toBe(404);
    }
    const misplaced = measured.flatMap((script) =>
      script.sources
        .filter((source) => laterOnly.some((pattern) => pattern.test(source)))
        .map((source) => `${script.name}: ${source}`),
    );
    expect.soft(misplaced, 'code that should load only when needed').toEqual([]);
    expect(total, breakdown).toBeLessThanOrEqual(budget);
  });
}

test("scrolling to the end of / loads the newsletter form's code, and only then", async ({
  page,
  baseURL,
}) => {
  const scripts = recordScripts(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByTestId('product-card')).toHaveCount(6);
  const origin = new URL(baseURL!).origin;
  const formCode = (measured: Script[]) =>
    measured.filter((script) =>
      script.sources.some((source) => /newsletter\/components\/subscribe-form/.test(source)),
    );

  // Below the fold, the form is there as HTML (the server rendered it), its code is not.
  await expect(page.getByRole('textbox', { name: 'Email address' })).toBeAttached();
  expect(formCode(await measureAll(scripts, origin))).toEqual([]);
  const before = scripts.length;

  // Scrolling as a person does, a screen at a time, to the end of the page.
  await scrollToEnd(page);
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeInViewport();
  await expect
    .poll(async () => formCode(await measureAll(scripts, origin)).length)
    .toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');

  const measured = await measureAll(scripts.slice(before), origin);
  const breakdown = [
    `Scrolling to the end of / loaded ${measured.length} more JavaScript files, ` +
      `${kb(sum(measured))} gzipped:`,
    ...listing(measured),
  ].join('\n');
  console.log(breakdown);
  await test.info().attach('scroll-js.txt', { body: breakdown, contentType: 'text/plain' });
});

/**
 * The pages of the single-page app, each opened by an admin (who may open every one of them):
 * none may load MUI or emotion (docs/decisions/029), whatever its budget.
 */
const APP_PAGES = [
  '/cart',
  '/reset-password?token=x',
  '/email-verified',
  '/auth/popup-complete',
  '/no/such/page',
  '/dashboard/myorders',
  '/dashboard/addreview',
  '/dashboard/myprofile',
  '/dashboard/mycompany',
  '/dashboard/approvals',
  '/dashboard/invitations',
  '/dashboard/overview',
  '/dashboard/manageallorders',
  '/dashboard/addproduct',
  '/dashboard/manageproducts',
  '/dashboard/makeadmin',
  '/dashboard/managereviews',
  '/dashboard/auditlog',
  '/dashboard/jobs',
  '/dashboard/companies',
  '/dashboard/shipping',
  '/dashboard/quotes',
  '/dashboard/api-keys',
  '/dashboard/webhooks',
];

test('no page of the single-page app loads MUI or emotion', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, demoAdmin);
  const scripts = recordScripts(page);
  for (const path of APP_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  const built = builtScripts(scripts, new URL(baseURL!).origin);
  expect(
    built.some((script) => script.sources.length > 0),
    'source maps were read',
  ).toBe(true);
  expect(modulesMatching(built, /node_modules\/@(mui|emotion)\//)).toEqual([]);
});
