import { MyCompany } from '../../features/companies/components/my-company';

/** /dashboard/mycompany (issue 15). */
export default function MyCompanyPage() {
  return <MyCompany />;
}
