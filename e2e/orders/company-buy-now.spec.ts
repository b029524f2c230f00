import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { closeAll, companyTeam } from '../support/company';
import { checkout } from '../support/shop-api';
import { payByCard } from '../support/payments';

/**
 * Issue 27, one way to buy, on its oldest button: a company buyer already past the month's limit
 * presses Buy Now on a product page. The page shows the contract price, the total that will be
 * charged and that the purchase will wait for approval; the approver approves it; the buyer pays
 * the contract price. Before, Buy Now skipped the limit and charged the list price.
 */

const LIST_PRICE = 139;
const CONTRACT_PRICE = 129;
const LIMIT = 15_000;
/** Spent this month through the cart: 110 × $129 = $14,190 of the $15,000. */
const SPENT_QUANTITY = 110;
const QUANTITY = 50;
const TOTAL = QUANTITY * CONTRACT_PRICE;

const usd = (value: number) => `$${value.toLocaleString('en-US')}`;
const contact = { number: '+49 30 1234567', address: 'Friedrichstrasse 12, 10117 Berlin' };

test('a company buyer over the limit presses Buy Now: contract price, approval notice, approved, paid at the contract price', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { adminPage, owner, buyer, approver, product } = await companyTeam(browser, {
    product: {
      name: 'Ryzen Workstation CPU',
      img: '/images/products/cpu.svg',
      description: 'A part for the Buy Now approval journey.',
      price: LIST_PRICE,
      available: 1000,
    },
    company: { name: 'Northwind Systems', taxId: 'DE123456788' },
    limit: LIMIT,
    contractPrice: CONTRACT_PRICE,
  });
  // Earlier this month, through the cart: $14,190 of the limit spent; $6,450 more passes it.
  await checkout(
    buyer.page.request,
    buyer.token,
    [{ productId: product._id, quantity: SPENT_QUANTITY }],
    contact,
  );

  // The buyer opens the product's Buy Now page: the price and total the server will charge.
  const page = buyer.page;
  await page.goto(`/purchase/${product._id}`);
  await page.getByLabel('Quantity', { exact: true }).fill(String(QUANTITY));
  await expect(page.getByTestId('your-price')).toContainText(`Your price ${usd(CONTRACT_PRICE)}`);
  await expect(page.getByTestId('order-total')).toHaveText(`Subtotal: ${usd(TOTAL)}`);
  await expect(page.getByTestId('approval-notice')).toContainText(
    `This purchase needs approval by your company: it takes your spending this month to ${usd(SPENT_QUANTITY * CONTRACT_PRICE + TOTAL)}, above your limit of ${usd(LIMIT)}.`,
  );
  await expectAccessible(page, '/purchase/{id} with the approval notice');
  await page.getByRole('textbox', { name: 'Phone Number' }).fill(contact.number);
  await page.getByRole('textbox', { name: 'Address' }).fill(contact.address);
  // The button says what it does (issue 28).
  await page.getByRole('button', { name: 'Submit for approval' }).click();

  // Placed as a purchase waiting for the company's approval, at the contract price.
  await expect(page).toHaveURL(/\/dashboard\/purchases\/[0-9a-f-]{36}/);
  const heading = page.getByRole('heading', { level: 1, name: /^Purchase PW-\d{6}$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace('Purchase ', '');
  const purchaseUrl = page.url().replace(/\?.*$/, '');
  await expect(page.getByTestId('awaiting-approval')).toBeVisible();
  await expect(page.getByTestId('awaiting-line')).toContainText(
    `${usd(CONTRACT_PRICE)} × ${QUANTITY} pieces`,
  );
  await expect(page.getByRole('link', { name: /^Pay/ })).toHaveCount(0);

  // The approver approves it on Approvals.
  await approver.page.goto('/dashboard/approvals');
  const approval = approver.page.getByTestId('approval-row').filter({ hasText: number });
  await expect(approval).toContainText(usd(TOTAL));
  await approval.getByRole('button', { name: 'Approve' }).click();
  await expect(
    approver.page.getByRole('alert').filter({ hasText: `Purchase ${number} approved.` }),
  ).toBeVisible();

  // The buyer pays it, at the contract price.
  await page.goto(purchaseUrl);
  const line = page.getByTestId('purchase-line');
  await expect(line).toContainText(`${usd(CONTRACT_PRICE)} × ${QUANTITY} pieces`);
  await line.getByRole('link', { name: 'Pay this line' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('order-summary')).toContainText(`Pay ${usd(TOTAL)}`);
  await payByCard(page);
  await expect(page.getByText('Payment Successfully Completed!')).toBeVisible();

  await page.goto(purchaseUrl);
  await expect(page.getByTestId('purchase-line')).toContainText('Paid');
  await expect(page.getByTestId('charge-subtotal')).toHaveText(usd(TOTAL));

  await closeAll([adminPage, owner.page, buyer.page, approver.page]);
});
