import type { Company } from '@shop/shared';
import { useId, useState } from 'react';
import { PageTitle } from '../../../components/page-title';
import { Button, ButtonLink } from '../../../components/ui/button';
import { notify } from '../../../components/ui/toast';
import { useUpdateCompany } from '../api/update-company';
import { CompanyForm } from './company-form';
import { InviteMember } from './invite-member';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCompany } from '../api/get-company';
import { AccountPanel } from './account-panel';
import { ContractPriceImport } from './contract-price-import';
import { ContractPricesTable } from './contract-prices-table';
import { LocationsPanel } from './locations-panel';
import { MembersTable } from './members-table';
import { SetContractPrice } from './set-contract-price';
import styles from './companies.module.css';

/** The admin's list of companies. */
export const COMPANIES_ADMIN_PATH = '/dashboard/companies';

export const COMPANY_DETAILS_SAVED = 'Company details saved.';

/** The company's details, and the admin's form to change them (PUT /companies/{id}). */
function CompanyDetails({ company }: { company: Company }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateCompany();
  if (editing) {
    return (
      <CompanyForm
        title="Edit the company"
        submitLabel="Save"
        company={company}
        pending={update.isPending}
        onCancel={() => setEditing(false)}
        onSave={async (details) => {
          await update.mutateAsync({
            id: company._id,
            changes: {
              name: details.name,
              taxId: details.taxId,
              billingAddress: details.billingAddress,
              shippingAddress: details.shippingAddress,
            },
          });
          notify.success(COMPANY_DETAILS_SAVED);
          setEditing(false);
        }}
      />
    );
  }
  const { taxId, billingAddress, shippingAddress } = company;
  return (
    <div>
      <dl className={styles.facts}>
        {(
          [
            ['Tax id', taxId],
            ['Billing address', billingAddress],
            ['Shipping address', shippingAddress],
          ] as const
        ).map(([term, value]) => (
          <div key={term} className={styles.fact}>
            <dt>{term}</dt>
            <dd>{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      <Button variant="outlined" size="small" onClick={() => setEditing(true)}>
        Edit details
      </Button>
    </div>
  );
}

/**
 * One company as the admin runs it: its details (edited here), its members and owner (invited,
 * changed, removed: issue 28), its contract prices, set one at a time or imported from CSV, and
 * its account: terms, credit limit, hold, invoices, ledger and bank transfers (issue 30).
 */
export function CompanyAdmin({ id }: { id: string }) {
  const membersId = useId();
  const pricesId = useId();
  const company = useCompany(id);

  let body;
  if (company.isPending) {
    body = <Skeleton variant="rounded" height={200} />;
  } else if (company.error) {
    body = (
      <LoadError
        title="We could not load this company."
        error={company.error}
        retrying={company.isFetching}
        onRetry={() => void company.refetch()}
      />
    );
  } else {
    body = (
      <>
        <CompanyDetails company={company.data} />
        <section aria-labelledby={pricesId} className={styles.panel}>
          <h2 id={pricesId} className={styles.heading}>
            Contract prices
          </h2>
          <ContractPricesTable companyId={id} />
          <SetContractPrice companyId={id} />
          <ContractPriceImport companyId={id} />
        </section>
        <section aria-labelledby={membersId} className={styles.panel}>
          <h2 id={membersId} className={styles.heading}>
            Members
          </h2>
          {company.data.members.length === 0 && (
            <p className={styles.hint}>Nobody yet: invite the owner.</p>
          )}
          <MembersTable company={company.data} you={undefined} manage />
          <InviteMember companyId={id} />
        </section>
        <LocationsPanel companyId={id} isOwner admin />
        <AccountPanel company={company.data} admin />
      </>
    );
  }

  const name = company.data?.name ?? 'Company';
  return (
    <div className={styles.page}>
      <div>
        <PageTitle title={name} />
        <h1 className={styles.title}>{name}</h1>
        <ButtonLink href={COMPANIES_ADMIN_PATH} size="small" variant="text">
          All companies
        </ButtonLink>
      </div>
      {body}
    </div>
  );
}
