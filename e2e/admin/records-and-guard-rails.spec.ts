import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { api, expectStatus } from '@shop/shared';
import { shopApi } from '../support/api';
import { verifyAddress } from '../support/mail';
import { demoAdmin, newUser, signInViaApi, signUpViaApi } from '../support/users';

const tag = () => randomBytes(3).toString('hex').toUpperCase();

/** Issue 28, items 6, 7 and 10: records that read, guard rails, and the admin's companies. */

test('the catalogue exported and imported again, untouched, reports 0 changes', async ({
  page,
}) => {
  const token = await signInViaApi(page, demoAdmin);
  const admin = shopApi(page.request);
  // Products of this test's own, with volume prices (whose JSON key order once made every
  // product "changed"): other journeys place orders at the same time, and a product whose stock
  // moved between the export and the import would rightly read as changed.
  const mark = tag();
  for (const [name, price, tier10, tier50] of [
    [`Export Fan ${mark}`, 39, 37, 35],
    [`Export Cable ${mark}`, 89.5, 84.99, 79.9],
  ] as const) {
    expectStatus(
      await admin.call(
        api.catalog.create,
        {
          body: {
            name,
            description: 'A part sold by the box.',
            price,
            minimum: 1,
            available: 500,
            priceTiers: [
              { minQuantity: 10, price: tier10 },
              { minQuantity: 50, price: tier50 },
            ],
          },
        },
        { token },
      ),
      201,
    );
  }

  await page.goto('/dashboard/manageproducts');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const lines = (await readFile(await (await download).path(), 'utf8')).trim().split('\r\n');
  const ours = lines.filter((line) => line.includes(mark));
  expect(ours).toHaveLength(2);

  await page.getByLabel('Import CSV').setInputFiles({
    name: 'catalogue.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([lines[0], ...ours].join('\r\n') + '\r\n'),
  });
  const report = page.getByTestId('import-report');
  await expect(report.getByRole('status')).toHaveText(
    'Dry run: 0 would be created, 0 would be updated, 2 unchanged.',
  );
  await expect(report.getByRole('region', { name: 'To update' })).toHaveCount(0);
});

test('the audit log writes a volume price change in words', async ({ page }) => {
  const token = await signInViaApi(page, demoAdmin);
  const admin = shopApi(page.request);
  const name = `Tiered Fan ${tag()}`;
  const created = expectStatus(
    await admin.call(
      api.catalog.create,
      {
        body: {
          name,
          description: 'A 120 mm case fan sold by the box.',
          price: 39,
          minimum: 1,
          available: 500,
          priceTiers: [
            { minQuantity: 10, price: 35 },
            { minQuantity: 50, price: 33 },
          ],
        },
      },
      { token },
    ),
    201,
  );
  // No image given: the product shows the shop's placeholder (decision 031).
  expect(created.product.img).toBe('/images/products/placeholder.svg');
  expectStatus(
    await admin.call(
      api.catalog.update,
      {
        params: { id: created.insertedId },
        body: {
          price: 37,
          priceTiers: [
            { minQuantity: 10, price: 34 },
            { minQuantity: 50, price: 32 },
          ],
        },
      },
      { token },
    ),
    200,
  );

  await page.goto('/dashboard/auditlog');
  const row = page
    .getByTestId('audit-row')
    .filter({ hasText: 'Edited product' })
    .filter({ hasText: name });
  await expect(row).toContainText('Price $39.00 -> $37.00');
  await expect(row).toContainText('Volume prices 10+ $35.00, 50+ $33.00 -> 10+ $34.00, 50+ $32.00');
  await expect(row).not.toContainText('[object Object]');
});

test('the admin opens a company and manages its members', async ({ browser }) => {
  const ownerPage = await browser.newPage();
  const owner = await signUpViaApi(ownerPage, newUser());
  await verifyAddress(ownerPage.request, owner.email);
  const member = newUser();

  const page = await browser.newPage();
  await signInViaApi(page, demoAdmin);

  const companyName = `Railing Parts ${tag()} Ltd`;
  await page.goto('/dashboard/companies');
  await page.getByRole('button', { name: 'Open a company' }).click();
  const form = page.getByRole('form', { name: 'Open a company' });
  await form.getByLabel('Company name').fill(companyName);
  await form.getByLabel("Owner's email").fill(owner.email);
  await form.getByRole('button', { name: 'Open company' }).click();
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  const members = page.getByRole('table', { name: 'Members' });
  const ownerRow = members.getByRole('row').filter({ hasText: owner.email });
  await expect(ownerRow).toContainText('Invited');
  await expect(ownerRow).toContainText('Owner');

  // The owner says yes on their Invitations page.
  await ownerPage.goto('/dashboard/invitations');
  const invitation = ownerPage.getByRole('row').filter({ hasText: companyName });
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect(invitation).toHaveCount(0);

  // The admin edits the details and invites a member.
  await page.reload();
  await expect(ownerRow).not.toContainText('Invited');
  await page.getByRole('button', { name: 'Edit details' }).click();
  const edit = page.getByRole('form', { name: 'Edit the company' });
  await edit.getByLabel('Tax id (VAT/EIN)').fill('GB123456789');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('GB123456789')).toBeVisible();
  const invite = page.getByRole('form', { name: 'Invite a member' });
  await invite.getByLabel('Email').fill(member.email);
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(members.getByRole('row').filter({ hasText: member.email })).toContainText('Invited');
  // And withdraws the invitation again.
  await members
    .getByRole('row')
    .filter({ hasText: member.email })
    .getByRole('button', { name: 'Remove' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(members.getByRole('row').filter({ hasText: member.email })).toHaveCount(0);
  await ownerPage.close();
  await page.close();
});

test('a deep contract price asks first, and the audit log names its product', async ({ page }) => {
  const token = await signInViaApi(page, demoAdmin);
  const admin = shopApi(page.request);
  const product = expectStatus(
    await admin.call(
      api.catalog.create,
      {
        body: {
          name: `Guard GPU ${tag()}`,
          img: '/images/products/gpu.svg',
          description: 'A workstation graphics card.',
          price: 1180,
          minimum: 1,
          available: 20,
        },
      },
      { token },
    ),
    201,
  ).product;
  const company = expectStatus(
    await admin.call(
      api.companies.adminCreate,
      { body: { name: `Railing Prices ${tag()} Ltd`, ownerEmail: newUser().email } },
      { token },
    ),
    201,
  );
  await page.goto(`/dashboard/companies/${company._id}`);

  // A $34 contract price on a $1,180 card asks first, with the discount in percent.
  const prices = page.getByRole('form', { name: 'Set a contract price' });
  await prices.getByRole('searchbox', { name: 'Find a product' }).fill(product.name);
  await prices
    .getByRole('list', { name: 'Matching products' })
    .getByRole('button')
    .filter({ hasText: product.name })
    .click();
  await prices.getByLabel('Contract price ($ per piece)').fill('34');
  await prices.getByRole('button', { name: 'Set price' }).click();
  const question = page.getByRole('dialog', {
    name: 'This contract price is 97.1% below the list price. Save it anyway?',
  });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'No' }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByText(/has no contract prices yet/)).toBeVisible();
  await prices.getByRole('button', { name: 'Set price' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('table', { name: 'Contract prices' })).toContainText('$34');

  // The audit log names the product of the contract price.
  await page.goto('/dashboard/auditlog');
  await expect(
    page
      .getByTestId('audit-row')
      .filter({ hasText: 'Set contract price' })
      .filter({ hasText: product.name }),
  ).toContainText(`Contract price for ${product.name} (${product.sku}) list price -> $34.00`);
});
