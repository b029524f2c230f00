import { expect, test } from '@playwright/test';
import { api, expectStatus, type Company } from '@shop/shared';
import { expectAccessible } from '../support/axe';
import { addProduct, adminSession, verifiedPerson } from '../support/company';
import { newUser } from '../support/users';

/**
 * Issue 29, item 1: a company's owner saves a ship-to location on My Company with the
 * structured address form, a buyer of the company checks out to it (the first location is
 * chosen for them), and the purchase page shows where it ships, a line each.
 */

test('the owner adds a location, a buyer checks out to it, the purchase page shows it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const admin = await adminSession(browser);
  const { client } = admin;
  const product = await addProduct(
    admin,
    {
      name: 'Ship-to Switch',
      img: '/images/products/cpu.svg',
      description: 'A part for the ship-to location journey.',
      price: 25,
      minimum: 1,
      available: 100,
    },
    tag,
  );

  const owner = await verifiedPerson(browser, { ...newUser(), name: 'Olive Owner' });
  const buyer = await verifiedPerson(browser, { ...newUser(), name: 'Bea Buyer' });
  const company: Company = expectStatus(
    await client.call(
      api.companies.create,
      { body: { name: `Lone Star Racks ${tag}` } },
      { token: owner.token },
    ),
    201,
  );
  expectStatus(
    await client.call(
      api.companies.putMember,
      { params: { id: company._id, email: buyer.user.email }, body: { role: 'buyer' } },
      { token: owner.token },
    ),
    200,
  );
  expectStatus(
    await client.call(
      api.companies.acceptInvitation,
      { params: { companyId: company._id } },
      { token: buyer.token },
    ),
    200,
  );

  // The owner adds the Austin plant on My Company.
  const ownerPage = owner.page;
  await ownerPage.goto('/dashboard/mycompany');
  const panel = ownerPage.getByRole('region', { name: 'Ship-to locations' });
  await panel.getByRole('button', { name: 'Add location' }).click();
  const form = panel.getByRole('form', { name: 'Add a location' });
  await form.getByRole('textbox', { name: 'Location name' }).fill('Austin plant');
  await form.getByRole('textbox', { name: 'Recipient name' }).fill('Receiving');
  await form.getByRole('textbox', { name: 'Street address' }).fill('9600 Great Hills Trail');
  await form.getByRole('textbox', { name: 'Address line 2 (optional)' }).fill('Building C');
  await form.getByRole('textbox', { name: 'City' }).fill('Austin');
  await form.getByRole('combobox', { name: 'State' }).selectOption('TX');
  await form.getByRole('textbox', { name: 'ZIP code' }).fill('7875');
  await form.getByRole('button', { name: 'Add location' }).click();
  // Four digits is no ZIP code: the form says so under the field and sends nothing.
  await expect(form.getByRole('textbox', { name: 'ZIP code' })).toHaveAccessibleDescription(
    /ZIP code of 5 digits/,
  );
  await expectAccessible(ownerPage, 'My Company with the location form', { targetSize: true });
  await form.getByRole('textbox', { name: 'ZIP code' }).fill('78759');
  await form.getByRole('button', { name: 'Add location' }).click();
  const location = panel.getByTestId('location');
  await expect(location).toContainText('Austin plant');
  await expect(location).toContainText(
    'Receiving, 9600 Great Hills Trail, Building C, Austin, TX 78759, United States',
  );

  // The buyer checks out: the company's location is offered and chosen.
  const page = buyer.page;
  await page.goto(`/purchase/${product._id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto('/cart');
  const checkout = page.getByRole('form', { name: 'Checkout' });
  const shipTo = checkout.getByRole('group', { name: 'Ship to' });
  await expect(shipTo.getByRole('radio', { name: /Austin plant/ })).toBeChecked();
  await expect(checkout.getByRole('textbox', { name: 'Address' })).toHaveCount(0);
  await checkout.getByRole('textbox', { name: 'Phone Number' }).fill('+1 512 555 0199');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page, '/cart with ship-to locations, on a phone', { targetSize: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await checkout.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/dashboard\/purchases\//);
  const shipToFact = page.locator('dl div').filter({ hasText: 'Ship to' }).locator('dd');
  await expect(shipToFact).toHaveText(
    ['Receiving', '9600 Great Hills Trail', 'Building C', 'Austin, TX 78759', 'United States'].join(
      '\n',
    ),
  );
});
