import { useSearchParams } from 'react-router';
import admin from '../../components/admin-page.module.css';
import { PageTitle } from '../../components/page-title';
import type { ReceivablesView } from '../../features/companies/api/account';
import { ReceivablesTable } from '../../features/companies/components/receivables-table';

/** ?filter=overdue&page= as the page reads them; anything else counts as left out. */
function viewOf(params: URLSearchParams): ReceivablesView {
  const page = Number(params.get('page'));
  return {
    overdue: params.get('filter') === 'overdue',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

function paramsOf({ overdue, page }: ReceivablesView): URLSearchParams {
  const params = new URLSearchParams();
  if (overdue) params.set('filter', 'overdue');
  if (page > 1) params.set('page', String(page));
  return params;
}

/** Receivables (admin, issue 30): what every company owes, by age, as the URL filters it. */
export default function ReceivablesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  return (
    <div>
      <PageTitle title="Receivables" />
      <h1 className={admin.title}>Receivables</h1>
      <p className={admin.intro}>
        What the companies on terms owe, by how late their invoices are. Open a company to see its
        ledger, record a transfer or change its terms.
      </p>
      <ReceivablesTable
        view={viewOf(searchParams)}
        onViewChange={(view) => setSearchParams(paramsOf(view))}
      />
    </div>
  );
}
