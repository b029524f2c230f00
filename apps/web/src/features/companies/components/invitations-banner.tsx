import { INVITATIONS_PAGE } from '@shop/shared';
import { PageLink } from '../../../components/ui/navigation';
import { useInvitations } from '../api/invitations';
import styles from './invitations.module.css';

export const invitationsWaiting = (names: string[]) =>
  names.length === 1
    ? `${names[0]} invited you to join their company.`
    : `${names.length} companies invited you to join them: ${names.join(', ')}.`;

/**
 * Shown to a signed-in person with invitations waiting (issue 27): nobody joins a company
 * without saying yes, so the question has to reach them.
 */
export function InvitationsBanner() {
  const invitations = useInvitations();
  const waiting = invitations.data ?? [];
  if (waiting.length === 0) return null;
  return (
    // A region, not an alert: it stays while the invitations wait, and should not be announced on each page.
    <div role="region" aria-label="Company invitations" className={styles.banner}>
      <span className={styles.message}>
        {invitationsWaiting(waiting.map((invitation) => invitation.companyName))}
      </span>
      <PageLink href={INVITATIONS_PAGE} className={styles.link}>
        See invitations
      </PageLink>
    </div>
  );
}
