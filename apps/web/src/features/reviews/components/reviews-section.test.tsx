import { PREVIEW_LENGTH } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeReview } from '../../../test/factories';
import { answer, handle, mockApi, routes, unreachable } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import gridStyles from './reviews-grid.module.css';
import { ReviewsSection } from './reviews-section';

// jsdom applies no style sheet and Vitest hands CSS imports over empty, so the grid's CSS is read
// as a file (node:fs through a variable: the web app's types know no Node modules).
const fsModule = 'node:fs';
const { readFileSync } = (await import(/* @vite-ignore */ fsModule)) as {
  readFileSync(path: string, encoding: 'utf8'): string;
};
const here = decodeURIComponent(new URL(import.meta.url).pathname);
const gridCss = readFileSync(here.replace(/[^/]+$/, 'reviews-grid.module.css'), 'utf8');

/**
 * The number of columns `.className` has from each min-width on (0: without a media query),
 * read from `grid-template-columns: 1fr` or `repeat(n, 1fr)` in the CSS text.
 */
function columnsOf(css: string, className: string): Record<number, number> {
  const columns: Record<number, number> = {};
  const rule = new RegExp(`\\.${className}\\s*\\{[^}]*grid-template-columns:\\s*([^;]+);`, 'g');
  const blocks = css.split(/@media\s*\(min-width:\s*/);
  blocks.forEach((block, index) => {
    const from = index === 0 ? 0 : Number.parseInt(block, 10);
    for (const [, value] of block.matchAll(rule)) {
      const repeat = /repeat\((\d+)/.exec(value!);
      columns[from] = repeat ? Number(repeat[1]) : value!.trim().split(/\s+/).length;
    }
  });
  return columns;
}

describe('ReviewsSection', () => {
  it('labels each read-only rating out of five stars', async () => {
    mockApi([
      answer(routes.reviews.list, 200, [
        makeReview(1, { rating: 4 }),
        makeReview(2, { rating: 5 }),
        makeReview(3, { rating: 1 }),
      ]),
    ]);
    renderWithProviders(<ReviewsSection />);

    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('img').getAttribute('aria-label'))).toEqual([
      '1 star out of 5',
      '5 stars out of 5',
      '4 stars out of 5',
    ]);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('cuts a long review at the preview length with an ellipsis', async () => {
    const discription = 'R'.repeat(PREVIEW_LENGTH + 10);
    mockApi([answer(routes.reviews.list, 200, [makeReview(1, { discription })])]);
    renderWithProviders(<ReviewsSection />);

    expect(await screen.findByText(`${'R'.repeat(PREVIEW_LENGTH)}...`)).toBeInTheDocument();
  });

  it('lays the cards out in 3 columns on large, 2 on medium and 1 on small screens', async () => {
    mockApi([answer(routes.reviews.list, 200, [makeReview(1)])]);
    renderWithProviders(<ReviewsSection />);

    const card = await screen.findByRole('article');
    expect(card.parentElement).toHaveClass(gridStyles.grid!);
    expect(columnsOf(gridCss, 'grid')).toEqual({ 0: 1, 900: 2, 1200: 3 });
  });

  it('says so when there are no reviews yet', async () => {
    mockApi([answer(routes.reviews.list, 200, [])]);
    renderWithProviders(<ReviewsSection />);
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
  });

  it('holds the room with skeletons while the reviews load', () => {
    mockApi([handle(routes.reviews.list, () => new Promise(() => {}))]);
    renderWithProviders(<ReviewsSection />);

    const section = screen.getByRole('region', { name: 'Customer Reviews' });
    expect(section.querySelector('[aria-busy="true"]')?.children).toHaveLength(3);
    expect(within(section).queryByRole('article')).not.toBeInTheDocument();
  });

  it('says when the reviews cannot be loaded, and Retry loads them', async () => {
    let online = false;
    mockApi([
      handle(routes.reviews.list, () =>
        online ? { status: 200, body: [makeReview(1)] } : unreachable(),
      ),
    ]);
    const { user } = renderWithProviders(<ReviewsSection />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the customer reviews.');
    online = true;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Reviewer 1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
