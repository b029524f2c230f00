import { messages } from '@shop/shared';
import { Container } from '../../components/ui/container';
import { Icon } from '../../components/ui/icon';
import { memory } from '../../components/ui/icons';
import { PageLink } from '../../components/ui/navigation';
import { useShopName } from '../../lib/public-config';
import styles from './footer.module.css';

const footerLinks = [
  { label: 'Home', to: '/' },
  { label: 'Login', to: '/login' },
  { label: 'Signup', to: '/signup' },
  { label: 'About', to: '/about' },
];

/**
 * The footer of every page: no island, nothing in it is interactive but its links. The year is
 * the render's: the server renders its pages per request (docs/decisions/015).
 */
export function Footer() {
  const shopName = useShopName();
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <Container className={styles.inner}>
        <div className={styles.columns}>
          <div>
            <div className={styles.brand}>
              <Icon path={memory} className={styles.brandIcon} />
              <p className={styles.brandName}>{shopName}</p>
            </div>
            <p className={styles.note}>
              Computer parts manufactured in our own factories and sold in bulk to businesses
              worldwide.
            </p>
          </div>
          <nav aria-label="Footer">
            <ul className={styles.links}>
              {footerLinks.map((link) => (
                <li key={link.to}>
                  <PageLink href={link.to}>{link.label}</PageLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <p className={styles.copyright}>
          Copyright © {year} {shopName}. {messages.allRightReserved}
        </p>
      </Container>
    </footer>
  );
}
