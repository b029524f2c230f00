import type { Invitation } from '@shop/shared';
import { PageTitle } from '../../../components/page-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import errorButton from '../../../components/ui/button-error.module.css';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  HeadRow,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
} from '../../../components/ui/table';
import { notify } from '../../../components/ui/toast';
import { useAcceptInvitation, useDeclineInvitation, useInvitations } from '../api/invitations';
import { ROLE_LABEL } from './member-fields';
import styles from './companies.module.css';

export const NO_INVITATIONS = 'You have no invitations waiting.';
export const joinedMessage = (company: string) => `You joined ${company}.`;
export const declinedMessage = (company: string) => `You declined ${company}'s invitation.`;

const COLUMNS = ['Company', 'Role', 'Invited by', 'Actions'];

interface InvitationRowProps {
  invitation: Invitation;
  busy: boolean;
  onAccept: () => void;
  onDecline: () => void;
}

function InvitationRow({ invitation, busy, onAccept, onDecline }: InvitationRowProps) {
  const nameId = `invitation-${invitation.companyId}`;
  return (
    <TableRow data-testid="invitation-row">
      <TableCell role="rowheader" label="Company" id={nameId} className={styles.rowName}>
        {invitation.companyName}
      </TableCell>
      <TableCell label="Role">{ROLE_LABEL[invitation.role]}</TableCell>
      <TableCell label="Invited by">{invitation.invitedBy}</TableCell>
      <TableCell label="Actions">
        <div className={styles.actions}>
          <Button
            size="small"
            variant="contained"
            disabled={busy}
            onClick={onAccept}
            aria-describedby={nameId}
          >
            Accept
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            className={errorButton.outlined}
            disabled={busy}
            onClick={onDecline}
            aria-describedby={nameId}
          >
            Decline
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}

/**
 * Invitations (issue 27): the companies that invited the signed-in person. Accepting joins one
 * (the server answers 409 while they belong to another: leave it first); declining removes the
 * invitation. Until then the company sees only the address.
 */
export function InvitationsList() {
  const invitations = useInvitations();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const busy = accept.isPending || decline.isPending;

  const onAccept = ({ companyId, companyName }: Invitation) =>
    accept.mutate(companyId, {
      onSuccess: () => notify.success(joinedMessage(companyName)),
      onError: (error) => notify.error(error.message),
    });
  const onDecline = ({ companyId, companyName }: Invitation) =>
    decline.mutate(companyId, {
      onSuccess: () => notify.success(declinedMessage(companyName)),
      onError: (error) => notify.error(error.message),
    });

  let body;
  if (invitations.isPending) {
    body = <Skeleton variant="rounded" height={120} />;
  } else if (invitations.error) {
    body = (
      <LoadError
        title="We could not load your invitations."
        error={invitations.error}
        retrying={invitations.isFetching}
        onRetry={() => void invitations.refetch()}
      />
    );
  } else if (invitations.data.length === 0) {
    body = <Alert severity="info">{NO_INVITATIONS}</Alert>;
  } else {
    body = (
      <TableContainer>
        <Table aria-label="Invitations" cardsOnPhones>
          <HeadRow columns={COLUMNS} />
          <TableBody>
            {invitations.data.map((invitation) => (
              <InvitationRow
                key={invitation.companyId}
                invitation={invitation}
                busy={busy}
                onAccept={() => onAccept(invitation)}
                onDecline={() => onDecline(invitation)}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <div className={styles.page}>
      <PageTitle title="Invitations" />
      <h1 className={styles.title}>Invitations</h1>
      <p className={styles.intro}>
        A company&apos;s owner invited you. Accept to join it and buy at its prices; until then the
        company sees only your email address.
      </p>
      {body}
    </div>
  );
}
