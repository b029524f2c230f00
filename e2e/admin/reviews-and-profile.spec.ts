import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { getReviews } from '../support/api';
import { expectNewestReviewCard } from '../support/reviews';
import { signUpViaApi } from '../support/users';

test('a customer adds a 4-star review and sees it first on the home page', async ({ page }) => {
  await signUpViaApi(page);
  const text = `Ordered 400 NVMe drives for our render farm; every one passed burn-in. Batch ${randomBytes(3).toString('hex')}.`;
  await page.goto('/dashboard/addreview');
  // The star radios are visually hidden; a person clicks the fourth star, which is their label.
  const fourStars = page.getByRole('radio', { name: /^4 Stars$/i });
  await page.locator(`label[for="${await fourStars.getAttribute('id')}"]`).click();
  await expect(fourStars).toBeChecked();
  await expect(page.getByLabel('Rating (0 to 5)')).toHaveValue('4');
  await page.getByRole('textbox', { name: 'Review' }).fill(text);
  const older = await getReviews(page.request);
  await page.getByRole('button', { name: /add (a )?review|submit/i }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Review Added Successfully!' }),
  ).toBeVisible();

  await page.goto('/');
  await page.getByRole('region', { name: 'Customer Reviews' }).scrollIntoViewIfNeeded();
  // First, before every review that was there already (another journey may post one meanwhile).
  const own = await expectNewestReviewCard(page, text, older);
  await expect(own).toContainText('PAT BUYER');
  await expect(own.getByRole('img', { name: /^4 Stars? out of 5$/i })).toBeVisible();
});

test('a customer fills the profile in Add mode, sees it shown, and updates it in Update mode', async ({
  page,
}) => {
  const user = await signUpViaApi(page);
  await page.goto('/dashboard/myprofile');
  const main = page.getByRole('main');
  await expect(main).toContainText(user.email);
  await expect(main.getByRole('button', { name: 'Add Information' })).toBeVisible();

  await main.getByRole('button', { name: 'Add Information' }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();

  await page.getByLabel('Education').fill('BSc Electrical Engineering');
  await page.getByLabel('Location').fill('Leeds, United Kingdom');
  await page.getByLabel('Phone Number').fill('555-123-4567');
  await page.getByLabel('LinkedIn').fill('https://www.linkedin.com/in/pat-buyer');
  await main.getByRole('button', { name: 'Add Information' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Information Added/Updated Successfully!' }),
  ).toBeVisible();
  await expect(main.getByTestId('profile-location')).toContainText('Leeds, United Kingdom');

  await expect(main.getByRole('button', { name: 'Update Information' })).toBeVisible();
  await page.getByLabel('Location').fill('Manchester, United Kingdom');
  await main.getByRole('button', { name: 'Update Information' }).click();
  await expect(main.getByTestId('profile-location')).toContainText('Manchester, United Kingdom');

  await page.reload();
  await expect(main.getByTestId('profile-location')).toContainText('Manchester, United Kingdom');
  await expect(main.getByRole('button', { name: 'Update Information' })).toBeVisible();
});

test("the profile's business details are saved and shown again after a reload", async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/dashboard/myprofile');
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Add Information' })).toBeVisible();
  // Drawn with CSS Modules: the page loads no MUI styles.
  await expect(page.locator('style[data-emotion]')).toHaveCount(0);

  await page.getByLabel('Education').fill('BSc Electrical Engineering');
  await page.getByLabel('Location').fill('Leeds, United Kingdom');
  await page.getByLabel('Phone Number').fill('+44 20 7946 0958');
  await page.getByLabel('LinkedIn').fill('https://www.linkedin.com/in/pat-buyer');
  await page.getByLabel('Company name').fill('Acme Components Ltd');
  await page.getByLabel('Tax id (VAT/EIN)').fill('GB123456789');
  await page.getByLabel('Billing address').fill('Unit 4/B #2, Harbour Road, Leeds');
  await page.getByLabel('Shipping address').fill('Dock 7, Humber Quay, Hull');
  await main.getByRole('button', { name: 'Add Information' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Information Added/Updated Successfully!' }),
  ).toBeVisible();
  await expect(main.getByTestId('profile-company')).toHaveText('Acme Components Ltd');

  await page.reload();
  await expect(main.getByRole('button', { name: 'Update Information' })).toBeVisible();
  await expect(main.getByTestId('profile-company')).toHaveText('Acme Components Ltd');
  await expect(main.getByTestId('profile-tax-id')).toHaveText('GB123456789');
  await expect(main.getByTestId('profile-billing-address')).toHaveText(
    'Unit 4/B #2, Harbour Road, Leeds',
  );
  await expect(main.getByTestId('profile-shipping-address')).toHaveText(
    'Dock 7, Humber Quay, Hull',
  );
  await expect(page.getByLabel('Company name')).toHaveValue('Acme Components Ltd');
  await expect(page.getByLabel('Shipping address')).toHaveValue('Dock 7, Humber Quay, Hull');
});
