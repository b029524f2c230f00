import { ContentPage } from '../../components/content-page';
import cardStyles from '../../components/ui/card.module.css';
import { Icon } from '../../components/ui/icon';
import { factory, localShipping, verified } from '../../components/ui/icons';
import { useShopName } from '../../lib/public-config';
import styles from './about.module.css';

const pillars = [
  {
    icon: factory,
    title: 'Our factories',
    text: 'Three plants, in Penang, Guadalajara and Brno, run surface-mount lines, burn-in rooms and final assembly under one quality system, so every part can be traced to its production batch.',
  },
  {
    icon: verified,
    title: 'Quality',
    text: 'Each batch is sampled for electrical, thermal and endurance tests before it ships. Our plants are ISO 9001 and ISO 14001 certified, and every part carries a three-year warranty.',
  },
  {
    icon: localShipping,
    title: 'Bulk ordering',
    text: 'We sell to businesses: system builders, data centres, repair chains and resellers. Each product has a minimum order quantity, and orders ship worldwide by air or sea freight.',
  },
];

export default function AboutPage() {
  const shopName = useShopName();
  return (
    <ContentPage
      title={`About ${shopName}`}
      intro={`${shopName} designs and manufactures computer parts (processors, graphics cards, memory, solid-state drives, motherboards, power supplies, cases, coolers and network cards) and sells them in bulk to businesses around the world.`}
    >
      <p className={styles.story}>
        We started as a contract assembler of memory modules and grew into a manufacturer of our own
        product line. Today our engineers design the parts, our factories build them, and this shop
        lets purchasing teams order them directly, without distributors in between. That keeps
        prices fair at volume and lets us answer technical questions from the people who make the
        parts.
      </p>
      <div className={styles.pillars}>
        {pillars.map(({ icon, title, text }) => (
          <section key={title} aria-label={title} className={cardStyles.card}>
            <div className={cardStyles.content}>
              <Icon path={icon} size={40} className={styles.icon} />
              <h2 className={styles.pillarTitle}>{title}</h2>
              <p className={styles.pillarText}>{text}</p>
            </div>
          </section>
        ))}
      </div>
    </ContentPage>
  );
}
