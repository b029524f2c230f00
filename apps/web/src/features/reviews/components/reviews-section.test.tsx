import { PREVIEW_LENGTH } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeReview } from '../../../test/factories';
import { answer, mockApi, routes } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { ReviewsSection } from './reviews-section';

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
    const cell = card.parentElement;
    expect(cell?.className).toMatch(/grid-xs-12/);
    expect(cell?.className).toMatch(/grid-md-6/);
    expect(cell?.className).toMatch(/grid-lg-4/);
  });

  it('says so when there are no reviews yet', async () => {
    mockApi([answer(routes.reviews.list, 200, [])]);
    renderWithProviders(<ReviewsSection />);
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
  });
});
