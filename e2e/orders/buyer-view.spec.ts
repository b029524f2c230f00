import { expect, test, type Browser } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { closeAll, companyTeam, personalPage } from '../support/company';
import { latestEmailTo } from '../support/mail';

/**
 * Issue 28, the buyer's view: a company member sees the contract price on the product page
 * (drawn by the server from the session cookie) before adding anything to the cart; a purchase
 * above the buyer's limit says it needs approval before it is placed; the approver reads the
 * buyer's limit, spend and PO on the purchase page and rejects it with a reason, which the buyer
 * finds in My Orders (filtered to Not approved) and in the email.
 */

const LIST_PRICE = 100;
const CONTRACT_PRICE = 80;
const LIMIT = 500;
/** 10 × $80 = $800: above the buyer's $500 a month. */
const QUANTITY = 10;
const TOTAL = QUANTITY * CONTRACT_PRICE;
/** The demo's UPS Ground for a parcel up to 2 kg, below its free-shipping threshold. */
const GROUND = 11.5;
const REASON = 'Over the Q3 budget: please order 5 now and 5 in October.';

const usd = (value: number) => `$${value.toLocaleString('en-US')}`;
const contact = { number: '+44 20 7946 0958', address: 'Unit 4, Harbour Road, Leeds' };

/** A product, a company of an owner, a buyer with a limit and an approver, and a contract price. */
const companyWithContractPrice = (browser: Browser) =>
  companyTeam(browser, {
    product: {
      name: 'Buyer View Switch',
      img: '/images/products/case.svg',
      description: 'A part for the buyer view journeys.',
      price: LIST_PRICE,
      available: 500,
    },
    company: { name: 'Contoso Parts' },
    limit: LIMIT,
    contractPrice: CONTRACT_PRICE,
  });

test('a member sees the contract price on the product page before adding to cart; a visitor sees the list price', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { adminPage, owner, buyer, approver, product } = await companyWithContractPrice(browser);
  const url = `/products/${product._id}`;

  // The server draws the member's price into the page itself (their session cookie).
  const html = await (await buyer.page.request.get(url)).text();
  expect(html).toContain(`Your price: <strong>${usd(CONTRACT_PRICE)}</strong>`);

  const page = buyer.page;
  await page.goto(url);
  const facts = page.getByTestId('product-facts');
  await expect(facts.getByTestId('buyer-price')).toContainText(
    `Your price: ${usd(CONTRACT_PRICE)} per piece`,
  );
  await expect(facts.locator('s')).toHaveText(`list price ${usd(LIST_PRICE)}`);
  await expectAccessible(page, '/products/{id} with a contract price');
  await page.getByRole('button', { name: 'Add to cart' }).first().click();
  await page.goto('/cart');
  const cartLine = page.getByTestId('cart-line').filter({ hasText: product.name });
  await expect(cartLine.getByTestId('unit-price')).toContainText(
    `Your price ${usd(CONTRACT_PRICE)}`,
  );

  // Someone signed out shares the public page: the list price, nothing struck through.
  const visitor = await personalPage(browser);
  await visitor.goto(url);
  await expect(visitor.getByTestId('product-facts')).toContainText(
    `List price: ${usd(LIST_PRICE)} per piece`,
  );
  await expect(visitor.getByTestId('buyer-price')).toHaveCount(0);

  await closeAll([adminPage, owner.page, buyer.page, approver.page, visitor]);
});

test('the approver rejects with a reason on the purchase page, and the buyer sees it in My Orders', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { adminPage, owner, buyer, approver, product } = await companyWithContractPrice(browser);

  // Buy Now above the limit: the page and its button say it needs approval.
  const page = buyer.page;
  await page.goto(`/purchase/${product._id}`);
  await page.getByLabel('Quantity', { exact: true }).fill(String(QUANTITY));
  await expect(page.getByTestId('order-total')).toHaveText(`Subtotal: ${usd(TOTAL)}`);
  await expect(page.getByTestId('approval-notice')).toContainText(
    'This purchase needs approval by your company',
  );
  await page.getByRole('textbox', { name: 'Phone Number' }).fill(contact.number);
  await page.getByRole('textbox', { name: 'Address' }).fill(contact.address);
  await page.getByRole('button', { name: 'Submit for approval' }).click();
  await expect(page).toHaveURL(/\/dashboard\/purchases\/[0-9a-f-]{36}/);
  const heading = page.getByRole('heading', { level: 1, name: /^Purchase PW-\d{6}$/ });
  const number = (await heading.textContent())!.replace('Purchase ', '');
  const purchasePath = new URL(page.url()).pathname;
  const submitted = await latestEmailTo(buyer.user.email, /needs approval by your company/);
  expect(submitted.text).toContain(number);

  // The approver opens the purchase: the buyer, the limit, the month so far, the lines.
  await approver.page.goto(purchasePath);
  const decision = approver.page.getByTestId('approval-decision');
  const context = decision.getByTestId('approval-context');
  await expect(context).toContainText(buyer.user.email);
  await expect(context).toContainText(`Monthly limit${usd(LIMIT)}`);
  await expect(context).toContainText(`Spent this month${usd(0)}`);
  // The purchase as charged (issue 29): the goods and the demo's UPS Ground for a parcel.
  await expect(context).toContainText(`This purchase${usd(TOTAL + GROUND)}`);
  await expect(approver.page.getByTestId('awaiting-line')).toContainText(
    `${usd(CONTRACT_PRICE)} × ${QUANTITY} pieces`,
  );
  await expectAccessible(approver.page, '/dashboard/purchases/{id} for its approver');
  await decision.getByRole('button', { name: 'Reject' }).click();
  const dialog = approver.page.getByRole('dialog', { name: 'Reject this purchase?' });
  await dialog.getByRole('textbox', { name: 'Reason (optional, shown to the buyer)' }).fill(REASON);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(
    approver.page.getByRole('alert').filter({ hasText: `Purchase ${number} rejected.` }),
  ).toBeVisible();
  await expect(approver.page.getByTestId('rejected')).toContainText(REASON);

  // The buyer finds it in My Orders, kept with its status and the reason, by the filter too.
  await page.goto('/dashboard/myorders');
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Not approved' });
  const group = page.getByTestId('purchase-group').filter({ hasText: number });
  await expect(group.getByTestId('purchase-status')).toHaveText('Not approved');
  await expect(group.getByTestId('rejection-reason')).toHaveText(REASON);
  await page.getByRole('searchbox', { name: 'Search your orders' }).fill(number);
  await expect(page.getByTestId('purchase-group')).toHaveCount(1);
  await expectAccessible(page, '/dashboard/myorders filtered to Not approved');
  const told = await latestEmailTo(buyer.user.email, /was not approved/);
  expect(told.text).toContain(`Reason: ${REASON}`);

  await closeAll([adminPage, owner.page, buyer.page, approver.page]);
});
