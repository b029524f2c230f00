import { PageSection } from '../../../components/page-section';
import { ReviewsGrid } from './reviews-grid';

/** SPEC section 2's Customer Reviews: the grid is part of the page as the server renders it. */
export function ReviewsSection() {
  return (
    <PageSection
      id="reviews"
      title="Customer Reviews"
      subtitle="What purchasing teams and system builders say about our parts and service."
      tinted
    >
      <ReviewsGrid />
    </PageSection>
  );
}
