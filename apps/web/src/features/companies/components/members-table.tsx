import type { Company, CompanyMember } from '@shop/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import errorButton from '../../../components/ui/button-error.module.css';
import { Chip } from '../../../components/ui/chip';
import { Dialog, DialogActions, DialogContent } from '../../../components/ui/dialog';
import {
  HeadRow,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
} from '../../../components/ui/table';
import { notify } from '../../../components/ui/toast';
import { usePutMember, useRemoveMember } from '../api/members';
import {
  draftOf,
  limitText,
  MemberFields,
  parseLimit,
  ROLE_LABEL,
  type MemberDraft,
} from './member-fields';
import { SpendMeter } from './spend-meter';
import styles from './companies.module.css';

export const CONFIRM_REMOVE_MEMBER = 'Remove this member from the company?';
export const CONFIRM_WITHDRAW = 'Withdraw this invitation?';
export const CONFIRM_LEAVE = 'Leave this company?';
export const MEMBER_SAVED = 'Member updated.';
export const MEMBER_REMOVED = 'Member removed.';
export const COMPANY_LEFT = 'You have left the company.';

const COLUMNS = ['Email', 'Name', 'Role', 'Monthly limit', 'This month', 'Actions'];

const sameEmail = (a: string, b: string | undefined) => a.toLowerCase() === b?.toLowerCase();

interface EditMemberProps {
  companyId: string;
  member: CompanyMember;
  onClose: () => void;
}

/** The owner changes a member's role and limit; the server's refusal (the last owner) shows here. */
function EditMember({ companyId, member, onClose }: EditMemberProps) {
  const putMember = usePutMember();
  const [draft, setDraft] = useState<MemberDraft>(draftOf(member));
  const [limitError, setLimitError] = useState<string>();

  const save = () => {
    const limit = parseLimit(draft.limit);
    if ('error' in limit) {
      setLimitError(limit.error);
      return;
    }
    setLimitError(undefined);
    putMember.mutate(
      { companyId, email: member.email, member: { role: draft.role, spendingLimit: limit.limit } },
      {
        onSuccess: () => {
          notify.success(MEMBER_SAVED);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      title={`Change ${member.email}`}
      onClose={putMember.isPending ? undefined : onClose}
    >
      <DialogContent>
        <div className={styles.fields}>
          <MemberFields draft={draft} onChange={setDraft} limitError={limitError} />
        </div>
        {putMember.error && <Alert severity="error">{putMember.error.message}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={putMember.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} loading={putMember.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface MemberRowProps {
  member: CompanyMember;
  isYou: boolean;
  isOwner: boolean;
  onEdit: () => void;
  onRemove: () => void;
}

function MemberRow({ member, isYou, isOwner, onEdit, onRemove }: MemberRowProps) {
  const emailId = `member-${member.email}`;
  return (
    <TableRow data-testid="member-row">
      <TableCell role="rowheader" label="Email" id={emailId} className={styles.rowName}>
        {member.email}
        {isYou && <span className={styles.secondary}> (you)</span>}
      </TableCell>
      {/* An invitation shows nothing of the person until they accept: no name, no spend. */}
      <TableCell label="Name">
        {member.status === 'active' ? (
          (member.name ?? '—')
        ) : (
          <Chip label="Invited" size="small" variant="outlined" />
        )}
      </TableCell>
      <TableCell label="Role">{ROLE_LABEL[member.role]}</TableCell>
      <TableCell label="Monthly limit">{limitText(member.spendingLimit)}</TableCell>
      <TableCell label="This month">
        {member.status === 'active' ? (
          <SpendMeter spent={member.spentThisMonth} limit={member.spendingLimit} />
        ) : (
          '—'
        )}
      </TableCell>
      <TableCell label="Actions">
        <div className={styles.actions}>
          {isOwner && (
            <Button size="small" variant="outlined" onClick={onEdit} aria-describedby={emailId}>
              Change
            </Button>
          )}
          {(isOwner || isYou) && (
            <Button
              size="small"
              variant="outlined"
              color="inherit"
              className={errorButton.outlined}
              onClick={onRemove}
              aria-describedby={emailId}
            >
              {isYou ? 'Leave' : 'Remove'}
            </Button>
          )}
        </div>
      </TableCell>
    </TableRow>
  );
}

interface MembersTableProps {
  company: Company;
  /** The signed-in member's email. */
  you: string | undefined;
  /** The shop's admin manages the members as an owner does (issue 28). */
  manage?: boolean;
}

/**
 * The company's members: role, monthly limit and this month's spend; the owner changes and
 * removes members, anyone may leave. A company keeps at least one owner: the server's 409 says so.
 */
export function MembersTable({ company, you, manage = false }: MembersTableProps) {
  const removeMember = useRemoveMember();
  const [editing, setEditing] = useState<CompanyMember | null>(null);
  const [removing, setRemoving] = useState<CompanyMember | null>(null);
  const isOwner =
    manage || company.members.some((m) => sameEmail(m.email, you) && m.role === 'owner');
  const leaving = removing !== null && sameEmail(removing.email, you);

  const confirmRemove = () => {
    if (!removing) return;
    removeMember.mutate(
      { companyId: company._id, email: removing.email },
      {
        onSuccess: () => notify.success(leaving ? COMPANY_LEFT : MEMBER_REMOVED),
        onError: (error) => notify.error(error.message),
        onSettled: () => setRemoving(null),
      },
    );
  };

  return (
    <>
      <TableContainer>
        <Table aria-label="Members" cardsOnPhones>
          <HeadRow columns={COLUMNS} />
          <TableBody>
            {company.members.map((member) => (
              <MemberRow
                key={member.email}
                member={member}
                isYou={sameEmail(member.email, you)}
                isOwner={isOwner}
                onEdit={() => setEditing(member)}
                onRemove={() => setRemoving(member)}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {editing && (
        <EditMember companyId={company._id} member={editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={removing !== null}
        question={
          leaving
            ? CONFIRM_LEAVE
            : removing?.status === 'invited'
              ? CONFIRM_WITHDRAW
              : CONFIRM_REMOVE_MEMBER
        }
        detail={leaving ? company.name : removing?.email}
        pending={removeMember.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
