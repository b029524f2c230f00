import { expect, test } from '@playwright/test';
import { api, apiPath } from '@shop/shared';

/**
 * The API reference (Swagger UI, served by the shop) renders the generated OpenAPI document
 * under the shop's Content-Security-Policy: no script of its own inline, nothing from a CDN, no
 * string evaluated as code. A violation is reported to the page even when the renderer copes.
 */
test('the API reference renders the operations with no console error and no CSP violation', async ({
  page,
  baseURL,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      ),
    );
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /content security policy|unsafe-eval/i.test(message.text()))
      consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  // Its scripts, stylesheet and document come from the shop itself, never from a CDN.
  const shop = new URL(baseURL!).origin;
  const offSite: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== shop) offSite.push(request.url());
  });

  await page.goto(apiPath(api.docs.page));
  await expect(page).toHaveTitle('PartsWorks API reference');
  await expect(page.getByRole('heading', { name: /PartsWorks API/ })).toBeVisible();
  // Every resource is listed, folded; opened, each shows its operations' summaries.
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(Object.keys(api).length);
  for (const [resource, summary] of [
    ['catalog', 'The newest products'],
    ['orders', 'Place an order'],
    ['reviews', 'Post a review'],
    ['users', 'Every shop user'],
    ['apiKeys', 'Make a key for a program'],
    ['webhooks', 'Subscribe a URL to events'],
    ['auth', 'Sign in with email and password'],
  ] as const) {
    await page
      .getByRole('heading', { level: 3 })
      .getByRole('link', { name: resource, exact: true })
      .click();
    await expect(page.getByText(summary, { exact: false }).first()).toBeVisible();
  }

  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  expect(violations, 'CSP violations').toEqual([]);
  expect(consoleErrors, 'console errors').toEqual([]);
  expect(offSite, 'requests to other origins').toEqual([]);
});
