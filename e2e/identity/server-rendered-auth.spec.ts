import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import { root } from '../support/env';
import { demoCustomer, newUser } from '../support/users';

// /login and /signup are pages the server renders (docs/decisions/015): the card and its fields
// arrive as HTML styled inline, and the form is an island hydrated at once. These tests fail if
// the pages stop arriving rendered or styled, if their first load brings MUI, emotion or the
// single-page app's router, if an island hydrates to other markup than the server's (React
// reports that as a console error), or if what a person typed before the island's code arrived
// is lost.

const dist = join(root, 'apps', 'web', 'dist');
/** The build keeps its source maps here, out of the served folder (apps/web/vite.config.ts). */
const sourceMaps = join(root, 'apps', 'web', 'dist-sourcemaps');

/** The modules a built script was made from, read from its source map (as bundle-budget does). */
function sourcesOf(pathname: string): string[] {
  const file = join(dist, decodeURIComponent(pathname));
  const map = join(sourceMaps, `${relative(dist, file)}.map`);
  if (!existsSync(map)) return [];
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

/** Code the first load of /login or /signup must not carry at all. */
const NOT_ON_THESE_PAGES = [
  /node_modules\/@mui\//,
  /node_modules\/@emotion\//,
  /node_modules\/react-router\//,
  /src\/app\/routes\//,
];

/** The island's module, as its chunk's source map names it. */
const LOGIN_ISLAND = /src\/features\/auth\/components\/login-panel\.tsx$/;

const island = (page: Page, name: string) => page.locator(`[data-island="${name}"]`);

function recordScripts(page: Page): Request[] {
  const scripts: Request[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request);
  });
  return scripts;
}

/** Console errors and uncaught exceptions: a hydration mismatch shows up as one. */
function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

const pages = [
  { path: '/login', heading: 'Login', island: 'login-form', fields: ['Email', 'Password'] },
  {
    path: '/signup',
    heading: 'Signup',
    island: 'signup-form',
    fields: ['Name', 'Email', 'Password'],
  },
];

test.describe('login and signup rendered by the server', () => {
  for (const { path, heading, island: name, fields } of pages) {
    test(`${path} arrives as HTML with its heading, its fields and its styles inline`, async ({
      request,
    }) => {
      const response = await request.get(path, { headers: { accept: 'text/html' } });
      expect(response.status()).toBe(200);
      const html = await response.text();
      const body = html.slice(html.indexOf('<div id="root">'));
      expect(body).toContain(`data-island="${name}"`);
      expect(body).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      for (const field of fields) expect(body).toContain(`name="${field.toLowerCase()}"`);
      expect(html).toMatch(new RegExp(`<title>${heading} \\| [^<]+</title>`));
      // Styled at once, and by CSS alone: inline in the head, no stylesheet, no emotion.
      expect(html).toMatch(/<head>[\s\S]*<style>[\s\S]+<\/style>[\s\S]*<\/head>/);
      expect(html).not.toMatch(/<link rel="stylesheet"/);
      expect(html).not.toContain('data-emotion');
    });

    test(`${path} shows its heading and fields with JavaScript turned off`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      for (const field of fields)
        await expect(page.getByLabel(field, { exact: true })).toBeVisible();
      // Styled by the page's own CSS, which needs no script: the card's heading, centred, 800.
      const title = page.getByRole('heading', { level: 1, name: heading });
      await expect(title).toHaveCSS('text-align', 'center');
      await expect(title).toHaveCSS('font-weight', '800');
      // The form cannot be sent without its code: the browser would send it itself, a GET with
      // the password in the address, and nothing would sign the person in.
      await expect(page.getByRole('button', { name: heading, exact: true })).toBeDisabled();
      await context.close();
    });

    test(`${path} hydrates its island without a mismatch and loads no MUI, emotion or router`, async ({
      page,
    }) => {
      const problems = recordProblems(page);
      const scripts = recordScripts(page);
      await page.goto(path);
      await expect(island(page, name)).toHaveAttribute('data-hydrated', '');
      await expect(page.getByRole('button', { name: heading, exact: true })).toBeEnabled();
      await page.waitForLoadState('networkidle');

      expect(await page.locator('style[data-emotion]').count()).toBe(0);
      const built = scripts
        .map((request) => new URL(request.url()).pathname)
        .filter((pathname) => pathname.startsWith('/assets/'));
      const sources = built.flatMap(sourcesOf);
      expect(sources.length, 'the source maps of the scripts were read').toBeGreaterThan(0);
      const misplaced = sources.filter((source) =>
        NOT_ON_THESE_PAGES.some((pattern) => pattern.test(source)),
      );
      expect(misplaced).toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  test('what is typed before the login island hydrates is kept and signs the person in', async ({
    page,
  }) => {
    // Hold the island's code until the person has typed: until then the page is the server's HTML.
    let requested!: () => void;
    const islandRequested = new Promise<void>((resolve) => (requested = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      if (sourcesOf(new URL(route.request().url()).pathname).some((s) => LOGIN_ISLAND.test(s))) {
        requested();
        await released;
      }
      await route.fallback();
    });

    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await islandRequested;
    const email = page.getByLabel('Email', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    await email.fill(demoCustomer.email);
    await password.fill(demoCustomer.password);
    await expect(island(page, 'login-form')).not.toHaveAttribute('data-hydrated');

    release();
    await expect(island(page, 'login-form')).toHaveAttribute('data-hydrated', '');
    await expect(email).toHaveValue(demoCustomer.email);
    await expect(password).toHaveValue(demoCustomer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();

    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });

  test('a signed-in visitor opening /login or /signup is sent on', async ({ page }) => {
    const user = newUser();
    await page.goto('/signup');
    await page.getByLabel('Name', { exact: true }).fill(user.name);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Signup', exact: true }).click();
    await expect(page).toHaveURL('/');

    await page.goto('/login');
    await expect(page).toHaveURL('/');
    await page.goto('/signup');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner')).toContainText('PAT BUYER');
  });
});
