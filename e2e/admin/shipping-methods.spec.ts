import { expect, test } from '@playwright/test';
import { api, expectStatus } from '@shop/shared';
import { shopApi } from '../support/api';
import { expectAccessible } from '../support/axe';
import { demoAdmin, signInViaApi } from '../support/users';

/**
 * Issue 29 item 2: the admin adds a shipping method on the Shipping Methods page, and a visitor
 * asking for the methods to that country and weight gets it, priced, cheapest first; once the
 * admin deactivates it, it is no longer offered.
 */
test('a method the admin adds is offered to visitors with its price, until it is deactivated', async ({
  page,
  request,
}) => {
  // Its own name: other journeys share the shop.
  const name = `Island Courier ${Date.now().toString(36)}`;
  const offered = async () => {
    const answer = await shopApi(request).call(api.shipping.options, {
      query: { country: 'IS', weight: '1.5' },
    });
    return expectStatus(answer, 200);
  };

  await signInViaApi(page, demoAdmin);
  await page.goto('/dashboard/shipping');
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping Methods' })).toBeVisible();
  // The demo's freight methods are listed.
  const table = page.getByRole('table', { name: 'Shipping methods' });
  await expect(table).toContainText('Sea Freight (LCL)');

  await page.getByRole('button', { name: 'Add a shipping method' }).click();
  const form = page.getByRole('form', { name: 'Add a shipping method' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Carrier' }).fill('Pósturinn');
  await form.getByRole('textbox', { name: 'Countries (ISO codes)' }).fill('is, fo');
  await form.getByRole('spinbutton', { name: 'Fewest days in transit' }).fill('2');
  await form.getByRole('spinbutton', { name: 'Most days in transit' }).fill('4');
  await form.getByRole('radio', { name: 'By weight' }).check();
  await form.getByRole('button', { name: 'Add weight band' }).click();
  await form.getByRole('spinbutton', { name: 'Band 1: up to kg' }).fill('2');
  await form.getByRole('spinbutton', { name: 'Band 1: price (dollars)' }).fill('4.95');
  await form.getByRole('button', { name: 'Add weight band' }).click();
  await form.getByRole('spinbutton', { name: 'Band 2: up to kg' }).fill('20');
  await form.getByRole('spinbutton', { name: 'Band 2: price (dollars)' }).fill('14.50');
  await expectAccessible(page, 'the shipping method form', { targetSize: true });
  await form.getByRole('button', { name: 'Add method' }).click();
  await expect(form).toBeHidden();

  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('IS, FO');
  await expect(row).toContainText('Up to 2 kg $4.95, up to 20 kg $14.50');
  await expect(row).toContainText('2-4 business days');
  await expectAccessible(page, 'the Shipping Methods page', { targetSize: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page, 'the Shipping Methods page on a phone', { targetSize: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A visitor (no token) asking for Iceland at 1.5 kg gets it first, at its first band's price.
  const options = await offered();
  expect(options[0]).toEqual({
    _id: expect.any(String),
    name,
    carrier: 'Pósturinn',
    price: 4.95,
    days: { min: 2, max: 4 },
  });

  await row.getByRole('button', { name: `Deactivate ${name}` }).click();
  await expect(row).toContainText('Not offered');
  await expect.poll(async () => (await offered()).map((option) => option.name)).not.toContain(name);
});
