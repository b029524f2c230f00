import { expect, test } from '@playwright/test';
import { latestEmailTo, linkIn } from '../support/mail';
import { newUser, signUpViaApi } from '../support/users';

test('a customer resets a forgotten password through the emailed link and logs in with it', async ({
  page,
}) => {
  const user = await signUpViaApi(page, newUser());
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Email Sent!').first()).toBeVisible();

  // The email as it arrived at the local SMTP server.
  const mail = await latestEmailTo(user.email, /password/i);
  const link = linkIn(mail, 'reset-password');

  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  const newPassword = 'Fresh#2027';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: /reset password|set (new )?password|save/i }).click();
  await expect(page).toHaveURL('/login');

  // The old password no longer works; the new one does.
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('auth-error')).toHaveText('Incorrect email or password.');
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner')).toContainText('PAT BUYER');

  // A used link cannot be used again.
  await page.getByRole('banner').getByRole('button', { name: 'Signout' }).click();
  await page.goto(link);
  await expect(
    page.getByRole('alert').filter({ hasText: /invalid or has expired/i }),
  ).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
});

test('reset mode shows the SPEC messages and the provider error under the email field', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('someone@');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Please give a valid email address.')).toBeVisible();

  // Back to login mode.
  await page.getByRole('button', { name: /back to login/i }).click();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
});
