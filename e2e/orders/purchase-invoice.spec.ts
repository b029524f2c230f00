import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { api, expectStatus, formatMoney, type Purchase } from '@shop/shared';
import { extractText } from 'unpdf';
import { demoProduct, shopApi } from '../support/api';
import { latestEmailTo } from '../support/mail';
import { demoAdmin, signInViaApi, signUpViaApi } from '../support/users';
import { payByCard } from '../support/payments';

/**
 * Issue 13's journey of a business purchase, as a purchasing clerk and the shop's admin go
 * through it in the browser: a quick order uploaded as CSV, the checkout with a PO number, the
 * purchase page, one card payment for every line, the invoice downloaded and read, the emails
 * from the local SMTP server, and the admin's shipment with its tracking number as the customer
 * then sees it.
 */
test('quick order by CSV, checkout with a PO, one payment, the invoice PDF, the emails and the tracking', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const buyer = await signUpViaApi(page);
  const motherboard = await demoProduct(page.request, 'Motherboard');
  const chassis = await demoProduct(page.request, 'Chassis');

  // The quick order: a CSV file naming the two parts (any case), at their minimums.
  await page.goto('/cart');
  await page.getByLabel('Upload a .csv file').setInputFiles({
    name: 'order.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `name,quantity\n"${motherboard.name.toUpperCase()}",${motherboard.minimum}\n` +
        `"${chassis.name}",${chassis.minimum}\n`,
    ),
  });
  await expect(page.getByTestId('cart-line')).toHaveCount(2);

  // The checkout with a PO number, the company and its tax id.
  const form = page.getByRole('form', { name: 'Checkout' });
  await form.getByRole('textbox', { name: 'Phone Number' }).fill('+44 20 7946 0958');
  await form.getByRole('textbox', { name: 'Address' }).fill('Unit 4/B #2, Harbour Road, Leeds');
  await form.getByRole('textbox', { name: 'PO number (optional)' }).fill('PO-E2E-0042');
  await form.getByRole('textbox', { name: 'Company (optional)' }).fill('Acme Components Ltd');
  await form.getByRole('textbox', { name: /^Tax id/ }).fill('GB123456789');
  // The goods; the purchase adds the shipping its address is charged (decision 038).
  const subtotal = motherboard.price * motherboard.minimum + chassis.price * chassis.minimum;
  await page.getByRole('button', { name: 'Place order' }).click();

  // The purchase page is the confirmation.
  await expect(page).toHaveURL(/\/dashboard\/purchases\/[0-9a-f-]{36}$/);
  const purchaseId = page.url().split('/').pop()!;
  const heading = page.getByRole('heading', { name: /^Purchase PW-\d{6}$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace('Purchase ', '');
  await expect(page.getByText('PO-E2E-0042')).toBeVisible();
  await expect(page.getByText('Acme Components Ltd')).toBeVisible();
  await expect(page.getByTestId('purchase-line')).toHaveCount(2);
  await expect(page.getByText('The invoice is made once every line is paid.')).toBeVisible();

  // The order-placed email links to the purchase page.
  const placedMail = await latestEmailTo(buyer.email, new RegExp(number));
  expect(placedMail.text).toContain(`/dashboard/purchases/${purchaseId}`);

  // One payment for both lines, with Stripe's test card through the sandbox gateway.
  const placed: Purchase = expectStatus(
    await shopApi(page.request).call(
      api.purchases.get,
      { params: { id: purchaseId } },
      { token: buyer.token },
    ),
    200,
  );
  expect(placed.subtotal).toBe(subtotal);
  await page
    .getByRole('link', { name: `Pay the whole purchase (${formatMoney(placed.total)})` })
    .click();
  await expect(page).toHaveURL(`/dashboard/payment/purchase/${purchaseId}`);
  await payByCard(page);
  await expect(page).toHaveURL(`/dashboard/purchases/${purchaseId}`);
  for (const line of await page.getByTestId('purchase-line').all()) {
    await expect(line).toContainText('Paid');
  }
  const purchase: Purchase = expectStatus(
    await shopApi(page.request).call(
      api.purchases.get,
      { params: { id: purchaseId } },
      { token: buyer.token },
    ),
    200,
  );
  const { invoiceNumber } = purchase;
  expect(invoiceNumber).toMatch(/^INV-\d{4}-\d{5}$/);
  expect(purchase.number).toBe(number);
  expect(purchase.total).toBe(placed.total);

  await page.reload();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download invoice ${invoiceNumber}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const { text } = await extractText(new Uint8Array(await readFile((await file.path())!)), {
    mergePages: true,
  });
  for (const expected of [
    invoiceNumber!,
    'PO-E2E-0042',
    'Acme Components Ltd',
    'GB123456789',
    motherboard.name,
    chassis.name,
  ]) {
    expect(text).toContain(expected);
  }
  // The receipt carries the same invoice.
  const receipt = await latestEmailTo(buyer.email, new RegExp(invoiceNumber!));
  expect(receipt.attachments.map((a) => a.filename)).toEqual([`${invoiceNumber}.pdf`]);

  // The admin ships the motherboard with UPS and a tracking number.
  const admin = await browser.newPage();
  await signInViaApi(admin, demoAdmin);
  // The customer's orders, however many others' came since (the list is paged).
  await admin.goto(`/dashboard/manageallorders?q=${encodeURIComponent(buyer.email)}`);
  const row = admin
    .getByRole('row')
    .filter({ hasText: buyer.email })
    .filter({ hasText: motherboard.name });
  await row.getByRole('button', { name: 'Ship' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Ship this order?' });
  await expect(dialog).toContainText(purchase.number);
  await dialog.getByRole('textbox', { name: 'Carrier' }).fill('UPS');
  await dialog.getByRole('textbox', { name: 'Tracking number' }).fill('1Z999AA10123456784');
  await dialog.getByRole('button', { name: 'Confirm shipping' }).click();
  await expect(row.getByRole('button', { name: 'Shipping' })).toBeDisabled();
  await admin.close();

  const shippedMail = await latestEmailTo(buyer.email, /has shipped/);
  expect(shippedMail.text).toContain('1Z999AA10123456784');

  // The customer sees the carrier and the tracking number, linked to UPS's tracking page.
  await page.reload();
  const line = page.getByTestId('purchase-line').filter({ hasText: motherboard.name });
  await expect(line).toContainText('UPS');
  await expect(line.getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute(
    'href',
    /ups\.com.*1Z999AA10123456784/,
  );
});
