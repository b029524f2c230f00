import { expect, test } from '@playwright/test';
import { oidcPort } from '../support/env';

/** The Google account the local OpenID Connect server signs in (e2e/support/start-server.mjs). */
const gina = { email: 'gina@example.com', displayName: 'GINA GOOGLE' };

test.describe('Google sign-in through a local OpenID Connect server', () => {
  test('the popup opens at 500 x 600 and signs the user in', async ({ page, context }) => {
    // Hold the provider's page until the popup has been measured; then let the sign-in go on.
    let release!: () => void;
    const measured = new Promise<void>((resolve) => (release = resolve));
    await context.route(`http://127.0.0.1:${oidcPort}/authorize*`, async (route) => {
      await measured;
      await route.continue();
    });
    await page.goto('/login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue With Google' }).click();
    const popup = await popupOpened;
    // The popup may still be moving from about:blank to the provider while it is measured.
    const size = () =>
      popup
        .evaluate(() => `${window.innerWidth} x ${window.innerHeight}`)
        .catch(() => 'navigating');
    await expect.poll(size).toBe('500 x 600');

    release();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner')).toContainText(gina.displayName);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    // The popup has closed itself (polled: it may well be gone before anyone listens for it).
    await expect.poll(() => popup.isClosed()).toBe(true);
  });

  test('closing the popup cancels the sign-in with a visible error', async ({ page, context }) => {
    // Hold the provider's page so the person has the popup in front of them, then close it.
    await context.route(`http://127.0.0.1:${oidcPort}/authorize*`, () => {});
    await page.goto('/signup');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue With Google' }).click();
    const popup = await popupOpened;
    await popup.close();

    await expect(page.getByTestId('auth-error')).toHaveText('*POPUP_CLOSED_BY_USER*');
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }),
    ).toBeVisible();
  });

  test('starting a new popup cancels the pending one', async ({ page, context }) => {
    await context.route(`http://127.0.0.1:${oidcPort}/authorize*`, () => {});
    await page.goto('/login');
    const first = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue With Google' }).click();
    const firstPopup = await first;
    await page.bringToFront();
    await page.getByRole('button', { name: 'Continue With Google' }).click();
    await expect(page.getByTestId('auth-error')).toHaveText('*CANCELLED_POPUP_REQUEST*');
    await expect.poll(() => firstPopup.isClosed()).toBe(true);
  });
});
