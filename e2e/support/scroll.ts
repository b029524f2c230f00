import type { Page } from '@playwright/test';

/**
 * Scrolls the page to its end a screen at a time, as a person does. The home page's reviews,
 * newsletter form and FAQ load as their sections come near the viewport (bundle-budget.spec.ts), so a test
 * that reads them scrolls first, or scrolls their region into view.
 */
export async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const atEnd = () =>
      window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    while (!atEnd()) {
      window.scrollBy(0, window.innerHeight);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
}
