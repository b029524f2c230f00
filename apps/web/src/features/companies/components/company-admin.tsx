import { useId } from 'react';
import { PageTitle } from '../../../components/page-title';
import { ButtonLink } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCompany } from '../api/get-company';
import { ContractPriceImport } from './contract-price-import';
import { ContractPricesTable } from './contract-prices-table';
import { MembersTable } from './members-table';
import { SetContractPrice } from './set-contract-price';
import styles from './companies.module.css';

/** The admin's list of companies. */
export const COMPANIES_ADMIN_PATH = '/dashboard/companies';

/**
 * One company as the admin reads it: its details and members, and its contract prices, set one
 * at a time or imported from CSV.
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
    const { taxId, billingAddress, shippingAddress } = company.data;
    body = (
      <>
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
          <MembersTable company={company.data} you={undefined} />
        </section>
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
