import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { api, expectStatus } from '@shop/shared';
import { getReviews, shopApi } from '../support/api';
import { expectNewestReviewCard } from '../support/reviews';
import { demoAdmin, signInViaApi, signUpViaApi } from '../support/users';

/** Markup that would run script if a page put it into the DOM as HTML. */
const markup = (tag: string) =>
  `<img src=x onerror="window.__pwned='${tag}'"><script>window.__pwned='${tag}'</script><b>bold</b>`;

test('names, reviews and product fields containing markup render as text', async ({ browser }) => {
  const tag = randomBytes(3).toString('hex');
  const customer = await browser.newPage();
  const user = await signUpViaApi(customer);
  const { token } = user;
  const older = await getReviews(customer.request);
  const review = await shopApi(customer.request).call(
    api.reviews.create,
    { body: { rating: 5, discription: `Great parts ${markup(tag)}` } },
    { token },
  );
  expectStatus(review, 201);
  await customer.close();

  const page = await browser.newPage();
  const adminToken = await signInViaApi(page, demoAdmin);
  const name = `Cable ${tag} <b>bold</b><img src=x onerror="window.__pwned='${tag}'">`;
  const admin = shopApi(page.request);
  const created = await admin.call(
    api.catalog.create,
    {
      body: {
        name,
        img: '/images/products/case.svg',
        description: `Shielded cable ${markup(tag)}`,
        price: 3,
        minimum: 100,
        available: 5000,
      },
    },
    { token: adminToken },
  );
  const { insertedId } = expectStatus(created, 201);

  try {
    await page.goto('/');
    const card = page.getByTestId('product-card').filter({ hasText: `Cable ${tag}` });
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(name);
    await expect(card).toContainText('<script>');
    await page.getByRole('region', { name: 'Customer Reviews' }).scrollIntoViewIfNeeded();
    // This review, shown first (before every earlier one) and with its markup as text.
    const own = await expectNewestReviewCard(page, `window.__pwned='${tag}'`, older);
    await expect(own).toContainText(`Great parts <img src=x onerror="window.__pwned='${tag}'">`);
    await expect(page.locator('b', { hasText: 'bold' })).toHaveCount(0);

    await page.goto(`/purchase/${insertedId}`);
    await expect(page.getByRole('main')).toContainText('<b>bold</b>');
    await page.goto('/dashboard/manageproducts');
    await expect(page.getByRole('main')).toContainText(`Cable ${tag} <b>bold</b>`);

    // Nothing ran, on any of these pages.
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned),
    ).toBeUndefined();
  } finally {
    await admin.call(api.catalog.remove, { params: { id: insertedId } }, { token: adminToken });
    await page.close();
  }
});

test("the Content-Security-Policy refuses inline script but the documents' boot script", async ({
  page,
}) => {
  const response = await page.goto('/');
  const csp = response!.headers()['content-security-policy']!;
  // 'self' and the hash of the one boot script (decision 037): no 'unsafe-inline'.
  expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
  expect(csp).not.toContain('unsafe-inline');
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inline = true';
    document.body.append(script);
    return (window as unknown as { __inline?: boolean }).__inline === true;
  });
  expect(ran).toBe(false);
});
