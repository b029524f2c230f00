import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { api, expectStatus } from '@shop/shared';
import { demoProduct, shopApi } from '../support/api';
import { getProduct, payOrder, placeOrder } from '../support/shop-api';
import { demoAdmin, signInViaApi, signUpViaApi } from '../support/users';
import { fillCard } from '../support/payments';

test.describe('buying in bulk and paying by card', () => {
  test('a customer buys from the home page, finds the order under My Orders, pays with 4242 and sees it paid', async ({
    page,
    browser,
  }) => {
    // The home page shows the newest products, and other journeys add theirs meanwhile: a
    // product of this test's own, added just before the visit, is among them.
    const adminPage = await browser.newPage();
    const created = await shopApi(adminPage.request).call(
      api.catalog.create,
      {
        body: {
          name: `Bulk Server Processor ${randomBytes(4).toString('hex').toUpperCase()}`,
          img: '/images/products/cpu.svg',
          description: 'A 32-core server processor, sold by the tray.',
          price: 1_450,
          minimum: 10,
          available: 400,
        },
      },
      { token: await signInViaApi(adminPage, demoAdmin) },
    );
    const { product } = expectStatus(created, 201);
    await adminPage.close();
    const user = await signUpViaApi(page);

    await page.goto('/');
    const card = page
      .getByTestId('product-card')
      .filter({ has: page.getByRole('heading', { name: product.name }) });
    await card.getByRole('link', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(`/purchase/${product._id}`);

    // The URL changes before the lazy purchase page has replaced the home page, and the home
    // page has the product's heading too: wait for the purchase page's own title.
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Purchase' })).toBeVisible();
    await expect(main.getByRole('heading', { name: product.name })).toBeVisible();
    await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue(String(product.minimum));
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('PAT BUYER');
    await expect(page.getByLabel('Name', { exact: true })).not.toBeEditable();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);
    await expect(page.getByLabel('Email', { exact: true })).not.toBeEditable();

    const quantity = product.minimum + 5;
    await page.getByLabel('Quantity', { exact: true }).fill(String(quantity));
    await page.getByLabel('Phone Number').fill('(555) 123-4567');
    await page.getByLabel('Address').fill('Unit 4, 77 Harbor Street, Leeds');
    await page.getByRole('button', { name: 'Purchase' }).click();
    // The new order's purchase page, with SPEC's success toast: no form left to submit twice.
    await Promise.all([
      expect(
        page.getByRole('alert').filter({ hasText: 'Order Place Successfully!' }),
      ).toBeVisible(),
      expect(page).toHaveURL(/\/dashboard\/purchases\/[^/?]+$/),
    ]);
    await expect(page.getByRole('heading', { level: 1, name: /^Purchase PW-\d+$/ })).toBeVisible();
    await expect(page.getByTestId('purchase-line')).toContainText(product.name);
    await expect(page.getByTestId('order-placed')).toContainText('Order placed');
    await expect(page.getByRole('button', { name: 'Purchase' })).toHaveCount(0);
    await expect
      .poll(async () => (await getProduct(page.request, product._id)).available)
      .toBeLessThanOrEqual(product.available - quantity);

    await page.goto('/dashboard/myorders');
    const row = page.getByRole('row').filter({ hasText: product.name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(quantity.toLocaleString('en-US'));
    await expect(row).toContainText(`$${(quantity * product.price).toLocaleString('en-US')}`);
    await expect(row).toContainText('Unpaid');

    await row.getByRole('link', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\//);
    await expect(page.getByText('TEST MODE')).toBeVisible();
    const pay = page.getByRole('button', { name: /^Pay/ });
    await expect(pay).toBeEnabled();
    await fillCard(page, '4242 4242 4242 4242');
    await pay.click();
    // The success toast closes after SUCCESS_TOAST_MS (1.5 s): look for it while waiting for the
    // page's message, not after.
    await Promise.all([
      expect(page.getByRole('alert').filter({ hasText: 'Payment Completed!' })).toBeVisible(),
      expect(page.getByText('Payment Successfully Completed!')).toBeVisible(),
    ]);
    await expect(page.getByRole('main')).toContainText(/pi_[A-Za-z0-9]+/);

    await page.goto('/dashboard/myorders');
    const paidRow = page.getByRole('row').filter({ hasText: product.name });
    await expect(paidRow).toContainText('Paid');
    await expect(paidRow).toContainText(/pi_[A-Za-z0-9]+/);
    await expect(paidRow.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(paidRow.getByRole('link', { name: 'Pay' })).toHaveCount(0);
  });

  test('a declined card shows the message above Pay and leaves the order unpaid', async ({
    page,
  }) => {
    const { token } = await signUpViaApi(page);
    const order = await placeOrder(
      page.request,
      token,
      await demoProduct(page.request, 'Graphics Card'),
    );

    await page.goto(`/dashboard/payment/${order._id}`);
    await fillCard(page, '4000 0000 0000 0002');
    const pay = page.getByRole('button', { name: /^Pay/ });
    await pay.click();
    const error = page.getByTestId('card-error');
    await expect(error).toHaveText('Your card was declined.');
    // In red, and above the Pay button.
    expect(await error.evaluate((el) => getComputedStyle(el).color)).toMatch(
      /rgb\((1\d\d|2\d\d), \d{1,2}, \d{1,2}\)/,
    );
    expect((await error.boundingBox())!.y).toBeLessThan((await pay.boundingBox())!.y);
    await expect(page.getByText('Payment Successfully Completed!')).toHaveCount(0);

    await page.goto('/dashboard/myorders');
    await expect(page.getByRole('row').filter({ hasText: order.productName })).toContainText(
      'Unpaid',
    );
  });

  test('the admin sees a paid order as Pending, ships it, and sees Shipping disabled', async ({
    browser,
  }) => {
    const customerPage = await browser.newPage();
    const user = await signUpViaApi(customerPage);
    const { token } = user;
    const order = await placeOrder(
      customerPage.request,
      token,
      await demoProduct(customerPage.request, 'Memory Kit'),
    );
    await payOrder(customerPage.request, token, order);
    const unpaid = await placeOrder(
      customerPage.request,
      token,
      await demoProduct(customerPage.request, 'Memory Kit'),
    );
    await customerPage.close();

    const page = await browser.newPage();
    await signInViaApi(page, demoAdmin);
    // The customer's orders, however many others' came since (the list is paged).
    await page.goto(`/dashboard/manageallorders?q=${encodeURIComponent(user.email)}`);
    const rows = page.getByRole('row').filter({ hasText: user.email });
    await expect(rows).toHaveCount(2);
    const paidRow = rows.filter({ hasText: 'Pending' });
    await expect(paidRow).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Unpaid' })).toHaveCount(1);

    // Ship asks for the carrier and tracking number, and ships once confirmed.
    await paidRow.getByRole('button', { name: 'Ship' }).click();
    const shipDialog = page.getByRole('dialog', { name: 'Ship this order?' });
    await shipDialog.getByRole('textbox', { name: 'Carrier' }).fill('UPS');
    await shipDialog.getByRole('textbox', { name: 'Tracking number' }).fill('1Z999AA10123456784');
    await shipDialog.getByRole('button', { name: 'Confirm shipping' }).click();
    const shipped = rows.filter({ has: page.getByRole('button', { name: 'Shipping' }) });
    await expect(shipped).toHaveCount(1);
    await expect(shipped.getByRole('button', { name: 'Shipping' })).toBeDisabled();
    await expect(shipped).toContainText('Shipped: UPS, tracking 1Z999AA10123456784');

    // The unpaid one can be deleted after a confirmation; the stock comes back.
    const before = (await getProduct(page.request, unpaid.productId!)).available;
    await rows.filter({ hasText: 'Unpaid' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toContainText(
      'Are You Sure, You Want To Cancel The Order!',
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(rows).toHaveCount(1);
    await expect
      .poll(async () => (await getProduct(page.request, unpaid.productId!)).available)
      .toBe(before + unpaid.quantity);
    await page.close();
  });

  test('a customer cancels an unpaid order through the confirm dialog and the stock goes back up', async ({
    page,
  }) => {
    const { token } = await signUpViaApi(page);
    const product = await demoProduct(page.request, 'NVMe');
    const order = await placeOrder(page.request, token, product, product.minimum * 2);

    await page.goto(`/purchase/${product._id}`);
    const availableText = page
      .getByRole('main')
      .getByText(/available/i)
      .first();
    const afterOrder = (await getProduct(page.request, product._id)).available;
    await expect(availableText).toContainText(afterOrder.toLocaleString('en-US'));

    await page.goto('/dashboard/myorders');
    const row = page.getByRole('row').filter({ hasText: product.name });
    await row.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are You Sure, You Want To Cancel The Order!');
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('row').filter({ hasText: product.name })).toHaveCount(0);

    await page.goto(`/purchase/${product._id}`);
    await expect(
      page
        .getByRole('main')
        .getByText(/available/i)
        .first(),
    ).toContainText((afterOrder + order.quantity).toLocaleString('en-US'));
  });

  test('the purchase form refuses a quantity out of range with the SPEC toasts, and bad contact details', async ({
    page,
  }) => {
    await signUpViaApi(page);
    const product = await demoProduct(page.request, 'Power Supply');
    await page.goto(`/purchase/${product._id}`);
    const purchase = page.getByRole('button', { name: 'Purchase' });
    await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue(String(product.minimum));

    await page.getByLabel('Quantity', { exact: true }).fill(String(product.available + 1));
    await expect(
      page.getByRole('alert').filter({ hasText: 'Unavailable Quantity.' }),
    ).toBeVisible();
    await expect(purchase).toBeDisabled();

    await page.getByLabel('Quantity', { exact: true }).fill(String(product.minimum - 1));
    await expect(
      page.getByRole('alert').filter({ hasText: `Minimum ${product.minimum} Pieces Needed.` }),
    ).toBeVisible();
    await expect(purchase).toBeDisabled();

    await page.getByLabel('Quantity', { exact: true }).fill(String(product.minimum));
    await expect(purchase).toBeEnabled();
    await page.getByLabel('Phone Number').fill('12345');
    await page.getByLabel('Address').fill('#');
    await purchase.click();
    await expect(page.getByText('Please give a valid phone number.')).toBeVisible();
    await expect(page.getByText('Please give a valid address.')).toBeVisible();
  });
});
