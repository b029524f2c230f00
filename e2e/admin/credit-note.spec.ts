import { expect, test } from '@playwright/test';
import { formatMoney } from '@shop/shared';
import { demoProduct } from '../support/api';
import { adminSession } from '../support/company';
import { latestEmailTo } from '../support/mail';
import { checkout, payPurchase } from '../support/shop-api';
import { signUpViaApi } from '../support/users';

/**
 * Issue 29 item 5 (docs/decisions/039): the admin credits part of a paid purchase from its page;
 * the buyer sees the credit note on their purchase page and gets it by email, PDF attached.
 */
test('the admin issues a partial credit note; the buyer sees it and receives it by email', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const buyer = await signUpViaApi(page);
  const ram = await demoProduct(page.request, 'Memory Kit');
  const quantity = Math.max(ram.minimum, 2);
  const placed = await checkout(page.request, buyer.token, [{ productId: ram._id, quantity }]);
  const paid = await payPurchase(page.request, buyer.token, placed);
  expect(paid.invoiceNumber).toMatch(/^INV-\d{4}-\d{5}$/);

  // The admin opens the purchase and credits one piece.
  const { page: admin } = await adminSession(browser);
  await admin.goto(`/dashboard/purchases/${paid._id}`);
  await admin.getByRole('button', { name: 'Issue a credit note' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Issue a credit note' });
  const line = dialog.getByTestId('credit-line');
  await line.getByRole('checkbox').check();
  await line.getByLabel(/^Pieces of/).fill('1');
  await dialog.getByLabel(/Reason/).fill('One module was dead on arrival');
  await expect(dialog.getByLabel('Amounts to credit')).toContainText(
    `Subtotal${formatMoney(ram.price)}`,
  );
  await dialog.getByRole('button', { name: /^Issue credit note of / }).click();
  await expect(admin.getByText(/Credit note CN-\d{4}-\d{5} issued\./)).toBeVisible();
  const adminNote = admin.getByTestId('credit-note');
  await expect(adminNote).toContainText(/CN-\d{4}-\d{5}/);
  await expect(adminNote).toContainText('Refunded to the card');
  const number = (await adminNote.textContent())!.match(/CN-\d{4}-\d{5}/)![0];
  await admin.context().close();

  // The buyer sees it on their purchase page, with its PDF.
  await page.goto(`/dashboard/purchases/${paid._id}`);
  const note = page.getByTestId('credit-note');
  await expect(note).toContainText(number);
  await expect(note).toContainText('One module was dead on arrival');
  const download = page.waitForEvent('download');
  await note.getByRole('button', { name: `PDF ${number}` }).click();
  expect((await download).suggestedFilename()).toBe(`${number}.pdf`);

  // And by email, the credit note attached.
  const mail = await latestEmailTo(buyer.email, new RegExp(number));
  expect(mail.subject).toBe(`Credit note ${number} for ${paid.number}`);
  expect(mail.text).toContain('One module was dead on arrival');
  expect(mail.attachments.map((a) => a.filename)).toEqual([`${number}.pdf`]);
});
