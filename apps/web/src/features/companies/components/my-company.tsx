import type { Company } from '@shop/shared';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageTitle } from '../../../components/page-title';
import { Button } from '../../../components/ui/button';
import errorButton from '../../../components/ui/button-error.module.css';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSession } from '../../../lib/session';
import { notify } from '../../../components/ui/toast';
import { useCreateCompany } from '../api/create-company';
import { useDissolveCompany } from '../api/dissolve-company';
import { useMyCompany } from '../api/get-my-company';
import { useUpdateCompany } from '../api/update-company';
import { CompanyForm } from './company-form';
import { AccountPanel } from './account-panel';
import { CompanyPurchases } from './company-purchases';
import { InviteMember } from './invite-member';
import { LocationsPanel } from './locations-panel';
import { MembersTable } from './members-table';
import styles from './companies.module.css';

export const COMPANY_CREATED = 'Company created: you are its owner.';
export const COMPANY_SAVED = 'Company details saved.';
export const CONFIRM_DISSOLVE = 'Dissolve this company?';
export const COMPANY_DISSOLVED = 'The company is dissolved.';

/**
 * The owner ends the company, after a question: its members and invitations go, its paid
 * purchases and invoices stay. The server refuses (409) while purchases wait for payment or
 * approval, and says so.
 */
function DissolveCompany({ company }: { company: Company }) {
  const headingId = useId();
  const dissolve = useDissolveCompany();
  const [asking, setAsking] = useState(false);
  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <h2 id={headingId} className={styles.heading}>
        Dissolve the company
      </h2>
      <p className={styles.hint}>
        Its members and invitations are removed; its paid purchases and invoices are kept. Pay,
        cancel or reject the purchases still waiting first.
      </p>
      <div>
        <Button
          variant="outlined"
          color="inherit"
          className={errorButton.outlined}
          onClick={() => setAsking(true)}
        >
          Dissolve company
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        question={CONFIRM_DISSOLVE}
        detail={company.name}
        pending={dissolve.isPending}
        onConfirm={() =>
          dissolve.mutate(company._id, {
            onSuccess: () => notify.success(COMPANY_DISSOLVED),
            onError: (error) => notify.error(error.message),
            onSettled: () => setAsking(false),
          })
        }
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}

const sameEmail = (a: string, b: string | undefined) => a.toLowerCase() === b?.toLowerCase();

/** What the company's invoices carry; the owner changes it. */
function CompanyDetails({ company, isOwner }: { company: Company; isOwner: boolean }) {
  const headingId = useId();
  const updateCompany = useUpdateCompany();
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <CompanyForm
        title="Company details"
        submitLabel="Save"
        company={company}
        pending={updateCompany.isPending}
        onCancel={() => setEditing(false)}
        onSave={async (changes) => {
          await updateCompany.mutateAsync({ id: company._id, changes });
          notify.success(COMPANY_SAVED);
          setEditing(false);
        }}
      />
    );
  }
  const facts = [
    ['Name', company.name],
    ['Tax id', company.taxId],
    ['Billing address', company.billingAddress],
    ['Shipping address', company.shippingAddress],
  ] as const;
  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <h2 id={headingId} className={styles.heading}>
        Company details
      </h2>
      <dl className={styles.facts}>
        {facts.map(([term, value]) => (
          <div key={term} className={styles.fact}>
            <dt>{term}</dt>
            <dd>{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      {isOwner && (
        <div>
          <Button variant="outlined" onClick={() => setEditing(true)}>
            Edit details
          </Button>
        </div>
      )}
    </section>
  );
}

function CompanyView({ company, you }: { company: Company; you: string | undefined }) {
  const membersId = useId();
  const purchasesId = useId();
  const isOwner = company.members.some((m) => sameEmail(m.email, you) && m.role === 'owner');
  // The company's account (issue 30): its terms reach owners and approvers only (decision 043).
  const readsAccount = company.paymentTerms !== undefined;
  return (
    <>
      <CompanyDetails company={company} isOwner={isOwner} />
      <section aria-labelledby={membersId} className={styles.panel}>
        <h2 id={membersId} className={styles.heading}>
          Members
        </h2>
        <MembersTable company={company} you={you} />
        {isOwner && <InviteMember companyId={company._id} />}
      </section>
      <LocationsPanel companyId={company._id} isOwner={isOwner} />
      <section aria-labelledby={purchasesId} className={styles.panel}>
        <h2 id={purchasesId} className={styles.heading}>
          Purchases
        </h2>
        <CompanyPurchases companyId={company._id} />
      </section>
      {readsAccount && <AccountPanel company={company} />}
      {isOwner && <DissolveCompany company={company} />}
    </>
  );
}

function CreateCompany() {
  const createCompany = useCreateCompany();
  return (
    <CompanyForm
      title="Create a company"
      submitLabel="Create company"
      pending={createCompany.isPending}
      onSave={async (details) => {
        await createCompany.mutateAsync(details);
        notify.success(COMPANY_CREATED);
      }}
    />
  );
}

/**
 * My Company (issue 15): a customer without a company creates one; a member sees its details,
 * members with their limits and this month's spend, and its purchases. The owner edits the
 * details and the members.
 */
export function MyCompany() {
  const { user } = useSession();
  const company = useMyCompany();

  let body;
  if (company.isPending) {
    body = <Skeleton variant="rounded" height={200} />;
  } else if (company.error) {
    body = (
      <LoadError
        title="We could not load your company."
        error={company.error}
        retrying={company.isFetching}
        onRetry={() => void company.refetch()}
      />
    );
  } else if (company.data === null) {
    body = (
      <>
        <p className={styles.intro}>
          Buy together with your colleagues: create your company, invite them, and give each a role
          and a monthly spending limit.
        </p>
        <CreateCompany />
      </>
    );
  } else {
    body = <CompanyView company={company.data} you={user?.email} />;
  }

  return (
    <div className={styles.page}>
      <PageTitle title="My Company" />
      <h1 className={styles.title}>{company.data ? company.data.name : 'My Company'}</h1>
      {body}
    </div>
  );
}
