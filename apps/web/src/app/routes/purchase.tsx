import type { Product } from '@shop/shared';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { preload } from 'react-dom';
import { Island } from '../../components/island';
import { useHydrated } from '../../components/use-hydrated';
import { PageTitle } from '../../components/page-title';
import { Alert } from '../../components/ui/alert';
import { ButtonLink } from '../../components/ui/button';
import cardStyles from '../../components/ui/card.module.css';
import { Container, cx } from '../../components/ui/container';
import { LoadError } from '../../components/ui/load-error';
import { useCurrentPath } from '../../components/ui/navigation';
import { Skeleton } from '../../components/ui/skeleton';
import text from '../../components/ui/text.module.css';
import {
  ProductDetails,
  ProductDetailsSkeleton,
} from '../../features/catalog/components/product-details';
import { useAccountTerms, useMonthlyLimit } from '../../features/companies/api/get-my-spending';
import { ApiError } from '../../lib/api-error';
import { openLogin } from '../../lib/session/login-redirect';
import { useSession } from '../../lib/session/use-session';
import { AppToastContainer } from '../../components/ui/toast';
import { SessionLoading } from '../layouts/session-loading';
import { useServerKnewSession } from '../page-data';
import { purchaseProductQueryOptions } from '../../lib/catalogue-query';
import { loadPurchaseForm } from './purchase-loading';
import styles from './purchase.module.css';

const PurchaseForm = lazy(() =>
  loadPurchaseForm().then(({ PurchaseForm }) => ({ default: PurchaseForm })),
);

const PURCHASE_PATH = '/purchase/';

/** The product id in the page's address ('' where there is none, as in the server's render). */
const productIdOf = (path: string) =>
  path.startsWith(PURCHASE_PATH) ? decodeURIComponent(path.slice(PURCHASE_PATH.length)) : '';

/**
 * SPEC section 2, /purchase/{id}: a guarded page. The server renders it as a document whose one
 * island is the whole page (docs/decisions/015). For a visitor whose session cookie it reads, it
 * draws the page itself, with the product at their price (PURCHASE_PAGE); for anyone else the
 * HTML is SPEC's Loading... screen, one document for every product, and in the browser the island
 * checks the session, sends a visitor who is not signed in to /login (who comes back here after
 * it), and shows the page.
 */
export default function PurchaseDocument() {
  return (
    <>
      <PageTitle title="Purchase" />
      <Island name="purchase" component={PurchaseIsland} props={{}} />
    </>
  );
}

export function PurchaseIsland() {
  const path = useCurrentPath();
  const session = useSession();
  // The island's code loads after the page's script, which may have learnt the session by then:
  // while it hydrates, it draws what the server drew (the session unknown), then the session.
  // A page the server drew for the signed-in visitor draws the session from the start.
  const hydrated = useHydrated();
  const serverKnewSession = useServerKnewSession();
  const status = hydrated || serverKnewSession ? session.status : 'loading';
  const id = productIdOf(path);
  const signedOut = status === 'signed-out';

  // A product is public: it, its picture (the page's largest paint) and the form's code are
  // asked for while the session is still being checked, not after.
  // Read again with the token once there is one: a member's contract price comes with it.
  const asBuyer = hydrated && session.hasAccessToken;
  const product = useQuery({
    ...purchaseProductQueryOptions(id, asBuyer),
    enabled: id !== '',
    placeholderData: keepPreviousData,
  });
  if (product.data) preload(product.data.img, { as: 'image', fetchPriority: 'high' });
  useEffect(() => {
    loadPurchaseForm().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (signedOut) openLogin(path);
  }, [signedOut, path]);

  return (
    <>
      {status === 'signed-in' ? <PurchasePage product={product} /> : <SessionLoading />}
      <AppToastContainer />
    </>
  );
}

function PurchasePage({ product }: { product: UseQueryResult<Product> }) {
  const hydrated = useHydrated();
  const refetchProduct = () => void product.refetch();
  // A class, not a height: the server's HTML may carry no style attribute (the CSP).
  const fieldsSkeleton = <Skeleton variant="rounded" className={styles.fieldsRoom} />;
  const spending = useMonthlyLimit();
  const account = useAccountTerms();

  let body;
  if (product.isPending) {
    body = (
      <div className={styles.columns} aria-busy="true">
        <ProductDetailsSkeleton />
        <Skeleton variant="rounded" className={styles.formRoom} />
      </div>
    );
  } else if (product.error) {
    const missing =
      product.error instanceof ApiError &&
      (product.error.status === 404 || product.error.status === 400);
    body = missing ? (
      <Alert
        severity="warning"
        action={
          <ButtonLink href="/#products" color="inherit" size="small">
            See our products
          </ButtonLink>
        }
      >
        This product does not exist, or is no longer sold.
      </Alert>
    ) : (
      <LoadError
        title="We could not load this product."
        error={product.error}
        retrying={product.isFetching}
        onRetry={refetchProduct}
      />
    );
  } else {
    body = (
      <div className={styles.columns}>
        <ProductDetails product={product.data} />
        <section aria-labelledby="your-order" className={cx(cardStyles.card, styles.order)}>
          <h2 id="your-order" className={cx(text.h3, styles.orderHeading)}>
            Your order
          </h2>
          {/* The server (and the browser while it hydrates that HTML) draws the form's room: its
              code is a chunk of its own, which the server's render does not wait for. */}
          {hydrated ? (
            <Suspense fallback={fieldsSkeleton}>
              <PurchaseForm
                key={product.data._id}
                product={product.data}
                onOrderRefused={refetchProduct}
                spending={spending}
                account={account}
                priceIsBuyers={!product.isPlaceholderData}
              />
            </Suspense>
          ) : (
            fieldsSkeleton
          )}
        </section>
      </div>
    );
  }

  return (
    <Container className={styles.page}>
      <h1 className={cx(text.h1, styles.title)}>Purchase</h1>
      {body}
    </Container>
  );
}
