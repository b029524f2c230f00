import { useMyCompany } from '../../features/companies/api/get-my-company';
import { MyCompany } from '../../features/companies/components/my-company';
import { CompanyExemptions } from '../../features/tax/components/company-exemptions';
import styles from '../../features/tax/components/tax.module.css';
import { useSession } from '../../lib/session';

/**
 * /dashboard/mycompany (issue 15): the company, and (issue 29) its tax exemption certificates for
 * its owners and approvers.
 */
export default function MyCompanyPage() {
  const { user } = useSession();
  const company = useMyCompany();
  const me = company.data?.members.find(
    (member) => member.email.toLowerCase() === user?.email.toLowerCase(),
  );
  const role = me && 'role' in me ? me.role : null;
  return (
    <div className={styles.page}>
      <MyCompany />
      {company.data && (role === 'owner' || role === 'approver') && (
        <CompanyExemptions companyId={company.data._id} isOwner={role === 'owner'} />
      )}
    </div>
  );
}
