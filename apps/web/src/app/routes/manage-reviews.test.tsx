import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeReview } from '../../test/factories';
import { answer, handle, mockApi, type RecordedCall, routes } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import ManageReviewsPage, { CONFIRM_DELETE_REVIEW, REVIEW_DELETED } from './manage-reviews';

const older = makeReview(1, { name: 'OLGA OLDER', rating: 5, discription: 'Great trays.' });
const spam = makeReview(2, {
  name: 'SAM SPAMMER',
  rating: 1,
  discription: 'Buy elsewhere: cheap-parts.example',
});

const writes = (calls: RecordedCall[]) => calls.filter((call) => call.method !== 'GET');

async function findRow(name: string) {
  const table = await screen.findByRole('table', { name: 'Reviews' });
  const cell = await within(table).findByRole('rowheader', { name });
  return cell.closest('tr') as HTMLElement;
}

describe('ManageReviewsPage', () => {
  it('lists the reviews newest first with reviewer, stars, text and date', async () => {
    mockApi([answer(routes.reviews.list, 200, [older, spam])]);
    renderWithProviders(<ManageReviewsPage />);

    await findRow('SAM SPAMMER');
    const names = screen
      .getAllByTestId('review-row')
      .map((row) => within(row).getByRole('rowheader').textContent);
    expect(names).toEqual(['SAM SPAMMER', 'OLGA OLDER']);
    const row = await findRow('OLGA OLDER');
    expect(within(row).getByRole('img', { name: '5 stars out of 5' })).toBeInTheDocument();
    expect(row).toHaveTextContent('Great trays.');
    expect(within(row).getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription(
      'OLGA OLDER',
    );
  });

  it('asks before deleting and deletes the review only after Yes', async () => {
    let reviews = [older, spam];
    const { calls } = mockApi([
      handle(routes.reviews.list, () => ({ status: 200, body: reviews })),
      handle(routes.reviews.remove, () => {
        reviews = [older];
        return { status: 200, body: { acknowledged: true, deletedCount: 1 } };
      }),
    ]);
    const { user } = renderWithProviders(<ManageReviewsPage />);

    await user.click(within(await findRow('SAM SPAMMER')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: CONFIRM_DELETE_REVIEW });
    expect(dialog).toHaveTextContent('SAM SPAMMER: Buy elsewhere: cheap-parts.example');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toHaveLength(0);

    await user.click(within(await findRow('SAM SPAMMER')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: CONFIRM_DELETE_REVIEW })).getByRole('button', {
        name: 'Yes',
      }),
    );

    expect(await screen.findByText(REVIEW_DELETED)).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ route: routes.reviews.remove, params: { id: spam._id } }),
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'SAM SPAMMER' })).toBeNull(),
    );
    expect(await findRow('OLGA OLDER')).toBeInTheDocument();
  });

  it("shows the server's refusal as an error toast and keeps the review", async () => {
    const refusal = 'Only an admin may do this.';
    mockApi([
      answer(routes.reviews.list, 200, [spam]),
      answer(routes.reviews.remove, 403, { statusCode: 403, error: 'Forbidden', message: refusal }),
    ]);
    const { user } = renderWithProviders(<ManageReviewsPage />);

    await user.click(within(await findRow('SAM SPAMMER')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: CONFIRM_DELETE_REVIEW })).getByRole('button', {
        name: 'Yes',
      }),
    );

    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(await findRow('SAM SPAMMER')).toBeInTheDocument();
  });

  it('says so when there are no reviews', async () => {
    mockApi([answer(routes.reviews.list, 200, [])]);
    renderWithProviders(<ManageReviewsPage />);
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
  });
});
