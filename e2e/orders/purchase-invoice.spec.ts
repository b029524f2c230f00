import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { api, expectStatus, type Purchase } from '@shop/shared';
import { extractText } from 'unpdf';
import { demoProduct, shopApi } from '../support/api';
import { latestEmailTo } from '../support/mail';
import { demoAdmin, signInViaApi, signUpViaApi } from '../support/users';

/**
 * A business purchase from checkout to the shipment: a purchase of two lines with a PO number,
 * its page, the payment of all its lines at once, the invoice downloaded and read, the emails,
 * and the admin's shipment with its tracking number as the customer then sees it.
 */
test('a purchase with a PO: its page, one payment for every line, the invoice PDF, the emails and the tracking', async ({
  page,
  browser,
}) => {
  const buyer = await signUpViaApi(page);
  const client = shopApi(page.request);
  const motherboard = await demoProduct(page.request, 'Motherboard');
  const chassis = await demoProduct(page.request, 'Chassis');
  const placed = await client.call(
    api.purchases.checkout,
    {
      body: {
        lines: [
          { productId: motherboard._id, quantity: motherboard.minimum },
          { productId: chassis._id, quantity: chassis.minimum },
        ],
        number: '+44 20 7946 0958',
        address: 'Unit 4/B #2, Harbour Road, Leeds',
        poNumber: 'PO-E2E-0042',
        company: 'Acme Components Ltd',
        taxId: 'GB123456789',
      },
    },
    { token: buyer.token },
  );
  const purchase: Purchase = expectStatus(placed, 201);

  // The order-placed email links to the purchase page.
  const placedMail = await latestEmailTo(buyer.email, new RegExp(purchase.number));
  expect(placedMail.text).toContain(`/dashboard/purchases/${purchase._id}`);

  await page.goto(`/dashboard/purchases/${purchase._id}`);
  await expect(page.getByRole('heading', { name: `Purchase ${purchase.number}` })).toBeVisible();
  await expect(page.getByText('PO-E2E-0042')).toBeVisible();
  await expect(page.getByText('Acme Components Ltd')).toBeVisible();
  await expect(page.getByTestId('purchase-line')).toHaveCount(2);
  await expect(page.getByText('The invoice is made once every line is paid.')).toBeVisible();

  // One payment for both lines, with Stripe's test card through the sandbox gateway.
  const intent = await client.call(
    api.payments.createIntent,
    { body: { purchaseId: purchase._id } },
    { token: buyer.token },
  );
  const { clientSecret } = expectStatus(intent, 200);
  const confirmed = await client.call(api.payments.sandboxConfirm, {
    body: {
      clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' },
      billingDetails: { name: buyer.name, email: buyer.email },
    },
  });
  const { paymentIntent } = expectStatus(confirmed, 200);
  const paid = await client.call(
    api.purchases.recordPayment,
    { params: { id: purchase._id }, body: { transactionId: paymentIntent.id } },
    { token: buyer.token },
  );
  const { invoiceNumber } = expectStatus(paid, 200);
  expect(invoiceNumber).toMatch(/^INV-\d{4}-\d{5}$/);

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
