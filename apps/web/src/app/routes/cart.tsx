import type { Purchase } from '@shop/shared';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Container, cx } from '../../components/ui/container';
import text from '../../components/ui/text.module.css';
import { CartView } from '../../features/cart/components/cart-view';
import { useAccountTerms, useMonthlyLimit } from '../../features/companies/api/get-my-spending';
import { useShipToLocations } from '../../features/companies/api/locations';
import { RequestQuote } from '../../features/quotes/components/request-quote';
import { CART_PATH, useCart } from '../../lib/cart-store';
import type { LoginRedirectState } from '../../lib/session';
import { useSession } from '../../lib/session/use-session';
import { notify } from '../../components/ui/toast';
import styles from './purchase.module.css';

/**
 * What the buyer is told once POST /checkout answers 201: a purchase above their company's
 * monthly limit (issue 15) is not to be paid yet, it waits for an approver.
 */
export function placedMessage(purchase: Purchase): string {
  if (purchase.status === 'awaiting_approval') {
    return `Purchase ${purchase.number} placed: it awaits your company's approval before it can be paid.`;
  }
  return purchase.status === 'on_account'
    ? `Purchase ${purchase.number} placed on your company's account: invoice ${purchase.invoiceNumber ?? ''} is due by ${purchase.dueDate ?? ''}.`
    : `Purchase ${purchase.number} placed`;
}

/**
 * /cart (issue 13; docs/decisions/018): anyone may fill a cart, checking out needs a sign-in, and
 * the login brings the buyer back here, cart and all (it lives in this browser's storage).
 */
export default function CartPage() {
  const session = useSession();
  const navigate = useNavigate();
  const spending = useMonthlyLimit();
  const account = useAccountTerms();
  const locations = useShipToLocations();
  const lines = useCart();

  const signIn = () => {
    const state: LoginRedirectState = { from: CART_PATH };
    void navigate('/login', { state });
  };
  const onPlaced = (purchase: Purchase) => {
    notify.success(placedMessage(purchase));
    void navigate(`/dashboard/purchases/${purchase._id}`);
  };

  return (
    <Container className={styles.page}>
      <PageTitle title="Cart" />
      <h1 className={cx(text.h1, styles.title)}>Cart</h1>
      <CartView
        signedIn={session.status === 'signed-in'}
        spending={spending}
        account={account}
        locations={locations}
        signIn={
          <Alert
            severity="info"
            title="Sign in to check out"
            action={
              session.status === 'signed-out' ? (
                <Button variant="contained" size="small" onClick={signIn}>
                  Login
                </Button>
              ) : undefined
            }
          >
            Your cart stays in this browser while you sign in.
          </Alert>
        }
        onPlaced={onPlaced}
      />
      {session.status === 'signed-in' && lines.length > 0 && <RequestQuote lines={lines} />}
    </Container>
  );
}
