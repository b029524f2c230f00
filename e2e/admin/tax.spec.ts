import { expect, test, type Browser, type Page } from '@playwright/test';
import { api, expectStatus } from '@shop/shared';
import { shopApi } from '../support/api';
import { expectAccessible } from '../support/axe';
import { verifyAddress } from '../support/mail';
import { demoAdmin, newUser, signInViaApi, signUpViaApi } from '../support/users';

/**
 * Issue 29, item 3: the admin replaces the US state rate table from a CSV file on the Tax page;
 * a company's owner sends a sales tax exemption certificate (a PDF) on My Company; the admin
 * approves it on the Tax page, and the owner sees it approved.
 */

const personalPage = async (browser: Browser): Promise<Page> =>
  (await browser.newContext()).newPage();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n', 'latin1');

test('the admin imports a rate CSV, and approves an owner’s exemption certificate', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const companyName = `Resale Parts ${tag}`;
  const certificateNumber = `CA-SR-${tag}`.toUpperCase();

  const ownerPage = await personalPage(browser);
  const owner = await signUpViaApi(ownerPage, newUser());
  await verifyAddress(ownerPage.request, owner.email);
  expectStatus(
    await shopApi(ownerPage.request).call(
      api.companies.create,
      { body: { name: companyName } },
      { token: owner.token },
    ),
    201,
  );

  await ownerPage.goto('/dashboard/mycompany');
  const exemptions = ownerPage.getByRole('region', { name: 'Sales tax exemptions' });
  await exemptions.getByLabel('State (e.g. CA)').fill('CA');
  await exemptions.getByLabel('Certificate number').fill(certificateNumber);
  await exemptions.getByLabel('Valid until').fill(`${new Date().getFullYear() + 2}-06-30`);
  await exemptions.getByLabel('Certificate (PDF, PNG or JPEG, at most 2 MB)').setInputFiles({
    name: 'resale-certificate.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await exemptions.getByRole('button', { name: 'Send certificate' }).click();
  const ownRow = exemptions.getByTestId('exemption-row').filter({ hasText: certificateNumber });
  await expect(ownRow).toContainText('Waiting for review');
  await expectAccessible(ownerPage, '/dashboard/mycompany with a certificate waiting');

  const adminPage = await personalPage(browser);
  await signInViaApi(adminPage, demoAdmin);
  await adminPage.goto('/dashboard/tax');
  await adminPage.getByLabel('Or choose a CSV file').setInputFiles({
    name: 'rates-2026.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'region,rate\r\nCA,0.0725\r\nNY,0.04\r\nTX,0.0625\r\nFL,0.06\r\nIL,0.0625\r\nWA,0.065\r\nNJ,6.625%\r\nPA,0.06\r\nCO,0.029\r\n',
    ),
  });
  await adminPage.getByRole('button', { name: 'Save rates' }).click();
  await expect(adminPage.getByText('Tax rates saved.')).toBeVisible();
  const rates = adminPage.getByRole('table', { name: 'Tax rates' });
  await expect(rates.getByRole('row').filter({ hasText: 'CO' })).toContainText('2.9 %');
  await expect(rates.getByRole('row').filter({ hasText: 'NJ' })).toContainText('6.625 %');

  const review = adminPage.getByRole('region', { name: 'Exemption certificates' });
  const waiting = review.getByTestId('review-row').filter({ hasText: companyName });
  await expect(waiting).toContainText(certificateNumber);
  await expectAccessible(adminPage, '/dashboard/tax with a certificate to review');
  await waiting.getByRole('button', { name: 'Approve' }).click();
  await expect(adminPage.getByText(`Certificate ${certificateNumber} approved.`)).toBeVisible();
  await expect(review.getByTestId('review-row').filter({ hasText: companyName })).toHaveCount(0);

  await ownerPage.reload();
  await expect(
    ownerPage.getByTestId('exemption-row').filter({ hasText: certificateNumber }),
  ).toContainText('Approved');
});
