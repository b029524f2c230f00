import {
  DOCUMENT_BOOT_SCRIPT,
  DOCUMENT_SCRIPTS_ID,
  PAGE_DATA_ID,
  type BuildManifest,
  type DocumentScripts,
  type Spending,
} from '@shop/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pathsDrawnForVisitor } from './app/routes';
import { startApp } from './app/start';
import { createAppRenderer } from './entry-app-server';
import { customer, fakeAuthServer } from './test/auth-mock';
import { testConfig } from './test/factories';
import { answer, mockApi, routes } from './test/fetch-mock';

/** The built index.html, as Vite writes it: the app's script, a preload and its stylesheet. */
const SHELL =
  '<!doctype html><html lang="en"><head><title>PartsWorks</title>\n' +
  '<script type="module" crossorigin src="/assets/app-1.js"></script>\n' +
  '<link rel="modulepreload" crossorigin href="/assets/react-1.js">\n' +
  '<link rel="stylesheet" crossorigin href="/assets/app-1.css">\n' +
  '</head><body><div id="root"></div></body></html>';

/** The client build's manifest: the shell's chunks and those of My Orders' two pages. */
const MANIFEST: BuildManifest = {
  'index.html': { file: 'assets/app-1.js', css: ['assets/app-1.css'], imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-1.js' },
  '_table.js': { file: 'assets/table-1.js', css: ['assets/table-1.css'], imports: ['_react.js'] },
  'src/app/layouts/dashboard-layout.tsx': {
    file: 'assets/dashboard-layout-1.js',
    css: ['assets/dashboard-layout-1.css'],
    imports: ['_react.js', '_table.js'],
  },
  'src/app/routes/my-orders.tsx': {
    file: 'assets/my-orders-1.js',
    css: ['assets/my-orders-1.css', 'assets/app-1.css'],
    imports: ['_table.js'],
  },
  'src/app/routes/manage-reviews.tsx': { file: 'assets/manage-reviews-1.js' },
  'src/app/routes/audit-log.tsx': { file: 'assets/audit-log-1.js' },
  'src/app/routes/jobs.tsx': { file: 'assets/jobs-1.js' },
};

/** The pages the server draws (DRAWN_FOR_VISITOR in app/routes.tsx): each is held below. */
const DRAWN = {
  '/dashboard/myorders': { h1: 'My Orders', admin: false },
  '/dashboard/managereviews': { h1: 'Manage Reviews', admin: true },
  '/dashboard/auditlog': { h1: 'Audit Log', admin: true },
  '/dashboard/jobs': { h1: 'Jobs', admin: true },
};

const visitor = {
  email: customer.email,
  displayName: customer.name,
  emailVerified: true,
  isAdmin: false,
};
const data = { config: testConfig, visitor };

const render = createAppRenderer(SHELL, MANIFEST);

/** The page the server sends, as the browser parses it. */
async function drawn(url: string) {
  const html = await render(url, data);
  if (html === null) throw new Error(`${url} was not drawn`);
  return { html, page: new DOMParser().parseFromString(html, 'text/html') };
}

const jsonOf = <T,>(page: Document, id: string) =>
  JSON.parse(page.getElementById(id)?.textContent ?? 'null') as T;

describe('the server draws My Orders for the signed-in visitor', () => {
  it('sends the page drawn in the shell: heading, intro and the table skeleton, styled and titled', async () => {
    const { html, page } = await drawn('/dashboard/myorders');
    const root = page.getElementById('root')!;
    expect(root.querySelector('h1')?.textContent).toBe('My Orders');
    expect(root.textContent).toContain('Pay for your orders or cancel the ones you no longer need');
    // The table's room: its skeleton, sized by classes, until the purchases arrive.
    expect(root.querySelector('[aria-label="Loading orders"]')).not.toBeNull();
    expect(root.textContent).not.toContain('Loading...');
    // Signed in, in the navigation and the dashboard's menu.
    expect(root.textContent).toContain(customer.name);
    expect(
      root.querySelector('nav[aria-label="Dashboard"] [aria-current="page"]')?.textContent,
    ).toBe('My Orders');
    // The Content-Security-Policy drops style attributes: the page carries none.
    expect(root.innerHTML).not.toMatch(/\sstyle=/);
    expect(page.title).toBe(`My Orders | ${testConfig.shopName}`);
    expect(page.querySelectorAll('title')).toHaveLength(1);

    // The stylesheets of the page's chunks, each once; the shell's own stays as it was.
    const sheets = [...page.head.querySelectorAll('link[rel="stylesheet"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(sheets).toEqual([
      '/assets/app-1.css',
      '/assets/dashboard-layout-1.css',
      '/assets/table-1.css',
      '/assets/my-orders-1.css',
    ]);

    // Scripts after the first paint, as on the documents: none in the head, the page's chunks
    // preloaded with the app's.
    expect(page.querySelector('script[type="module"]')).toBeNull();
    expect(page.querySelector('link[rel="modulepreload"]')).toBeNull();
    expect(jsonOf<DocumentScripts>(page, DOCUMENT_SCRIPTS_ID)).toEqual({
      entry: '/assets/app-1.js',
      preload: [
        '/assets/react-1.js',
        '/assets/dashboard-layout-1.js',
        '/assets/table-1.js',
        '/assets/my-orders-1.js',
      ],
    });
    expect(html).toContain(`<script>${DOCUMENT_BOOT_SCRIPT}</script>`);
    expect(jsonOf(page, PAGE_DATA_ID)).toEqual(data);
  });

  it("keeps what the visitor's name cannot close: their name is text, the page data JSON", async () => {
    const html = await render('/dashboard/myorders', {
      config: testConfig,
      visitor: { ...visitor, displayName: '</script><script>alert(1)</script>' },
    });
    expect(html).not.toContain('<script>alert(1)');
  });

  it('draws the pages marked so, each held by these tests', () => {
    expect(pathsDrawnForVisitor().sort()).toEqual(Object.keys(DRAWN).sort());
  });

  it.each(Object.entries(DRAWN).filter(([, page]) => page.admin))(
    "draws the admin's page %s for an admin alone (the browser signs anyone else out)",
    async (url) => {
      expect(await render(url, data)).toBeNull();
      expect(await render(url, { ...data, visitor: { ...visitor, isAdmin: true } })).not.toBeNull();
    },
  );

  it.each([
    '/dashboard',
    '/dashboard/myprofile',
    '/dashboard/overview',
    '/dashboard/manageallorders',
    '/cart',
    '/no/such/page',
  ])('leaves %s to the app in the browser (null)', async (url) => {
    expect(await render(url, data)).toBeNull();
    expect(await render(url, { ...data, visitor: { ...visitor, isAdmin: true } })).toBeNull();
  });
});

describe.each(Object.entries(DRAWN))('the page %s drawn by the server', (url, { h1, admin }) => {
  afterEach(() => {
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it('carries no style attribute, and hydrates with its first render, nothing loaded yet', async () => {
    const html = await render(url, { ...data, visitor: { ...visitor, isAdmin: admin } });
    const page = new DOMParser().parseFromString(html ?? '', 'text/html');
    const root = page.getElementById('root')!;
    expect(root.querySelector('main h1')?.textContent).toBe(h1);
    expect(root.innerHTML).not.toMatch(/\sstyle=/);
    expect(root.textContent).not.toContain('Loading...');

    document.body.innerHTML = page.body.innerHTML;
    window.history.replaceState(null, '', url);
    // Nothing the page asks for answers: its first render is all there is to compare.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const errors = vi.spyOn(console, 'error');
    const mismatches: unknown[] = [];
    const container = document.getElementById('root')!;
    const heading = container.querySelector('main h1');
    const app = await act(() =>
      startApp(container, { onRecoverableError: (error) => mismatches.push(error) }),
    );
    await waitFor(() => expect(container).toHaveAttribute('data-hydrated', ''));
    expect(mismatches).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('main h1')).toBe(heading);
    act(() => app.unmount());
  });
});

const noCompany: Spending = {
  companyId: null,
  companyName: null,
  role: null,
  spendingLimit: null,
  spentThisMonth: 0,
  paymentTerms: null,
  onHold: false,
  holdReason: null,
};

describe('the browser hydrates My Orders as the server drew it', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it('hydrates without a mismatch, then shows what the list answers, without asking for the session', async () => {
    const { page } = await drawn('/dashboard/myorders');
    document.body.innerHTML = page.body.innerHTML;
    window.history.replaceState(null, '', '/dashboard/myorders');
    const { callsTo } = mockApi([
      answer(routes.settings.config, 200, testConfig),
      fakeAuthServer({ signedInAs: customer }).mocks,
      answer(routes.companies.spending, 200, noCompany),
      answer(routes.companies.invitations, 200, []),
      // No purchases yet (the purchases' own rendering is my-orders.test.tsx's).
      answer(routes.purchases.listOwn, 200, { items: [], total: 0, page: 1, limit: 50 }),
    ]);
    const errors = vi.spyOn(console, 'error');
    const mismatches: unknown[] = [];
    const container = document.getElementById('root')!;
    const heading = within(container).getByRole('heading', { level: 1, name: 'My Orders' });
    // The drawer's toggle answers nothing before the app runs: it waits, disabled.
    expect(within(container).getByRole('button', { name: 'Open dashboard menu' })).toBeDisabled();

    const root = await act(() =>
      startApp(container, { onRecoverableError: (error) => mismatches.push(error) }),
    );
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
    expect(mismatches).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    // Hydrated, not drawn again: the server's heading is the one on the page.
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBe(heading);
    expect(screen.queryByLabelText('Loading orders')).toBeNull();
    expect(container).toHaveAttribute('data-hydrated', '');
    expect(screen.getByRole('button', { name: 'Open dashboard menu' })).toBeEnabled();
    // The session and the role came with the page.
    expect(callsTo(routes.auth.session)).toEqual([]);
    expect(callsTo(routes.identity.adminStatus)).toEqual([]);
    await waitFor(() => expect(callsTo(routes.purchases.listOwn)).toHaveLength(1));
    act(() => root.unmount());
  });
});
