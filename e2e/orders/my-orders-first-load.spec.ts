import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { demoProduct } from '../support/api';
import { verifyAddress } from '../support/mail';
import { builtScripts, modulesMatching, recordScripts, sourceMaps } from '../support/scripts';
import { placeOrder } from '../support/shop-api';
import { signUpViaApi } from '../support/users';

/** The run-time styling library the pages drawn with CSS Modules no longer load (decision 015). */
const MUI_OR_EMOTION = /node_modules\/@(mui|emotion)\//;

test.describe('My Orders without MUI', () => {
  test('a customer opening /dashboard/myorders first loads no MUI or emotion, and sees the order', async ({
    page,
    baseURL,
  }) => {
    const { token, email } = await signUpViaApi(page);
    // A verified customer: the verify-email banner an unverified one sees is drawn with MUI still
    // (features/auth), and is no part of this page.
    await verifyAddress(page.request, email);
    const product = await demoProduct(page.request, 'NVMe');
    const order = await placeOrder(page.request, token, product);

    // A first visit to the page: nothing cached, straight to its address.
    const scripts = recordScripts(page);
    await page.goto('/dashboard/myorders');
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    const row = page.locator(`[data-testid="order-row"][data-order-id="${order._id}"]`);
    await expect(row).toContainText(product.name);
    await expect(row).toContainText('Unpaid');
    await expect(row.getByRole('link', { name: 'Pay' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(existsSync(sourceMaps), 'the build kept its source maps').toBe(true);
    const loaded = builtScripts(scripts, new URL(baseURL!).origin);
    expect(
      loaded.some((script) => script.sources.some((source) => /my-orders-table/.test(source))),
      "the page's own code was found in the source maps",
    ).toBe(true);
    expect(modulesMatching(loaded, MUI_OR_EMOTION), 'MUI or emotion modules loaded').toEqual([]);
    await expect(page.locator('style[data-emotion]')).toHaveCount(0);

    // The confirm dialog is the browser's modal <dialog>: named by its question, No focused,
    // Escape closes it and focus goes back to Cancel.
    const cancel = row.getByRole('button', { name: 'Cancel' });
    await cancel.click();
    const dialog = page.getByRole('dialog', {
      name: 'Are You Sure, You Want To Cancel The Order!',
    });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'No' })).toBeFocused();
    // Focus stays inside while it is open: the page behind is inert.
    for (let press = 0; press < 4; press++) {
      await page.keyboard.press('Tab');
      const outside = await page.evaluate(() => {
        const active = document.activeElement;
        const open = document.querySelector('dialog[open]');
        return Boolean(active && active !== document.body && open && !open.contains(active));
      });
      expect(outside, `focus left the dialog after ${press + 1} Tab presses`).toBe(false);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(cancel).toBeFocused();
    await expect(row).toHaveCount(1);

    // Still no styling library after using the page.
    expect(
      modulesMatching(builtScripts(scripts, new URL(baseURL!).origin), MUI_OR_EMOTION),
    ).toEqual([]);
  });

  test('on a phone the menu opens as a drawer and Escape closes it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpViaApi(page);
    await page.goto('/dashboard/myorders');
    const toggle = page.getByRole('button', { name: 'Open dashboard menu' });
    await toggle.click();
    const drawer = page.getByRole('dialog', { name: 'Dashboard menu' });
    const menu = drawer.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link', { name: 'My Orders' })).toBeFocused();
    await expect(menu.getByRole('link', { name: 'My Profile' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(toggle).toBeFocused();

    await toggle.click();
    await drawer.getByRole('link', { name: 'Add A Review' }).click();
    await expect(page).toHaveURL('/dashboard/addreview');
    await expect(drawer).toHaveCount(0);
  });
});

test.describe('My Orders drawn by the server (decision 037)', () => {
  test('arrives drawn and styled for the signed-in customer before any script, then hydrates without an error', async ({
    page,
    browser,
    baseURL,
  }) => {
    const { token, email } = await signUpViaApi(page);
    await verifyAddress(page.request, email);
    const product = await demoProduct(page.request, 'NVMe');
    const order = await placeOrder(page.request, token, product);

    // Without JavaScript: what the server sent is the page, styled by the stylesheets it links.
    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
    await noScript.addCookies(await page.context().cookies());
    const drawn = await noScript.newPage();
    await drawn.goto('/dashboard/myorders');
    await expect(drawn.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    await expect(drawn.getByText('Pay for your orders or cancel')).toBeVisible();
    await expect(drawn).toHaveTitle(/^My Orders \| /);
    // The table's room: the skeleton's rows sized by their classes (the CSP drops style
    // attributes), so nothing below moves when the orders replace it.
    const rows = drawn.getByLabel('Loading orders').locator('span');
    await expect(rows).toHaveCount(4);
    expect((await rows.nth(1).boundingBox())?.height).toBe(64);
    await noScript.close();

    // With it: the app hydrates the same page, without a mismatch or any other error.
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/dashboard/myorders');
    await expect(page.locator('#root[data-hydrated]')).toBeAttached();
    const row = page.locator(`[data-testid="order-row"][data-order-id="${order._id}"]`);
    await expect(row).toContainText(product.name);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
});
