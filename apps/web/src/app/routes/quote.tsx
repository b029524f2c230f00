import { quotePagePath, type Quote, type QuoteAccepted } from '@shop/shared';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import admin from '../../components/admin-page.module.css';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageTitle } from '../../components/page-title';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { PageLink } from '../../components/ui/navigation';
import { Skeleton } from '../../components/ui/skeleton';
import text from '../../components/ui/text.module.css';
import { notify } from '../../components/ui/toast';
import { useAccountTerms, useMySpending } from '../../features/companies/api/get-my-spending';
import { useShipToLocations } from '../../features/companies/api/locations';
import { useDeclineQuote, useQuote, useRequestQuote } from '../../features/quotes/api/quotes';
import { AcceptForm } from '../../features/quotes/components/accept-form';
import { OfferForm } from '../../features/quotes/components/offer-form';
import { QuoteLines } from '../../features/quotes/components/quote-lines';
import { QuoteOffers } from '../../features/quotes/components/quote-offers';
import { QuoteStatusChip } from '../../features/quotes/components/quote-status';
import { QuoteMessageForm, QuoteThread } from '../../features/quotes/components/quote-thread';
import styles from '../../features/quotes/components/quotes.module.css';
import { ApiError } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';

/** The accept form with what it needs of the buyer's company, read only once it opens. */
function AcceptOffer({ quote, onCancel }: { quote: Quote; onCancel: () => void }) {
  const navigate = useNavigate();
  const locations = useShipToLocations();
  const account = useAccountTerms();
  const onAccepted = ({ purchase }: QuoteAccepted) => {
    notify.success(`Quote ${quote.number} accepted: purchase ${purchase.number} placed.`);
    // Where the cart's checkout goes too: the purchase, paid there by card when it is to be.
    void navigate(`/dashboard/purchases/${purchase._id}`);
  };
  return (
    <AcceptForm
      quote={quote}
      locations={locations}
      account={account}
      onAccepted={onAccepted}
      onCancel={onCancel}
    />
  );
}

/** Accept or decline, for the buyer's side while an offer waits. */
function BuyerActions({ quote }: { quote: Quote }) {
  const [accepting, setAccepting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const decline = useDeclineQuote(quote._id);
  const confirmDecline = () =>
    decline.mutate(undefined, {
      onSuccess: () => notify.success(`Quote ${quote.number} declined.`),
      onSettled: () => setConfirming(false),
    });
  return (
    <section className={styles.section} aria-label="Your answer">
      {decline.error && (
        <Alert severity="error" data-testid="decline-error">
          {decline.error.message}
        </Alert>
      )}
      {accepting ? (
        <AcceptOffer quote={quote} onCancel={() => setAccepting(false)} />
      ) : (
        <div className={styles.actions}>
          <Button variant="contained" onClick={() => setAccepting(true)}>
            Accept offer
          </Button>
          <Button variant="outlined" onClick={() => setConfirming(true)}>
            Decline
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        question="Decline this quote?"
        detail={`Quote ${quote.number} can no longer change once declined.`}
        pending={decline.isPending}
        onConfirm={confirmDecline}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

/**
 * An accepted quote whose purchase closed unbought (rejected by an approver, or cancelled): the
 * quote stays as agreed (decision 052), and the buyer's side may ask again for the same lines.
 */
function AskAgain({ quote, canAsk }: { quote: Quote; canAsk: boolean }) {
  const navigate = useNavigate();
  const request = useRequestQuote();
  const closed = quote.purchaseClosed === 'rejected' ? 'rejected' : 'cancelled';
  const askAgain = () =>
    request.mutate(
      {
        lines: quote.lines.map(({ productId, quantity, targetPrice }) => ({
          productId,
          quantity,
          ...(targetPrice === null ? {} : { targetPrice }),
        })),
        message: `Asked again: purchase ${quote.purchaseNumber ?? ''} from quote ${quote.number} was ${closed}.`,
      },
      { onSuccess: (next) => void navigate(quotePagePath(next._id)) },
    );
  return (
    <Alert severity="warning" role="status" data-testid="purchase-closed">
      Its purchase {quote.purchaseNumber} was {closed}: the quote stays as it was agreed.
      {canAsk && ' Ask for a new quote to buy these lines again.'}
      {request.error && <span className={styles.secondary}> {request.error.message}</span>}
      {canAsk && (
        <span className={styles.actions}>
          <Button variant="outlined" onClick={askAgain} loading={request.isPending}>
            Ask for a new quote
          </Button>
        </span>
      )}
    </Alert>
  );
}

/**
 * Whether the signed-in member only reads the quote: an approver of its company who did not ask
 * for it (the server refuses them every step, 403; decision 052). They approve what it becomes.
 */
function useReadsOnly(quote: Quote): boolean {
  const { user } = useSession();
  const spending = useMySpending();
  return (
    spending.data?.role === 'approver' &&
    spending.data.companyId === quote.companyId &&
    quote.requester.email !== user?.email
  );
}

function QuoteView({ quote, isAdmin }: { quote: Quote; isAdmin: boolean }) {
  const closed = quote.status === 'accepted' || quote.status === 'declined';
  const readsOnly = useReadsOnly(quote) && !isAdmin;
  const buyerSide = !isAdmin && !readsOnly;
  const title = `Quote ${quote.number}`;
  return (
    <article>
      <PageTitle title={title} />
      <div className={styles.header}>
        <h1 className={admin.title}>{title}</h1>
        <QuoteStatusChip status={quote.status} />
      </div>
      <dl className={styles.facts}>
        <dt>Company</dt>
        <dd>{quote.companyName ?? '—'}</dd>
        <dt>Requested by</dt>
        <dd>
          {quote.requester.name} ({quote.requester.email})
        </dd>
        <dt>Asked</dt>
        <dd>{formatDateTime(quote.createdAt, { year: true })}</dd>
        {quote.purchaseId && (
          <>
            <dt>Purchase</dt>
            <dd>
              <PageLink href={`/dashboard/purchases/${quote.purchaseId}`}>
                {quote.purchaseNumber ?? 'Open the purchase'}
              </PageLink>
            </dd>
          </>
        )}
      </dl>

      <section className={styles.section} aria-labelledby="quote-lines">
        <h2 id="quote-lines" className={text.h4}>
          Requested lines
        </h2>
        <QuoteLines quote={quote} />
      </section>

      <section className={styles.section} aria-labelledby="quote-offers">
        <h2 id="quote-offers" className={text.h4}>
          Offers
        </h2>
        <QuoteOffers quote={quote} showDiscounts={isAdmin} />
      </section>

      {quote.status === 'accepted' && quote.purchaseClosed && (
        <AskAgain quote={quote} canAsk={buyerSide} />
      )}
      {buyerSide && quote.status === 'offered' && <BuyerActions quote={quote} />}
      {readsOnly && !closed && (
        <Alert severity="info" role="status" data-testid="approver-note">
          {quote.requester.name} or your company's owner answers this quote. If the purchase it
          becomes is above their limit, it comes to you for approval.
        </Alert>
      )}
      {buyerSide && quote.status === 'expired' && (
        <Alert severity="info" role="status">
          This offer has expired: write to us below to ask for a new one.
        </Alert>
      )}

      {isAdmin && !closed && (
        <section className={styles.section} aria-labelledby="quote-offer-form">
          <h2 id="quote-offer-form" className={text.h4}>
            {quote.versions.length > 0 ? 'Make a new offer' : 'Make an offer'}
          </h2>
          <OfferForm key={quote.versions.length} quote={quote} />
        </section>
      )}

      <section className={styles.section} aria-labelledby="quote-thread">
        <h2 id="quote-thread" className={text.h4}>
          Messages
        </h2>
        <QuoteThread quote={quote} />
        {!closed && !readsOnly && <QuoteMessageForm quote={quote} withTargetPrices={!isAdmin} />}
      </section>
    </article>
  );
}

/** /dashboard/quotes/{id} (issue 31): the quote for its buyer's side and for the admin. */
export default function QuotePage() {
  const { id = '' } = useParams();
  const { isAdmin } = useSession();
  const quote = useQuote(id);
  if (quote.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading the quote" role="status">
        <Skeleton variant="text" width="40%" height={40} />
        <Skeleton variant="rectangular" height={160} />
      </div>
    );
  }
  if (quote.error) {
    const missing =
      quote.error instanceof ApiError && (quote.error.status === 404 || quote.error.status === 400);
    return missing ? (
      <Alert severity="warning" title="Quote not found">
        {quote.error.message}
      </Alert>
    ) : (
      <LoadError
        title="We could not load the quote."
        error={quote.error}
        retrying={quote.isFetching}
        onRetry={() => void quote.refetch()}
      />
    );
  }
  return <QuoteView quote={quote.data} isAdmin={isAdmin} />;
}
