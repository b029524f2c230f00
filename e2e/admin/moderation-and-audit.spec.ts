import { findUser } from '../support/users-page';
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { api, expectStatus } from '@shop/shared';
import { shopApi } from '../support/api';
import { verifyAddress } from '../support/mail';
import { demoAdmin, newUser, signInViaApi, signUpViaApi } from '../support/users';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const tag = () => randomBytes(3).toString('hex').toUpperCase();

/** The home page's review cards, once the list has loaded (the grid renders it all at once). */
async function homeReviewCards(page: Page) {
  await page.goto('/');
  await page.getByRole('region', { name: 'Customer Reviews' }).scrollIntoViewIfNeeded();
  const cards = page.getByTestId('review-card');
  await expect(cards.first()).toBeVisible();
  return cards;
}

test('an admin deletes a review on Manage Reviews, and the home page no longer shows it', async ({
  browser,
}) => {
  // A customer's review, posted through the API as the Add A Review page posts it: this journey
  // is about moderation, not the review form.
  const customerPage = await browser.newPage();
  const { token } = await signUpViaApi(customerPage, newUser());
  const text = `Cheaper parts at spam-${tag()}.example, do not order here.`;
  const posted = await shopApi(customerPage.request).call(
    api.reviews.create,
    { body: { rating: 1, discription: text } },
    { token },
  );
  expectStatus(posted, 201);
  await customerPage.close();

  const page = await browser.newPage();
  await signInViaApi(page, demoAdmin);
  await expect((await homeReviewCards(page)).filter({ hasText: text })).toHaveCount(1);

  await page.goto('/dashboard');
  await menu(page).getByRole('link', { name: 'Manage Reviews' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Reviews' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: text });
  await expect(row).toContainText('PAT BUYER');
  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Are You Sure, You Want To Delete The Review!');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Review Deleted Successfully!' }),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: text })).toHaveCount(0);

  // A visitor, with nothing cached, no longer sees it.
  const visitor = await browser.newPage();
  await expect((await homeReviewCards(visitor)).filter({ hasText: text })).toHaveCount(0);
  await visitor.close();

  await page.goto('/dashboard/auditlog');
  const entry = page
    .getByTestId('audit-row')
    .filter({ hasText: 'Deleted review' })
    .filter({
      hasText: text.slice(0, 40),
    });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(demoAdmin.email);
  await page.close();
});

test("the admin's Make Admin and product changes appear on the Audit Log page", async ({
  browser,
}) => {
  const promotedPage = await browser.newPage();
  const promoted = await signUpViaApi(promotedPage, newUser());
  // An admin right needs a verified address (Make Admin refuses an unverified one).
  await verifyAddress(promotedPage.request, promoted.email);
  await promotedPage.close();

  const page = await browser.newPage();
  await signInViaApi(page, demoAdmin);
  await page.goto('/dashboard/makeadmin');
  const userRow = await findUser(page, promoted.email);
  await userRow.getByRole('button', { name: 'Make Admin' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(userRow.getByRole('button', { name: 'Make Admin' })).toHaveCount(0);

  const name = `Audit Cable Kit ${tag()}`;
  await page.goto('/dashboard/addproduct');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Image URL').fill('/images/products/case.svg');
  await page.getByLabel('Price', { exact: true }).fill('12');
  await page.getByLabel('Minimum', { exact: true }).fill('10');
  await page.getByLabel('Available', { exact: true }).fill('300');
  await page.getByLabel('Description').fill('Braided SATA and power cables, sold in packs of ten.');
  await page.getByRole('button', { name: /add product/i }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Product Added Successfully!' }),
  ).toBeVisible();

  await page.goto('/dashboard/manageproducts');
  await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  await menu(page).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  const rows = page.getByTestId('audit-row');
  const made = rows.filter({ hasText: promoted.email });
  await expect(made).toContainText('Made admin');
  await expect(made).toContainText(demoAdmin.email);
  const added = rows.filter({ hasText: 'Added product' }).filter({ hasText: name });
  const deleted = rows.filter({ hasText: 'Deleted product' }).filter({ hasText: name });
  await expect(added).toHaveCount(1);
  await expect(deleted).toHaveCount(1);
  // Newest first: the deletion above the addition, the addition above the promotion.
  const texts = await rows.allTextContents();
  const at = (pattern: (t: string) => boolean) => texts.findIndex(pattern);
  const deletedAt = at((t) => t.includes('Deleted product') && t.includes(name));
  const addedAt = at((t) => t.includes('Added product') && t.includes(name));
  const madeAt = at((t) => t.includes(promoted.email));
  expect(deletedAt).toBeLessThan(addedAt);
  expect(addedAt).toBeLessThan(madeAt);
  await page.close();
});
