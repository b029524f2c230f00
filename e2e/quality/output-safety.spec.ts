import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { getReviews } from '../support/api';
import { expectNewestReviewCard } from '../support/reviews';
import { shopToken } from '../support/shop-api';
import { demoAdmin, signInViaApi, signUpViaApi } from '../support/users';

/** Markup that would run script if a page put it into the DOM as HTML. */
const markup = (tag: string) =>
  `<img src=x onerror="window.__pwned='${tag}'"><script>window.__pwned='${tag}'</script><b>bold</b>`;

test('names, reviews and product fields containing markup render as text', async ({ browser }) => {
  const tag = randomBytes(3).toString('hex');
  const customer = await browser.newPage();
  const user = await signUpViaApi(customer);
  const token = await shopToken(customer.request, user.email);
  const older = await getReviews(customer.request);
  const review = await customer.request.post('/api/review', {
    headers: { authorization: `Bearer ${token}` },
    data: { rating: 5, discription: `Great parts ${markup(tag)}` },
  });
  expect(review.status(), await review.text()).toBe(201);
  await customer.close();

  const page = await browser.newPage();
  await signInViaApi(page, demoAdmin);
  const adminToken = await shopToken(page.request, demoAdmin.email);
  const name = `Cable ${tag} <b>bold</b><img src=x onerror="window.__pwned='${tag}'">`;
  const created = await page.request.post('/api/item', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      name,
      img: '/images/products/case.svg',
      description: `Shielded cable ${markup(tag)}`,
      price: 3,
      minimum: 100,
      available: 5000,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { insertedId } = (await created.json()) as { insertedId: string };

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
    await page.request.delete(`/api/item/${insertedId}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    await page.close();
  }
});

test('the Content-Security-Policy refuses inline script', async ({ page }) => {
  const response = await page.goto('/');
  const csp = response!.headers()['content-security-policy']!;
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inline = true';
    document.body.append(script);
    return (window as unknown as { __inline?: boolean }).__inline === true;
  });
  expect(ran).toBe(false);
});
