import { QUOTE_STATUSES } from '@shop/shared';
import { useSearchParams } from 'react-router';
import admin from '../../components/admin-page.module.css';
import { PageTitle } from '../../components/page-title';
import type { QuotesView } from '../../features/quotes/api/quotes';
import { QuotesTable } from '../../features/quotes/components/quotes-table';
import { useSession } from '../../lib/session';

/** ?status=&q=&page= as the page reads them; anything else counts as left out. */
function viewOf(params: URLSearchParams): QuotesView {
  const page = Number(params.get('page'));
  const status = QUOTE_STATUSES.find((s) => s === params.get('status')) ?? null;
  return {
    status,
    q: (params.get('q') ?? '').trim(),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

function paramsOf({ status, q, page }: QuotesView): URLSearchParams {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** Quotes (issue 31): the customer's own (and their company's), the admin's inbox of all. */
export default function QuotesPage() {
  const { isAdmin } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const title = isAdmin ? 'Quotes' : 'My quotes';
  return (
    <div>
      <PageTitle title={title} />
      <h1 className={admin.title}>{title}</h1>
      <p className={admin.intro}>
        {isAdmin
          ? 'Every quote asked for, newest first: open one to make an offer or answer the buyer.'
          : 'The prices you asked us for, and our offers. Ask for a quote from your cart.'}
      </p>
      <QuotesTable
        view={viewOf(searchParams)}
        onViewChange={(view) => setSearchParams(paramsOf(view))}
      />
    </div>
  );
}
