import { expect, type Page } from '@playwright/test';

/**
 * Make Admin lists 50 users a page: finds the user by `email` with the page's search and waits
 * until the table shows that user alone, so the rows acted on are the search's answer, not the
 * page shown while it was being read.
 */
export async function findUser(page: Page, email: string) {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const rows = page.getByTestId('user-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(email);
  return rows;
}
