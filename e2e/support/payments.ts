import { expect, type Page } from '@playwright/test';

/** Stripe's test card that pays (the sandbox gateway takes Stripe's test cards only). */
export const TEST_CARD = '4242 4242 4242 4242';

/** Fills the payment page's card form: `number`, an expiry two years ahead, a CVC. */
export async function fillCard(page: Page, number: string = TEST_CARD) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel(/expir/i).fill(`12/${String(new Date().getFullYear() + 2).slice(2)}`);
  await page.getByLabel('CVC').fill('123');
}

/** Pays on the payment page with `number`: fills the card, then presses Pay once it may. */
export async function payByCard(page: Page, number: string = TEST_CARD) {
  await fillCard(page, number);
  const pay = page.getByRole('button', { name: /^Pay/ });
  await expect(pay).toBeEnabled();
  await pay.click();
}
