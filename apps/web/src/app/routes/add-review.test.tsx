import { messages } from '@shop/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customer, signedIn } from '../../test/auth-mock';
import { makeReview } from '../../test/factories';
import { handle, mockApi, routes } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { RATING_OUT_OF_RANGE } from '../../features/reviews/schemas';
import AddReviewPage from './add-review';
import { ReviewsSection } from '../../features/reviews/components/reviews-section';

function renderPage(ui = <AddReviewPage />) {
  const view = renderWithProviders(ui);
  const stars = screen.getByRole('group', { name: 'Rating' });
  const number = screen.getByRole('spinbutton', { name: 'Rating (0 to 5)' });
  const comment = screen.getByRole('textbox', { name: 'Review' });
  const submit = screen.getByRole('button', { name: 'Add Review' });
  return { ...view, stars, number, comment, submit };
}

/**
 * A click on a star. jsdom lays nothing out, so the pointer's position over the stars (which MUI
 * reads on mouse move) means nothing there: the radio is clicked without a move.
 */
function chooseStars(stars: HTMLElement, count: number) {
  fireEvent.click(within(stars).getByRole('radio', { name: `${count} Stars` }));
}

describe('AddReviewPage', () => {
  it('keeps the stars and the number input in sync, starting at 0', async () => {
    mockApi(signedIn(customer));
    const { user, stars, number } = renderPage();

    expect(number).toHaveValue(0);
    expect(number).toHaveAttribute('min', '0');
    expect(number).toHaveAttribute('max', '5');
    expect(within(stars).getAllByRole('radio', { checked: true })).toHaveLength(1);
    expect(
      within(stars).queryByRole('radio', { name: /^[1-5] Stars?$/, checked: true }),
    ).toBeNull();

    chooseStars(stars, 4);
    expect(number).toHaveValue(4);

    await user.clear(number);
    await user.type(number, '2');
    expect(within(stars).getByRole('radio', { name: '2 Stars' })).toBeChecked();
    expect(within(stars).getByRole('radio', { name: '4 Stars' })).not.toBeChecked();
  });

  it('posts the rating and comment, toasts the success, empties the form and shows it first', async () => {
    let reviews = [makeReview(1, { name: 'OLD REVIEWER' })];
    const { callsTo } = mockApi([
      signedIn(customer),
      handle(routes.reviews.list, () => ({ status: 200, body: reviews })),
      handle(routes.reviews.create, ({ body }) => {
        const review = makeReview(2, { name: customer.name, ...body });
        reviews = [...reviews, review];
        return { status: 201, body: { acknowledged: true, insertedId: review._id, review } };
      }),
    ]);
    const { user, stars, number, comment, submit } = renderPage(
      <>
        <AddReviewPage />
        <ReviewsSection />
      </>,
    );
    await screen.findByRole('heading', { name: 'OLD REVIEWER' });

    chooseStars(stars, 4);
    await user.type(comment, 'Fast delivery, every board worked.');
    await user.click(submit);

    expect(await screen.findByText(messages.reviewAdded)).toBeInTheDocument();
    expect(callsTo(routes.reviews.create).map((call) => call.body)).toEqual([
      { rating: 4, discription: 'Fast delivery, every board worked.' },
    ]);
    expect(number).toHaveValue(0);
    expect(comment).toHaveValue('');
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('review-card')
          .map((card) => within(card).getByRole('heading').textContent),
      ).toEqual([customer.name, 'OLD REVIEWER']),
    );
    const newest = screen.getAllByTestId('review-card')[0] as HTMLElement;
    expect(within(newest).getByRole('img')).toHaveAttribute('aria-label', '4 stars out of 5');
  });

  it('sends the default rating 0 when no star is chosen', async () => {
    const { callsTo } = mockApi([
      signedIn(customer),
      handle(routes.reviews.create, ({ body }) => {
        const review = makeReview(3, body);
        return { status: 201, body: { acknowledged: true, insertedId: review._id, review } };
      }),
    ]);
    const { user, comment, submit } = renderPage();

    await user.type(comment, 'No stars from me.');
    await user.click(submit);

    expect(await screen.findByText(messages.reviewAdded)).toBeInTheDocument();
    expect(callsTo(routes.reviews.create).map((call) => call.body)).toEqual([
      { rating: 0, discription: 'No stars from me.' },
    ]);
  });

  it('requires the comment and keeps the rating within 0 to 5', async () => {
    const { callsTo } = mockApi(signedIn(customer));
    const { user, number, submit } = renderPage();

    await user.clear(number);
    await user.type(number, '7');
    await user.click(submit);

    expect(await screen.findByText(messages.required)).toBeInTheDocument();
    expect(screen.getByText(RATING_OUT_OF_RANGE)).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(routes.reviews.create)).toHaveLength(0);
  });
});
