import {
  COMPANY_ROLES,
  companyMessages,
  moneyText,
  parseMoneyText,
  spendingLimitSchema,
  type CompanyMember,
  type CompanyRole,
} from '@shop/shared';
import { useId } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { formatPrice } from '../../../lib/format';
import styles from './companies.module.css';

export const ROLE_LABEL: Record<CompanyRole, string> = {
  owner: 'Owner',
  buyer: 'Buyer',
  approver: 'Approver',
};

/** A member's monthly limit as a person reads it. */
export const limitText = (limit: number | null) =>
  limit == null ? 'No limit' : formatPrice(limit);

/**
 * The limit field's text as the API takes it: empty is no limit (null), otherwise dollars with at
 * most two decimals ("1000.50", "$1,000.50"), checked with the same schema as the server's.
 */
export function parseLimit(text: string): { limit: number | null } | { error: string } {
  if (text.trim() === '') return { limit: null };
  const parsed = spendingLimitSchema.safeParse(parseMoneyText(text) ?? Number.NaN);
  return parsed.success ? { limit: parsed.data } : { error: companyMessages.spendingLimit };
}

export interface MemberDraft {
  role: CompanyRole;
  limit: string;
}

export const draftOf = (member: CompanyMember): MemberDraft => ({
  role: member.role,
  limit: member.spendingLimit == null ? '' : moneyText(member.spendingLimit),
});

interface MemberFieldsProps {
  draft: MemberDraft;
  onChange: (draft: MemberDraft) => void;
  roleError?: string;
  limitError?: string;
}

/** A member's role and monthly spending limit: the invite and the change share them. */
export function MemberFields({ draft, onChange, roleError, limitError }: MemberFieldsProps) {
  const roleId = useId();
  return (
    <>
      <div className={styles.selectField}>
        <label htmlFor={roleId} className={styles.selectLabel}>
          Role
        </label>
        <select
          id={roleId}
          className={styles.select}
          value={draft.role}
          aria-invalid={roleError ? true : undefined}
          onChange={(event) => onChange({ ...draft, role: event.target.value as CompanyRole })}
        >
          {COMPANY_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABEL[role]}
            </option>
          ))}
        </select>
        {roleError && <p className={styles.problem}>{roleError}</p>}
      </div>
      <TextField
        label="Monthly spending limit ($)"
        inputMode="decimal"
        value={draft.limit}
        onChange={(event) => onChange({ ...draft, limit: event.target.value })}
        error={Boolean(limitError)}
        helperText={limitError ?? 'Dollars a month, cents allowed; empty for no limit.'}
      />
    </>
  );
}
