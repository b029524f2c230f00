import { emailSchema } from '@shop/shared';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { notify } from '../../../components/ui/toast';
import { usePutMember } from '../api/members';
import { MemberFields, parseLimit, type MemberDraft } from './member-fields';
import styles from './companies.module.css';

export const invitedMessage = (email: string) => `${email} is invited.`;

const EMPTY: MemberDraft = { role: 'buyer', limit: '' };
const SERVER_FIELDS = ['email', 'role', 'spendingLimit'] as const;
type Problems = Partial<Record<(typeof SERVER_FIELDS)[number] | 'form', string>>;

/**
 * The owner invites an address with a role and an optional monthly limit (PUT
 * /companies/{id}/members/{email}): an address with an account joins at once, one without when
 * it signs up.
 */
export function InviteMember({ companyId }: { companyId: string }) {
  const headingId = useId();
  const putMember = usePutMember();
  const [email, setEmail] = useState('');
  const [draft, setDraft] = useState<MemberDraft>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = emailSchema.safeParse(email);
    const limit = parseLimit(draft.limit);
    const found: Problems = {};
    if (!address.success) found.email = address.error.issues[0]?.message;
    if ('error' in limit) found.spendingLimit = limit.error;
    setProblems(found);
    if (!address.success || 'error' in limit) return;
    putMember.mutate(
      {
        companyId,
        email: address.data,
        member: { role: draft.role, spendingLimit: limit.limit },
      },
      {
        onSuccess: () => {
          notify.success(invitedMessage(address.data));
          setEmail('');
          setDraft(EMPTY);
        },
        onError: (error) => {
          const fields = serverFieldErrors(error, SERVER_FIELDS);
          if (fields.length === 0) setProblems({ form: error.message });
          else setProblems(Object.fromEntries(fields.map((f) => [f.field, f.message])));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className={styles.panel}>
      <h3 id={headingId} className={styles.subheading}>
        Invite a member
      </h3>
      <div className={styles.inline}>
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={Boolean(problems.email)}
          helperText={problems.email}
        />
        <MemberFields
          draft={draft}
          onChange={setDraft}
          roleError={problems.role}
          limitError={problems.spendingLimit}
        />
        <Button type="submit" variant="contained" loading={putMember.isPending}>
          Invite
        </Button>
      </div>
      {problems.form && <Alert severity="error">{problems.form}</Alert>}
    </form>
  );
}
