import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import admin from '../../components/admin-page.module.css';
import { PageTitle } from '../../components/page-title';
import type { CompanyListView } from '../../features/companies/api/admin-companies';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/toast';
import { useAdminCreateCompany } from '../../features/companies/api/admin-create-company';
import { CompaniesTable } from '../../features/companies/components/companies-table';
import { CompanyForm } from '../../features/companies/components/company-form';

export const companyOpenedMessage = (owner: string) =>
  `Company opened: ${owner} is invited as its owner.`;

/**
 * The admin opens a company for a customer (issue 28): the owner is invited and joins when they
 * accept; the new company's page opens to add members and contract prices.
 */
function OpenCompany() {
  const [open, setOpen] = useState(false);
  const create = useAdminCreateCompany();
  const navigate = useNavigate();
  if (!open) {
    return (
      <div>
        <Button variant="contained" onClick={() => setOpen(true)}>
          Open a company
        </Button>
      </div>
    );
  }
  return (
    <CompanyForm
      title="Open a company"
      submitLabel="Open company"
      askOwner
      pending={create.isPending}
      onCancel={() => setOpen(false)}
      onSave={async ({ ownerEmail, ...details }) => {
        const company = await create.mutateAsync({ ...details, ownerEmail: ownerEmail ?? '' });
        notify.success(companyOpenedMessage(ownerEmail ?? ''));
        await navigate(`/dashboard/companies/${company._id}`);
      }}
    />
  );
}

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
 * Companies (admin, issues 15 and 28): every company account, searched and paged in the URL, each
 * leading to its page; a new one is opened here.
 */
export default function ManageCompaniesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  return (
    <div>
      <PageTitle title="Companies" />
      <h1 className={admin.title}>Companies</h1>
      <p className={admin.intro}>
        The business accounts of the shop: open one to edit it, manage its members and set its
        contract prices.
      </p>
      <OpenCompany />
      <CompaniesTable
        view={viewOf(searchParams)}
        onViewChange={(view, options) => setSearchParams(paramsOf(view), options)}
      />
    </div>
  );
}
