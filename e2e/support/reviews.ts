import { expect, type Locator, type Page } from '@playwright/test';
import type { Review } from '@shop/shared';

/**
 * The home page's review card holding `text`, checked to come before every review in `older`:
 * the reviews the API listed before this one was posted. Journeys run side by side, so a review
 * another journey posts meanwhile may come before it; no review posted earlier may.
 */
export async function expectNewestReviewCard(
  page: Page,
  text: string,
  older: Review[],
): Promise<Locator> {
  const cards = page.getByTestId('review-card');
  const own = cards.filter({ hasText: text });
  await expect(own).toHaveCount(1);
  // The grid renders the whole list at once, so every card is on the page with this one.
  const texts = await cards.allTextContents();
  const ownIndex = texts.findIndex((t) => t.includes(text));
  for (const review of older) {
    // The card shows the first 150 characters of the text (then "..." if cut).
    const start = Array.from(review.discription).slice(0, 150).join('');
    const index = texts.findIndex(
      (t, i) => i !== ownIndex && t.includes(review.name) && t.includes(start),
    );
    expect(
      index,
      `the earlier review by ${review.name} ("${start}") is on the page after the new one`,
    ).toBeGreaterThan(ownIndex);
  }
  return own;
}
