import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { demoProduct } from '../support/api';

/**
 * DESIGN section 8: SPEC's field rules turned real customers away. A person with a capitalised,
 * dotted work address and a pass phrase signs up in the browser, signs in again as they type
 * it, and buys with an international number and an address with / and #.
 */
test('a customer signs up with John.Doe@Acme.co.uk and a pass phrase, then buys with +1 (555) 123-4567 to Unit 4/B #2', async ({
  page,
}) => {
  const tag = randomBytes(4).toString('hex');
  const typedEmail = `John.Doe.${tag}@Acme.co.uk`;
  const email = typedEmail.toLowerCase();
  const passPhrase = 'correct horse battery staple, 2026 edition';
  const banner = page.getByRole('banner');

  await page.goto('/signup');
  await page.getByLabel('Name', { exact: true }).fill('John Doe');
  await page.getByLabel('Email', { exact: true }).fill(typedEmail);
  await page.getByLabel('Password', { exact: true }).fill(passPhrase);
  await page.getByRole('button', { name: 'Signup', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(banner).toContainText('JOHN DOE');

  // Signed out and in again, typing the address in capitals: it is the same account.
  await banner.getByRole('button', { name: 'Signout' }).click();
  await expect(banner.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(typedEmail.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill(passPhrase);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(banner).toContainText('JOHN DOE');

  const product = await demoProduct(page.request, 'Memory Kit');
  await page.goto(`/purchase/${product._id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Purchase' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue(String(product.minimum));
  await page.getByLabel('Phone Number').fill('+1 (555) 123-4567');
  await page.getByLabel('Address').fill('Unit 4/B #2');
  await page.getByRole('button', { name: 'Purchase' }).click();
  // Accepted: the buyer lands on the new purchase's page, which shows what was typed.
  await Promise.all([
    expect(page.getByRole('alert').filter({ hasText: 'Order Place Successfully!' })).toBeVisible(),
    expect(page).toHaveURL(/\/dashboard\/purchases\/[^/?]+$/),
  ]);
  await expect(page.getByText('+1 (555) 123-4567')).toBeVisible();
  await expect(page.getByText('Unit 4/B #2')).toBeVisible();

  await page.goto('/dashboard/myorders');
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Unpaid');
});
