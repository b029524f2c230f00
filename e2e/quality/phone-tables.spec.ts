import { findUser } from '../support/users-page';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoProduct } from '../support/api';
import { placeOrder } from '../support/shop-api';
import { expectAccessible } from '../support/axe';
import { demoAdmin, signInViaApi, signUpViaApi } from '../support/users';

/**
 * DESIGN section 8 / issue 13 item 9: at a phone's 375 px the tables of My Orders, Manage
 * Products and Make Admin are cards, so Pay, Cancel, Edit, Delete and Make Admin are on screen
 * without a sideways scroll. Each page is read by axe and photographed for the record.
 */

const PHONE = { width: 375, height: 812 };

/** The button, scrolled to, lies wholly within the phone's width. */
async function expectOnScreen(button: Locator) {
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeInViewport({ ratio: 1 });
  const box = (await button.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

async function expectPhoneLayout(page: Page, label: string, name: string) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${label} scrolls sideways`,
  ).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page, `${label} at 375 px`);
  const path = test.info().outputPath(`${name}-375.png`);
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(`${name} at 375 px`, { path, contentType: 'image/png' });
}

test.describe('tables on a 375 px phone', () => {
  test.use({ viewport: PHONE });

  test('My Orders: Pay and Cancel of each line are on screen', async ({ page }) => {
    const { token } = await signUpViaApi(page);
    const order = await placeOrder(
      page.request,
      token,
      await demoProduct(page.request, 'Hard Drive'),
    );

    await page.goto('/dashboard/myorders');
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    const row = page.locator(`[data-testid="order-row"][data-order-id="${order._id}"]`);
    await expect(row).toContainText(order.productName);
    await expect(
      page.getByRole('heading', { level: 2, name: `Purchase ${order.purchaseNumber}` }),
    ).toBeVisible();
    await expectOnScreen(row.getByRole('link', { name: 'Pay' }));
    await expectOnScreen(row.getByRole('button', { name: 'Cancel' }));
    await expectPhoneLayout(page, 'My Orders', 'my-orders');
  });

  test('Manage Products: Edit and Delete of each product are on screen', async ({ page }) => {
    await signInViaApi(page, demoAdmin);
    await page.goto('/dashboard/manageproducts');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeVisible();
    const rows = page.getByTestId('product-row');
    await expect(rows.first()).toBeVisible();
    for (const row of (await rows.all()).slice(0, 3)) {
      await expectOnScreen(row.getByRole('link', { name: 'Edit' }));
      await expectOnScreen(row.getByRole('button', { name: 'Delete' }));
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectPhoneLayout(page, 'Manage Products', 'manage-products');

    // The Edit page fits the phone too.
    await rows.first().getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Edit / })).toBeVisible();
    await expectAccessible(page, 'the Edit page at 375 px');
  });

  test('Make Admin: Make Admin and Remove User of each customer are on screen', async ({
    page,
    browser,
  }) => {
    // A customer who is certainly not an admin yet.
    const customerPage = await browser.newPage();
    const customer = await signUpViaApi(customerPage);
    await customerPage.close();

    await signInViaApi(page, demoAdmin);
    await page.goto('/dashboard/makeadmin');
    await expect(page.getByRole('heading', { level: 1, name: 'Make Admin' })).toBeVisible();
    const row = await findUser(page, customer.email);
    await expectOnScreen(row.getByRole('button', { name: 'Make Admin' }));
    await expectOnScreen(row.getByRole('button', { name: 'Remove User' }));
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectPhoneLayout(page, 'Make Admin', 'make-admin');
  });
});
