import { PageSection } from '../../../components/page-section';
import { FaqList } from './faq-list';

/** SPEC section 2's Frequently Asked Questions: three closed questions, HTML only. */
export function FaqSection() {
  return (
    <PageSection id="faq" title="Frequently Asked Questions">
      <FaqList />
    </PageSection>
  );
}
