import { ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { Icon } from '../../../components/ui/icon';
import { arrowDownward } from '../../../components/ui/icons';
import { useShopName } from '../../../lib/public-config';
import styles from './hero-section.module.css';

/**
 * A public file, not an import: the page is rendered by the server's build, which emits no
 * files to the served folder, and the picture is a separate request either way.
 */
const HERO_PICTURE = '/images/hero-board.svg';

interface HeroSectionProps {
  /** The id of the section Order Now scrolls to. */
  orderTargetId: string;
}

/**
 * SPEC section 2's hero. Order Now is an in-page link: the browser scrolls to the products (the
 * section keeps clear of the sticky navbar with scroll-margin-top) and moves the keyboard's
 * starting point there, with no script.
 */
export function HeroSection({ orderTargetId }: HeroSectionProps) {
  const shopName = useShopName();
  return (
    <section aria-labelledby="hero-heading" className={styles.hero}>
      <Container>
        <div className={styles.row}>
          <div className={styles.text}>
            <p className={styles.overline}>
              Computer parts manufacturer · Bulk orders for business
            </p>
            <h1 id="hero-heading" className={styles.title}>
              {shopName}: computer parts built for business
            </h1>
            <p className={styles.tagline}>
              Best-quality processors, graphics cards, memory, storage and power supplies, made in
              our own factories and delivered in bulk to businesses worldwide.
            </p>
            <ButtonLink
              href={`#${orderTargetId}`}
              variant="contained"
              color="secondary"
              size="large"
              endIcon={<Icon path={arrowDownward} />}
              className={styles.order}
            >
              Order Now
            </ButtonLink>
          </div>
          <img src={HERO_PICTURE} alt="" width={360} height={300} className={styles.picture} />
        </div>
      </Container>
    </section>
  );
}
