import type { UserInfo } from '@shop/shared';
import { useId, type ReactNode } from 'react';
import styles from './profile.module.css';

const NOT_ADDED = 'Not added yet';

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </>
  );
}

/** An http(s) address is a link (opened apart from the shop); anything else stays text. */
function LinkedIn({ value }: { value: string }) {
  if (!/^https?:\/\//i.test(value)) return value;
  return (
    <a href={value} target="_blank" rel="noopener noreferrer">
      {value}
    </a>
  );
}

interface StoredInformationProps {
  name: string;
  email: string;
  info: UserInfo | null;
}

/**
 * SPEC section 2, Profile page: the stored information. Beside SPEC's four fields, the business
 * details a checkout starts from (DESIGN section 8): company, tax id, billing and shipping address.
 */
export function StoredInformation({ name, email, info }: StoredInformationProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Your Information
      </h2>
      <dl className={styles.facts}>
        <Fact label="Name" value={name || '—'} testId="profile-name" />
        <Fact label="Email" value={email || '—'} testId="profile-email" />
        <Fact label="Education" value={info?.education ?? NOT_ADDED} testId="profile-education" />
        <Fact label="Location" value={info?.location ?? NOT_ADDED} testId="profile-location" />
        <Fact label="Phone Number" value={info?.number ?? NOT_ADDED} testId="profile-number" />
        <Fact
          label="LinkedIn"
          value={info ? <LinkedIn value={info.linkedin} /> : NOT_ADDED}
          testId="profile-linkedin"
        />
        <Fact label="Company" value={info?.company ?? NOT_ADDED} testId="profile-company" />
        <Fact label="Tax id (VAT/EIN)" value={info?.taxId ?? NOT_ADDED} testId="profile-tax-id" />
        <Fact
          label="Billing address"
          value={info?.billingAddress ?? NOT_ADDED}
          testId="profile-billing-address"
        />
        <Fact
          label="Shipping address"
          value={info?.shippingAddress ?? NOT_ADDED}
          testId="profile-shipping-address"
        />
      </dl>
    </section>
  );
}
