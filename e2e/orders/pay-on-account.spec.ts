import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { api, expectStatus, formatMoney, type Purchase } from '@shop/shared';
import { extractText } from 'unpdf';
import { shopApi } from '../support/api';
import { expectAccessible } from '../support/axe';
import { closeAll, companyTeam } from '../support/company';
import { payByCard } from '../support/payments';

/**
 * Issue 30, paying on account, as a business and the shop's admin go through it: the admin gives
 * the company Net 30 and a $50,000 limit on its page; the buyer checks out on account and
 * downloads the invoice with its due date; the admin records the bank transfer that pays it; the
 * owner's account and statement show the payment and the invoice paid; the owner pays a second
 * invoice by card from My Company. A purchase above the credit left is refused with the amount,
 * and the buyer pays it by card instead.
 */

const usd = (value: number) => formatMoney(value);

/** A downloaded PDF's text, spaces squeezed. */
async function pdfText(path: string): Promise<string> {
  const { text } = await extractText(new Uint8Array(await readFile(path)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** Puts `quantity` of the product in the cart from its page and opens the cart. */
async function cartOf(page: Page, productId: string, quantity: number) {
  await page.goto(`/purchase/${productId}`);
  await page.getByLabel('Quantity', { exact: true }).fill(String(quantity));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const cartLink = page.getByRole('banner').getByTestId('cart-link');
  await expect(cartLink).toHaveAccessibleName('Cart, 1 line');
  await cartLink.click();
  await expect(page).toHaveURL('/cart');
  const checkout = page.getByRole('form', { name: 'Checkout' });
  await checkout.getByRole('textbox', { name: 'Phone Number' }).fill('+1 512 555 0142');
  await checkout.getByRole('textbox', { name: 'Address' }).fill('9600 Great Hills Trail, Austin');
  return checkout;
}

test('Net 30: the buyer checks out on account, the admin records the transfer, the account shows it; above the credit, the card', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const team = await companyTeam(browser, {
    product: {
      name: 'Account Rack Server',
      img: '/images/products/case.svg',
      description: 'A rack server bought on account in the pay-on-account journey.',
      price: 1000,
      available: 200,
    },
    company: { name: 'Northwind Net 30', taxId: 'DE123456788' },
    limit: 1_000_000,
    contractPrice: 900,
  });
  const { adminPage, owner, buyer, company, product } = team;

  // The admin gives the company Net 30 and a $50,000 limit on its page.
  await adminPage.goto(`/dashboard/companies/${company._id}`);
  const terms = adminPage.getByRole('form', { name: 'Payment terms' });
  await terms.getByLabel('Terms').selectOption('net30');
  await terms.getByRole('textbox', { name: 'Credit limit ($)' }).fill('50,000');
  await terms.getByRole('button', { name: 'Save terms' }).click();
  await expect(
    adminPage.getByRole('alert').filter({ hasText: 'Payment terms saved.' }),
  ).toBeVisible();
  const figures = adminPage.getByTestId('account-figures');
  await expect(figures).toContainText('Net 30');
  await expect(figures).toContainText('$50,000');

  // The buyer checks out 10 on account.
  const checkout = await cartOf(buyer.page, product._id, 10);
  const payment = checkout.getByTestId('payment-method');
  await payment.getByRole('radio', { name: /^On account \(Net 30\)/ }).check();
  await checkout.getByRole('button', { name: 'Place order' }).click();
  await expect(buyer.page).toHaveURL(/\/dashboard\/purchases\/[0-9a-f-]{36}$/);
  const purchaseId = buyer.page.url().split('/').pop()!;
  const placed: Purchase = expectStatus(
    await shopApi(buyer.page.request).call(
      api.purchases.get,
      { params: { id: purchaseId } },
      { token: buyer.token },
    ),
    200,
  );
  expect(placed).toMatchObject({ status: 'on_account', paymentTerms: 'net30', subtotal: 9000 });
  await expect(buyer.page.getByText('On account').first()).toBeVisible();

  // The invoice, with its terms, due date and what is due.
  const download = buyer.page.waitForEvent('download');
  await buyer.page
    .getByRole('button', { name: `Download invoice ${placed.invoiceNumber}` })
    .click();
  const flat = await pdfText((await (await download).path())!);
  expect(flat).toContain('Terms: Net 30');
  expect(flat).toContain('Due date:');
  expect(flat).toContain(`Amount due: ${usd(placed.total)}`);

  // The admin records the bank transfer that pays it.
  await adminPage.reload();
  const transfer = adminPage.getByRole('form', { name: 'Record a bank transfer' });
  await transfer.getByRole('textbox', { name: 'Amount ($)' }).fill(String(placed.total));
  await transfer.getByRole('textbox', { name: 'Reference' }).fill('SEPA NW-E2E-1');
  await transfer.getByRole('button', { name: 'Record transfer' }).click();
  await expect(
    adminPage
      .getByRole('alert')
      .filter({ hasText: `Transfer recorded: paid towards ${placed.invoiceNumber}.` }),
  ).toBeVisible();

  // The owner's account: the payment in the ledger, the invoice paid, nothing owed.
  await owner.page.goto('/dashboard/mycompany');
  const account = owner.page.getByTestId('account-panel');
  const entries = account.getByRole('table', { name: 'Account entries' });
  await expect(entries.getByRole('row').filter({ hasText: 'SEPA NW-E2E-1' })).toContainText(
    'Payment',
  );
  const invoice = account
    .getByRole('table', { name: 'Invoices on account' })
    .getByRole('row')
    .filter({ hasText: placed.invoiceNumber! });
  await expect(invoice).toContainText('Paid');
  await expect(account.getByTestId('account-figures')).toContainText('Balance$0');
  await expectAccessible(owner.page, '/dashboard/mycompany with its account');

  // The owner's statement of the last 90 days: the invoice, the transfer, nothing owed at its end.
  const statementDownload = owner.page.waitForEvent('download');
  await owner.page
    .getByRole('form', { name: 'Statement of account' })
    .getByRole('button', { name: 'Download statement (PDF)' })
    .click();
  const statement = await pdfText((await (await statementDownload).path())!);
  expect(statement).toContain(`Invoice ${placed.invoiceNumber}`);
  expect(statement).toContain(`Payment SEPA NW-E2E-1 ${usd(-placed.total)} ${usd(0)}`);
  expect(statement).toContain(`Closing balance ${usd(0)}`);

  // A second purchase on account, which the owner pays by card from My Company.
  const second = await cartOf(buyer.page, product._id, 2);
  await second
    .getByTestId('payment-method')
    .getByRole('radio', { name: /^On account/ })
    .check();
  await second.getByRole('button', { name: 'Place order' }).click();
  await expect(buyer.page).toHaveURL(/\/dashboard\/purchases\/[0-9a-f-]{36}$/);
  const secondPurchase: Purchase = expectStatus(
    await shopApi(buyer.page.request).call(
      api.purchases.get,
      { params: { id: buyer.page.url().split('/').pop()! } },
      { token: buyer.token },
    ),
    200,
  );
  const secondInvoice = secondPurchase.invoiceNumber!;
  await owner.page.reload();
  const invoicesTable = account.getByRole('table', { name: 'Invoices on account' });
  await invoicesTable.getByRole('checkbox', { name: `Pay invoice ${secondInvoice}` }).check();
  await account
    .getByTestId('pay-chosen')
    .getByRole('link', { name: `Pay ${usd(secondPurchase.total)} by card` })
    .click();
  await expect(owner.page).toHaveURL(/\/dashboard\/payment\/invoices\?/);
  await expect(owner.page.getByTestId('invoices-summary')).toContainText(secondInvoice);
  await payByCard(owner.page);
  // The toast closes after a moment, so it is looked for while the page changes.
  await Promise.all([
    expect(
      owner.page.getByRole('alert').filter({ hasText: `Payment received for ${secondInvoice}.` }),
    ).toBeVisible(),
    expect(owner.page).toHaveURL('/dashboard/mycompany'),
  ]);
  await expect(invoicesTable.getByRole('row').filter({ hasText: secondInvoice })).toContainText(
    'Paid',
  );
  await expect(account.getByTestId('account-figures')).toContainText('Balance$0');

  // The limit lowered to $1,000: a purchase above it is refused with the credit left, then paid
  // by card instead.
  expectStatus(
    await shopApi(adminPage.request).call(
      api.companies.putTerms,
      {
        params: { id: company._id },
        body: { paymentTerms: 'net30', creditLimit: 1000, onHold: false },
      },
      { token: team.adminToken },
    ),
    200,
  );
  const again = await cartOf(buyer.page, product._id, 5);
  await again
    .getByTestId('payment-method')
    .getByRole('radio', { name: /^On account/ })
    .check();
  await again.getByRole('button', { name: 'Place order' }).click();
  const refused = buyer.page.getByTestId('credit-refused');
  await expect(refused).toContainText("above your company's available credit of $1,000");
  await refused.getByRole('button', { name: 'Pay by card instead' }).click();
  await expect(again.getByRole('radio', { name: /^Card/ })).toBeChecked();
  await again.getByRole('button', { name: 'Place order' }).click();
  await expect(buyer.page).toHaveURL(/\/dashboard\/purchases\/[0-9a-f-]{36}$/);
  await expect(buyer.page.getByText('Waiting for payment').first()).toBeVisible();

  await closeAll([adminPage, owner.page, buyer.page, team.approver.page]);
});
