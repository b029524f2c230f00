import { PageSection } from '../../../components/page-section';
import { Island } from '../../../components/island';
import SubscribeForm from './subscribe-form';

/**
 * SPEC section 2's Want To Get Updates. The form is the home page's one island: its script runs
 * as the section comes near the viewport; the address rule loads with the first submit.
 */
export function SubscribeSection() {
  return (
    <PageSection
      id="updates"
      title="Want To Get Updates"
      subtitle="New parts, price breaks for volume orders and factory news, about once a month. Unsubscribe at any time."
    >
      <Island name="subscribe-form" component={SubscribeForm} props={{}} hydrate="visible" />
    </PageSection>
  );
}
