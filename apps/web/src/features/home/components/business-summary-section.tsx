import { BUSINESS_SUMMARY } from '@shop/shared';
import { PageSection } from '../../../components/page-section';
import cardStyles from '../../../components/ui/card.module.css';
import { cx } from '../../../components/ui/container';
import { Icon } from '../../../components/ui/icon';
import { groups, rateReview, trendingUp } from '../../../components/ui/icons';
import styles from './business-summary-section.module.css';

const icons = [groups, trendingUp, rateReview];

/** SPEC section 2's three static figures. */
export function BusinessSummarySection() {
  return (
    <PageSection
      id="business-summary"
      title="Business Summary"
      subtitle="Businesses around the world trust us with the parts inside their products."
      tinted
    >
      <ul className={styles.grid}>
        {BUSINESS_SUMMARY.map((item, index) => (
          <li key={item.label} className={cx(cardStyles.card, styles.card)}>
            <div className={cx(cardStyles.content, styles.content)}>
              <Icon path={icons[index] ?? groups} size={48} className={styles.icon} />
              <p className={styles.figure}>{item.figure}</p>
              <p className={styles.label}>{item.label}</p>
            </div>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
