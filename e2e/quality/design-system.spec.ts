import { expect, test, type Page } from '@playwright/test';
import { demoProduct } from '../support/api';
import { expectAccessible } from '../support/axe';
import { builtScripts, modulesMatching, recordScripts } from '../support/scripts';
import { placeOrder } from '../support/shop-api';
import { demoAdmin, signInViaApi, signUpViaApi } from '../support/users';

/*
 * One design system (issue 28, docs/decisions/029): the pages that were drawn with MUI, and the
 * list pages that now share the table kit, read by axe at 1,280 and 375 px (with WCAG 2.2's
 * 24 px tap targets), load no MUI or emotion, and break no rule of the Content-Security-Policy,
 * which allows no inline style.
 */

const WIDTHS = [1280, 375];
const STYLING_LIBRARIES = /node_modules\/@(mui|emotion)\//;

/** Waits until the page has its content: a main heading and no loading screen. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Every message the browser logs about the Content-Security-Policy, from now on. */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function checkPages(page: Page, paths: string[], ready?: (path: string) => Promise<void>) {
  const violations = cspViolations(page);
  const scripts = recordScripts(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of paths) {
      await page.goto(path);
      await settle(page);
      await ready?.(path);
      await expectAccessible(page, `${path} at ${width} px`, { targetSize: true });
    }
  }
  const origin = new URL(page.url()).origin;
  const built = builtScripts(scripts, origin);
  expect(
    built.some((script) => script.sources.length > 0),
    'source maps were read',
  ).toBe(true);
  expect(modulesMatching(built, STYLING_LIBRARIES), 'MUI or emotion loaded').toEqual([]);
  expect(violations, 'Content-Security-Policy violations').toEqual([]);
}

test('the served Content-Security-Policy allows no inline style', async ({ request }) => {
  for (const path of ['/', '/products', '/dashboard/auditlog', '/no/such/page']) {
    const response = await request.get(path);
    const csp = response.headers()['content-security-policy'] ?? '';
    expect(csp, path).toMatch(/style-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*(;|$)/);
    expect(csp, path).not.toContain('unsafe-inline');
  }
});

test('the public pages that were drawn with MUI', async ({ page }) => {
  test.setTimeout(180_000);
  await checkPages(page, [
    '/reset-password?token=x',
    '/reset-password?error=INVALID_TOKEN',
    '/email-verified',
    '/email-verified?error=INVALID_TOKEN',
    '/no/such/page',
    '/auth/popup-complete',
  ]);
});

test("a customer's pages: Add A Review and the one payment page, for a line and a purchase", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { token } = await signUpViaApi(page);
  const order = await placeOrder(
    page.request,
    token,
    await demoProduct(page.request, 'Hard Drive'),
  );
  await checkPages(
    page,
    [
      '/dashboard/addreview',
      `/dashboard/payment/${order._id}`,
      `/dashboard/payment/purchase/${order.purchaseId}`,
    ],
    async (path) => {
      // The card form arrives after the page: axe reads it ready.
      if (path.startsWith('/dashboard/payment/')) {
        await expect(page.getByRole('button', { name: /^Pay/ })).toBeEnabled();
      }
    },
  );
});

for (const paths of [
  ['/dashboard/managereviews', '/dashboard/auditlog'],
  ['/dashboard/makeadmin', '/dashboard/manageproducts', '/dashboard/companies'],
  ['/dashboard/tax', '/dashboard/receivables', '/dashboard/quotes'],
  ['/dashboard/api-keys', '/dashboard/webhooks'],
]) {
  test(`the admin's list pages ${paths.join(', ')}`, async ({ page }) => {
    test.setTimeout(180_000);
    await signInViaApi(page, demoAdmin);
    await checkPages(page, paths, async () => {
      await expect(page.getByRole('table').first()).toBeVisible();
    });
  });
}
