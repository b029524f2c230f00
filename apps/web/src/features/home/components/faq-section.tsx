import { lazy } from 'react';
import { NearViewport } from '../../../components/near-viewport';
import { PageSection } from '../../../components/page-section';

const FaqList = lazy(() => import('./faq-list'));

/** Three closed questions; their text wraps to a second line on phones. */
const LIST_HEIGHT = { xs: 187, sm: 164, md: 144 };

/**
 * SPEC section 2's Frequently Asked Questions. The questions, with MUI's Accordion, load as the
 * section comes near the viewport, not with the first load.
 */
export function FaqSection() {
  return (
    <PageSection id="faq" title="Frequently Asked Questions">
      <NearViewport minHeight={LIST_HEIGHT}>
        <FaqList />
      </NearViewport>
    </PageSection>
  );
}
