import admin from '../../components/admin-page.module.css';
import { PageTitle } from '../../components/page-title';
import { ExemptionReview } from '../../features/tax/components/exemption-review';
import { TaxRatesAdmin } from '../../features/tax/components/tax-rates-admin';
import styles from '../../features/tax/components/tax.module.css';

/** /dashboard/tax (admin, issue 29): the US state rate table and the certificates to review. */
export default function TaxPage() {
  return (
    <div className={styles.page}>
      <PageTitle title="Tax" />
      <div>
        <h1 className={admin.title}>Tax</h1>
        <p className={admin.intro}>
          Sales tax rates by US state, and the exemption certificates companies send.
        </p>
      </div>
      <TaxRatesAdmin />
      <ExemptionReview />
    </div>
  );
}
