import { expect, type Page, test } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { api } from '@shop/shared';
import { shopApi } from '../support/api';
import { mailDir } from '../support/env';
import { latestEmailTo, linkIn } from '../support/mail';
import { demoAdmin, demoCustomer, publishedDemoPasswords } from '../support/users';

const banner = (page: Page) => page.getByRole('banner');
const emailsTo = (address: string) =>
  readdirSync(mailDir).filter((name) => name.endsWith(`-${address}.eml`)).length;
const verifyNotice = (page: Page) => page.getByRole('region', { name: 'Email verification' });

test('the published demo passwords do not sign in on a production start; the ones in DATA_DIR/demo-accounts.txt do', async ({
  page,
}) => {
  for (const [account, published] of [
    [demoAdmin, publishedDemoPasswords.admin],
    [demoCustomer, publishedDemoPasswords.customer],
  ] as const) {
    const refused = await shopApi(page.request).call(api.auth.signIn, {
      body: { email: account.email, password: published },
    });
    expect(refused.status).toBe(401);
  }
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(demoAdmin.email);
  await page.getByLabel('Password', { exact: true }).fill(demoAdmin.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(banner(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    '/dashboard/manageallorders',
  );
  // The demo accounts' addresses count as verified: no banner.
  await expect(verifyNotice(page)).toHaveCount(0);
});

test('an ADMIN_EMAILS sign-up is a customer until the emailed link is opened, then an admin', async ({
  page,
}) => {
  const email = 'chiefadmin@example.com';
  await page.goto('/signup');
  await page.getByLabel('Name', { exact: true }).fill('Chief Admin');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Chief#2026');
  await page.getByRole('button', { name: 'Signup', exact: true }).click();
  await expect(page).toHaveURL('/');

  // Signed in, unverified: the banner asks for the link, and the dashboard is a customer's.
  await expect(verifyNotice(page)).toContainText(email);
  await expect(banner(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    '/dashboard/myorders',
  );

  // "Resend" sends a second email; the newest link works.
  await expect.poll(() => emailsTo(email)).toBe(1);
  await verifyNotice(page).getByRole('button', { name: 'Resend email' }).click();
  await expect(verifyNotice(page).getByRole('button', { name: /Email sent/ })).toBeDisabled();
  await expect.poll(() => emailsTo(email)).toBe(2);
  const mail = await latestEmailTo(email, /Confirm your .* email address/);
  await page.goto(linkIn(mail, 'verify-email'));

  await expect(page).toHaveURL('/email-verified');
  await expect(page.getByText('Your email address is verified. Thank you!')).toBeVisible();
  await expect(verifyNotice(page)).toHaveCount(0);
  await expect(banner(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    '/dashboard/manageallorders',
  );
  await banner(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL('/dashboard/manageallorders');
  await expect(page.getByRole('heading', { name: 'Manage All Orders' })).toBeVisible();
});

test('a signed-out shop token is refused by the API at once', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(demoCustomer.email);
  await page.getByLabel('Password', { exact: true }).fill(demoCustomer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
  const token = (await page.evaluate(() => localStorage.getItem('accessToken')))!;
  const ordersOf = () =>
    shopApi(page.request).call(
      api.orders.listOwn,
      { query: { email: demoCustomer.email } },
      { token },
    );
  expect((await ordersOf()).status).toBe(200);

  await banner(page).getByRole('button', { name: 'Signout' }).click();
  await expect(banner(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  // The token copied before signing out (as a script that stole it would hold it) is dead.
  expect((await ordersOf()).status).toBe(401);
});
