import { ApprovalsList } from '../../features/companies/components/approvals-list';

/** /dashboard/approvals (issue 15): for a company's owners and approvers. */
export default function ApprovalsPage() {
  return <ApprovalsList />;
}
