import { InvitationsList } from '../../features/companies/components/invitations-list';

/** /dashboard/invitations (issue 27): accept or decline a company's invitation. */
export default function InvitationsPage() {
  return <InvitationsList />;
}
