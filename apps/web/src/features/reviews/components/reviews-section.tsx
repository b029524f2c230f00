import { useQueryClient } from '@tanstack/react-query';
import { lazy, useEffect } from 'react';
import { NearViewport } from '../../../components/near-viewport';
import { PageSection } from '../../../components/page-section';
import { reviewsQueryOptions } from '../api/get-reviews';

const ReviewsGrid = lazy(() => import('./reviews-grid'));

/** About the height of the demo shop's six reviews: 1, 1, 2 and 3 columns (SPEC section 2). */
const GRID_HEIGHT = { xs: 1200, sm: 990, md: 540, lg: 395 };

/**
 * SPEC section 2's Customer Reviews. The heading is part of the page at once; the grid, with
 * MUI's Rating, loads as the section comes near the viewport, not with the first load. The list
 * itself is asked for at once, a small answer, so the cards show as soon as their code is in.
 */
export function ReviewsSection() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(reviewsQueryOptions());
  }, [queryClient]);

  return (
    <PageSection
      id="reviews"
      title="Customer Reviews"
      subtitle="What purchasing teams and system builders say about our parts and service."
      tinted
    >
      <NearViewport minHeight={GRID_HEIGHT}>
        <ReviewsGrid />
      </NearViewport>
    </PageSection>
  );
}
