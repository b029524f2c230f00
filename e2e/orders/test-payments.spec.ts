import { expect, test } from '@playwright/test';
import { api } from '@shop/shared';
import { demoProduct, isCallOf } from '../support/api';
import { placeOrder } from '../support/shop-api';
import { demoAdmin, signInViaApi, signUpViaApi } from '../support/users';
import { fillCard } from '../support/payments';

/**
 * DESIGN section 8, "honest test payments": the sandbox gateway takes only Stripe's published
 * test cards, and an order paid with one is marked as a test payment for the admin.
 */

test('a made-up card number is declined as in Stripe test mode; 4242 pays, and the admin sees a test payment', async ({
  browser,
}) => {
  const customer = await browser.newPage();
  const user = await signUpViaApi(customer);
  const { token } = user;
  const order = await placeOrder(
    customer.request,
    token,
    await demoProduct(customer.request, 'Graphics Card'),
  );

  await customer.goto(`/dashboard/payment/${order._id}`);
  const pay = customer.getByRole('button', { name: /^Pay/ });
  const error = customer.getByTestId('card-error');
  // Both pass the Luhn check, so only the test-card rule can refuse them.
  for (const number of ['0000 0000 0000 0000', '5454 5454 5454 5454']) {
    await fillCard(customer, number);
    await expect(pay).toBeEnabled();
    // Each attempt reaches the gateway (the message of the first would still be on the page).
    const [confirm] = await Promise.all([
      customer.waitForResponse((r) => isCallOf(api.payments.sandboxConfirm)(r.url())),
      pay.click(),
    ]);
    expect(confirm.status()).toBe(402);
    await expect(error).toHaveText(
      'Your card was declined. Your request was in test mode, but used a non test card.',
    );
    // In red, and above the Pay button.
    expect(await error.evaluate((el) => getComputedStyle(el).color)).toMatch(
      /rgb\((1\d\d|2\d\d), \d{1,2}, \d{1,2}\)/,
    );
    expect((await error.boundingBox())!.y).toBeLessThan((await pay.boundingBox())!.y);
    await expect(customer.getByText('Payment Successfully Completed!')).toHaveCount(0);
  }

  await customer.goto('/dashboard/myorders');
  const row = customer.getByRole('row').filter({ hasText: order.productName });
  await expect(row).toContainText('Unpaid');
  await expect(row).not.toContainText('Test payment');

  // The same order, now with Stripe's test Visa: the declined attempts left it payable.
  await row.getByRole('link', { name: 'Pay' }).click();
  await expect(customer).toHaveURL(`/dashboard/payment/${order._id}`);
  await fillCard(customer, '4242 4242 4242 4242');
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(customer.getByText('Payment Successfully Completed!')).toBeVisible();
  await customer.close();

  const admin = await browser.newPage();
  await signInViaApi(admin, demoAdmin);
  // The customer's orders, however many others' came since (the list is paged).
  await admin.goto(`/dashboard/manageallorders?q=${encodeURIComponent(user.email)}`);
  const paidRow = admin.getByRole('row').filter({ hasText: user.email });
  await expect(paidRow).toHaveCount(1);
  await expect(paidRow).toContainText('Pending');
  await expect(paidRow).toContainText(/test payment/i);
  await admin.close();
});
