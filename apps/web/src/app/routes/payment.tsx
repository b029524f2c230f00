import { messages, PURCHASE_STATUS_LABELS, type Order, type Purchase } from '@shop/shared';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { ButtonLink } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { notify } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useClientSecret } from '../../features/orders/api/create-payment-intent';
import { useOrder } from '../../features/orders/api/get-order';
import {
  usePurchaseClientSecret,
  useRecordPurchasePayment,
} from '../../features/orders/api/pay-purchase';
import { usePurchase } from '../../features/orders/api/purchases';
import {
  useInvoicesClientSecret,
  useRecordInvoicesPayment,
  useUnpaidInvoices,
} from '../../features/companies/api/account';
import { purchasePath } from '../../features/companies/components/purchase-status';
import { useRecordPayment } from '../../features/orders/api/record-payment';
import { DashboardHeading } from '../../features/orders/components/dashboard-heading';
import {
  PaymentPanel,
  TransactionId,
  paymentStyles as styles,
} from '../../features/orders/components/payment/payment-panel';
import {
  InvoicesSummary,
  OrderSummary,
  PurchaseSummary,
} from '../../features/orders/components/payment/payment-summary';

const MY_ORDERS = '/dashboard/myorders';
const MY_COMPANY = '/dashboard/mycompany';

/**
 * What is paid on this page: one line of an order, every unpaid line of a purchase, or invoices
 * on account of the buyer's company.
 */
export type PaymentOf = 'order' | 'purchase' | 'invoices';

function BackTo({ href, children }: { href: string; children: string }) {
  return (
    <ButtonLink href={href} variant="outlined" className={styles.back}>
      {children}
    </ButtonLink>
  );
}

/** Why what is paid cannot be shown here, in words rather than a status code. */
function loadErrorText(error: Error, of: PaymentOf): string | null {
  if (!(error instanceof ApiError)) return null;
  if (of === 'invoices') {
    if (error.status === 403) return error.message;
    if (error.status === 404 || error.status === 400) return 'We could not find these invoices.';
    return null;
  }
  if (error.status === 403) return `This ${of} belongs to another account.`;
  if (error.status === 404 || error.status === 400) return `We could not find this ${of}.`;
  return null;
}

interface Loading<T> {
  data?: T;
  error: Error | null;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** While the order or purchase loads, or if it cannot be: the same for both. */
function NotLoaded<T>({ query, of }: { query: Loading<T>; of: PaymentOf }) {
  if (query.isPending || !query.error) {
    return (
      <div aria-busy="true" aria-label={`Loading the ${of}`} role="status">
        <Skeleton variant="rounded" className={styles.loading} />
      </div>
    );
  }
  const text = loadErrorText(query.error, of);
  return text ? (
    <Alert
      severity="warning"
      action={
        of === 'invoices' ? (
          <ButtonLink href={MY_COMPANY} color="inherit" size="small">
            Back to My Company
          </ButtonLink>
        ) : (
          <ButtonLink href={MY_ORDERS} color="inherit" size="small">
            Back to My Orders
          </ButtonLink>
        )
      }
    >
      {text}
    </Alert>
  ) : (
    <LoadError
      title={`We could not load this ${of}.`}
      error={query.error}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
    />
  );
}

/** SPEC section 2, /dashboard/payment/{id}: one line, paid on its own (SPEC section 4). */
function OrderPayment({ id }: { id: string }) {
  const { user } = useSession();
  const order = useOrder(id);
  const clientSecret = useClientSecret(id, order.data);
  const recordPayment = useRecordPayment();

  let body;
  if (!order.data) {
    body = <NotLoaded query={order} of="order" />;
  } else if (order.data.paid && recordPayment.isIdle) {
    // Paid before this visit; once this page has paid it, the panel says so in its place.
    body = (
      <Alert severity="info" data-testid="already-paid" title="This order is already paid.">
        {order.data.transactionId && <TransactionId id={order.data.transactionId} />}
        <BackTo href={MY_ORDERS}>Back to My Orders</BackTo>
      </Alert>
    );
  } else {
    const paying: Order = order.data;
    body = (
      <PaymentPanel
        summary={<OrderSummary order={paying} />}
        clientSecret={clientSecret}
        billingDetails={{
          name: user?.displayName ?? paying.name,
          email: user?.email ?? paying.email,
        }}
        record={(transactionId) =>
          recordPayment.mutate(
            { _id: id, transactionId },
            { onSuccess: () => notify.success(messages.paymentCompletedToast) },
          )
        }
        recording={recordPayment}
        completed={(intentId) => (
          <Alert
            severity="success"
            role="status"
            data-testid="payment-completed"
            title={messages.paymentCompletedInline}
          >
            <TransactionId id={recordPayment.data?.transactionId ?? intentId} />
            <BackTo href={MY_ORDERS}>Back to My Orders</BackTo>
          </Alert>
        )}
      />
    );
  }
  return (
    <>
      <DashboardHeading title="Payment">Pay for your order securely by card.</DashboardHeading>
      {body}
    </>
  );
}

const PAID_STATUSES: ReadonlySet<Purchase['status']> = new Set([
  'paid',
  'on_account',
  'partially_shipped',
  'shipped',
]);

/**
 * A purchase with nothing left to pay: every line paid, or none to pay (waiting for approval,
 * not approved, cancelled), said in the purchase's status words.
 */
function NothingToPay({ purchase }: { purchase: Purchase }) {
  const paid = PAID_STATUSES.has(purchase.status);
  return (
    <Alert
      severity="info"
      data-testid={paid ? 'already-paid' : 'nothing-to-pay'}
      title={
        purchase.status === 'on_account'
          ? `Nothing to pay here: this purchase is on your company's account, its invoice ${purchase.invoiceNumber ?? ''} due by ${purchase.dueDate ?? ''}.`
          : paid
            ? 'Every line of this purchase is paid.'
            : `Nothing to pay: this purchase is ${PURCHASE_STATUS_LABELS[purchase.status].toLowerCase()}.`
      }
    >
      <BackTo href={purchasePath(purchase._id)}>{`Back to purchase ${purchase.number}`}</BackTo>
    </Alert>
  );
}

/**
 * /dashboard/payment/purchase/{id}: one card payment for every unpaid line of a purchase
 * (DESIGN section 8), then back to the purchase page, where every line now reads Paid.
 */
function PurchasePayment({ id }: { id: string }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const purchase = usePurchase(id);
  const clientSecret = usePurchaseClientSecret(id, purchase.data);
  const recordPayment = useRecordPurchasePayment();

  if (!purchase.data) return <NotLoaded query={purchase} of="purchase" />;
  const paying: Purchase = purchase.data;
  return (
    <>
      <DashboardHeading title={`Pay purchase ${paying.number}`}>
        One card payment for every unpaid line of this purchase.
      </DashboardHeading>
      {paying.unpaidTotal === 0 && recordPayment.isIdle ? (
        <NothingToPay purchase={paying} />
      ) : (
        <PaymentPanel
          summary={<PurchaseSummary purchase={paying} />}
          clientSecret={clientSecret}
          billingDetails={{
            name: user?.displayName ?? paying.name,
            email: user?.email ?? paying.email,
          }}
          record={(transactionId) =>
            recordPayment.mutate(
              { purchaseId: paying._id, transactionId },
              {
                onSuccess: (paid) => {
                  notify.success(messages.paymentCompletedToast);
                  void navigate(purchasePath(paid._id));
                },
              },
            )
          }
          recording={recordPayment}
        />
      )}
    </>
  );
}

/** The invoices named in the address (`?invoices=a,b`): each once, at most 50. */
const invoiceIdsOf = (text: string | null) =>
  [...new Set((text ?? '').split(',').filter(Boolean))].slice(0, 50);

/**
 * /dashboard/payment/invoices?company=&invoices=: one card payment for the chosen invoices on
 * account (issue 30 item 5, decision 047), for what each still asks as the server reads it;
 * then back to My Company, where they read Paid.
 */
function InvoicesPayment() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const companyId = search.get('company') ?? '';
  const wanted = invoiceIdsOf(search.get('invoices'));
  const unpaid = useUnpaidInvoices(companyId);
  const chosen = (unpaid.data ?? [])
    .filter((invoice) => wanted.includes(invoice._id))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  const clientSecret = useInvoicesClientSecret(chosen);
  const recordPayment = useRecordInvoicesPayment();

  let body;
  if (!companyId) {
    body = (
      <Alert severity="warning" title="We could not find these invoices.">
        <BackTo href={MY_COMPANY}>Back to My Company</BackTo>
      </Alert>
    );
  } else if (!unpaid.data) body = <NotLoaded query={unpaid} of="invoices" />;
  else if (chosen.length === 0 && recordPayment.isIdle) {
    body = (
      <Alert
        severity="info"
        data-testid="nothing-to-pay"
        title="Nothing to pay: these invoices are paid."
      >
        <BackTo href={MY_COMPANY}>Back to My Company</BackTo>
      </Alert>
    );
  } else {
    body = (
      <PaymentPanel
        summary={<InvoicesSummary invoices={chosen} />}
        clientSecret={clientSecret}
        billingDetails={{ name: user?.displayName ?? '', email: user?.email ?? '' }}
        record={(transactionId) =>
          recordPayment.mutate(
            { id: companyId, transactionId },
            {
              onSuccess: (paid) => {
                const numbers = paid.allocations.map((allocation) => allocation.invoiceNumber);
                notify.success(`Payment received for ${numbers.join(', ')}.`);
                void navigate(MY_COMPANY);
              },
            },
          )
        }
        recording={recordPayment}
      />
    );
  }
  return (
    <>
      <DashboardHeading title="Pay invoices">
        One card payment for the invoices you chose, for what each still asks.
      </DashboardHeading>
      {body}
    </>
  );
}

/**
 * The one payment page (docs/decisions/029): a line of an order at /dashboard/payment/{id}, a
 * whole purchase at /dashboard/payment/purchase/{id}, invoices on account at
 * /dashboard/payment/invoices. Each takes the card through PaymentPanel.
 */
export default function PaymentPage({ of = 'order' }: { of?: PaymentOf }) {
  const { id = '' } = useParams();
  if (of === 'invoices') return <InvoicesPayment />;
  return of === 'purchase' ? <PurchasePayment id={id} /> : <OrderPayment id={id} />;
}
