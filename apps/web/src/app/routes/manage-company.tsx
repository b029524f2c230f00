import { useParams } from 'react-router';
import { CompanyAdmin } from '../../features/companies/components/company-admin';

/** /dashboard/companies/{id} (admin): one company and its contract prices. */
export default function ManageCompanyPage() {
  const { id = '' } = useParams();
  return <CompanyAdmin id={id} />;
}
