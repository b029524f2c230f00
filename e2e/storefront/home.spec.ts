import { expect, test } from '@playwright/test';
import { getProducts, getReviews } from '../support/api';

// The end-to-end tests read the page as a person does, so SPEC's texts are written out here.
const sectionHeadings = [
  'Products That We Manufacture',
  'Business Summary',
  'Customer Reviews',
  'Want To Get Updates',
  'Frequently Asked Questions',
];

/** The 150-character preview a person should see: cut, then an ellipsis. */
const cut = (text: string) =>
  Array.from(text).length > 150 ? `${Array.from(text).slice(0, 150).join('')}...` : text;

test.describe('home page', () => {
  test('shows the seven sections in order, filled from the API', async ({ page, request }) => {
    const products = await getProducts(request);
    expect(products.length).toBeGreaterThanOrEqual(9);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Order Now' })).toBeVisible();

    const headings = page.getByRole('heading', { level: 2 });
    await expect(headings.first()).toBeVisible();
    const texts = (await headings.allInnerTexts()).map((t) => t.trim());
    expect(texts.filter((t) => sectionHeadings.includes(t))).toEqual(sectionHeadings);

    // The hero comes before the first section heading, the footer after the last section.
    const heroBox = await page.getByRole('heading', { level: 1 }).boundingBox();
    const productsBox = await page.getByRole('heading', { name: sectionHeadings[0] }).boundingBox();
    const faqBox = await page.getByRole('heading', { name: sectionHeadings[4] }).boundingBox();
    const footerBox = await page.getByRole('contentinfo').boundingBox();
    expect(heroBox!.y).toBeLessThan(productsBox!.y);
    expect(faqBox!.y).toBeLessThan(footerBox!.y);

    // Products: exactly the first six items, in the API's order.
    const cards = page.getByTestId('product-card');
    await expect(cards).toHaveCount(6);
    for (const [index, product] of products.slice(0, 6).entries()) {
      await expect(cards.nth(index).getByRole('heading', { name: product.name })).toBeVisible();
    }
    await expect(page.getByText(products[6]!.name, { exact: true })).toHaveCount(0);

    // Business summary figures.
    for (const figure of ['100K+', '120M+', '75K+']) {
      await expect(page.getByText(figure, { exact: true })).toBeVisible();
    }

    // Three collapsible questions, closed: the browser opens one (a <details>, no script).
    const faq = page.getByRole('region', { name: sectionHeadings[4] });
    await faq.scrollIntoViewIfNeeded();
    const questions = faq.locator('details');
    await expect(questions).toHaveCount(3);
    await expect(faq.locator('details[open]')).toHaveCount(0);
    const first = questions.first();
    await expect(first.getByText(/packed and produced/)).toBeHidden();
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await expect(first.getByText(/packed and produced/)).toBeVisible();
  });

  test('a card cuts the description at 150 characters with an ellipsis and links Buy Now to /purchase/{_id}', async ({
    page,
    request,
  }) => {
    const products = await getProducts(request);
    const long = products.slice(0, 6).find((p) => p.description.length > 150);
    expect(long, 'the demo catalogue has a long description on the home page').toBeDefined();

    await page.goto('/');
    const card = page
      .getByTestId('product-card')
      .filter({ has: page.getByRole('heading', { name: long!.name }) });
    await expect(card).toContainText(cut(long!.description));
    await expect(card).not.toContainText(long!.description);
    // Figures as an American buyer reads them: "25,000 pieces", "$2,150".
    const figure = (n: number) => n.toLocaleString('en-US');
    await expect(card).toContainText(`${figure(long!.minimum)} piece`);
    await expect(card).toContainText(`${figure(long!.available)} piece`);
    await expect(card).toContainText(`$${figure(long!.price)}`);
    await expect(card.getByRole('img', { name: long!.name })).toBeVisible();

    for (const [index, product] of products.slice(0, 6).entries()) {
      await expect(
        page.getByTestId('product-card').nth(index).getByRole('link', { name: 'Buy Now' }),
      ).toHaveAttribute('href', `/purchase/${product._id}`);
    }
  });

  test('shows the reviews newest first with stars out of 5', async ({ page, request }) => {
    const reviews = await getReviews(request);
    expect(reviews.length).toBeGreaterThanOrEqual(3);
    const newestFirst = [...reviews].reverse();

    await page.goto('/');
    await page.getByRole('region', { name: 'Customer Reviews' }).scrollIntoViewIfNeeded();
    const cards = page.getByTestId('review-card');
    await expect(cards).toHaveCount(reviews.length);
    for (const [index, review] of newestFirst.entries()) {
      const card = cards.nth(index);
      await expect(card).toContainText(review.name);
      await expect(card).toContainText(cut(review.discription));
      await expect(
        card.getByRole('img', { name: new RegExp(`${review.rating} Stars?`, 'i') }),
      ).toBeVisible();
    }
  });

  test('Order Now scrolls to the products', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/');
    const productsHeading = page.getByRole('heading', { name: sectionHeadings[0] });
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await page.getByRole('link', { name: 'Order Now' }).click();
    await expect(productsHeading).toBeInViewport();
  });

  test('subscribing says so under the field, and the same email again is handled kindly', async ({
    page,
  }) => {
    const email = `buyer-${Date.now()}@example.com`;
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Want To Get Updates' });
    await section.scrollIntoViewIfNeeded();
    // The form is an island: it works once hydrated, as it comes near the viewport.
    await expect(page.locator('[data-island="subscribe-form"][data-hydrated]')).toBeAttached();
    const input = section.getByRole('textbox');
    await expect(input).toHaveAttribute('type', 'email');
    await expect(input).toHaveAttribute('placeholder', /@/);

    await input.fill(email);
    await section.getByRole('button', { name: 'Subscribe' }).click();
    const outcome = section.getByRole('status');
    await expect(outcome).toHaveText(/subscribed/i);
    await expect(outcome).not.toHaveText(/already/i);

    await input.fill(email);
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await expect(outcome).toHaveText(/already subscribed/i);
  });

  test('an address typed into the newsletter field before its island hydrates is kept', async ({
    page,
  }) => {
    const email = `early-${Date.now()}@example.com`;
    // The form's code is held back until the address is typed into the server's HTML.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/subscribe-form-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Want To Get Updates' });
    await section.scrollIntoViewIfNeeded();
    const input = section.getByRole('textbox');
    await input.fill(email);
    await expect(page.locator('[data-island="subscribe-form"][data-hydrated]')).toHaveCount(0);

    release();
    await expect(page.locator('[data-island="subscribe-form"][data-hydrated]')).toBeAttached();
    await expect(input).toHaveValue(email);
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await expect(section.getByRole('status')).toHaveText(/subscribed/i);
  });
});
