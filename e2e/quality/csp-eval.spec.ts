import { expect, test } from '@playwright/test';
import { demoProduct } from '../support/api';
import { scrollToEnd } from '../support/scroll';
import { signUpViaApi } from '../support/users';

/**
 * The Content-Security-Policy forbids evaluating strings as code (no 'unsafe-eval'). zod checks
 * once whether it may, with `new Function('')`, which the browser blocks and reports even though
 * zod catches the failure (a Chrome Issue, Lighthouse's Best Practices). The web app sets zod to
 * jitless before it builds a schema (apps/web/src/lib/zod-config.ts), so nothing is reported.
 * These pages build zod schemas: the newsletter's address rule, the login, signup, purchase,
 * review and profile forms.
 */
test('no page asks to evaluate a string as code, so the CSP reports nothing', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      ),
    );
  });
  const consoleReports: string[] = [];
  page.on('console', (message) => {
    if (/content security policy|unsafe-eval/i.test(message.text()))
      consoleReports.push(message.text());
  });
  const violations: string[] = [];
  const collect = async (label: string) => {
    const seen = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    violations.push(...seen.map((violation) => `${label}: ${violation}`));
  };

  // Signed out: the newsletter's rule loads and runs on submit; the login and signup forms.
  await page.goto('/');
  await scrollToEnd(page);
  // The form is an island: it works once hydrated, as it comes near the viewport.
  await expect(page.locator('[data-island="subscribe-form"][data-hydrated]')).toBeAttached();
  await page.getByRole('textbox', { name: 'Email address' }).fill('not-an-email');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Please give a valid email address.')).toBeVisible();
  await collect('/');

  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await collect('/login');

  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await collect('/signup');

  // Signed in: the purchase, review and profile forms.
  await signUpViaApi(page);
  // A seeded product: the newest one may be a journey's, deleted while this page loads.
  const product = await demoProduct(page.request, 'Network Card');
  for (const path of [`/purchase/${product._id}`, '/dashboard/addreview', '/dashboard/myprofile']) {
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('button').first()).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await collect(path);
  }

  expect(violations, 'CSP violations the pages caused').toEqual([]);
  expect(consoleReports, 'CSP reports in the console').toEqual([]);
});
