import { useSearchParams } from 'react-router';
import admin from '../../components/admin-page.module.css';
import { PageTitle } from '../../components/page-title';
import type { CompanyListView } from '../../features/companies/api/admin-companies';
import { CompaniesTable } from '../../features/companies/components/companies-table';

/** ?q=&page= as the page reads them; anything else in their place counts as left out. */
function viewOf(params: URLSearchParams): CompanyListView {
  const page = Number(params.get('page'));
  return {
    q: params.get('q')?.trim() ?? '',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

function paramsOf({ q, page }: CompanyListView): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  return params;
}

/**
 * Companies (admin, issue 15): every company account, searched and paged in the URL, each
 * leading to its contract prices.
 */
export default function ManageCompaniesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  return (
    <div>
      <PageTitle title="Companies" />
      <h1 className={admin.title}>Companies</h1>
      <p className={admin.intro}>
        The business accounts of the shop: open one to set its contract prices.
      </p>
      <CompaniesTable
        view={viewOf(searchParams)}
        onViewChange={(view, options) => setSearchParams(paramsOf(view), options)}
      />
    </div>
  );
}
