import { lazy } from 'react';
import { NearViewport } from '../../../components/near-viewport';
import { PageSection } from '../../../components/page-section';

const SubscribeForm = lazy(() => import('./subscribe-form'));

/** The field and the button: stacked on phones, side by side from 600 px. */
const FORM_HEIGHT = { xs: 128, sm: 56 };

/**
 * SPEC section 2's Want To Get Updates. The form, with MUI's input parts, loads as the section
 * comes near the viewport, not with the first load; the address rule loads with the first submit.
 */
export function SubscribeSection() {
  return (
    <PageSection
      id="updates"
      title="Want To Get Updates"
      subtitle="New parts, price breaks for volume orders and factory news, about once a month. Unsubscribe at any time."
    >
      <NearViewport minHeight={FORM_HEIGHT}>
        <SubscribeForm />
      </NearViewport>
    </PageSection>
  );
}
