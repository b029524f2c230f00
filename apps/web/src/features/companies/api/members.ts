import { companyAnswerSchema, type Company, type MemberInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { companyKeys } from './company-keys';

export interface PutMemberVariables {
  companyId: string;
  email: string;
  member: MemberInput;
}

/**
 * PUT /companies/{id}/members/{email}: the owner invites an address, or changes a member's role
 * and monthly limit. The same call does both: the address decides.
 */
export function putMember({ companyId, email, member }: PutMemberVariables): Promise<Company> {
  return call(
    routes.companies.putMember,
    { params: { id: companyId, email }, body: member },
    { schema: companyAnswerSchema },
  );
}

export interface RemoveMemberVariables {
  companyId: string;
  email: string;
}

/** DELETE /companies/{id}/members/{email}: the owner removes a member, or a member leaves. */
export function removeMember({ companyId, email }: RemoveMemberVariables): Promise<Company> {
  return call(
    routes.companies.removeMember,
    { params: { id: companyId, email } },
    { schema: companyAnswerSchema },
  );
}

/** Members change the company everywhere it is shown; leaving also ends "my company". */
function useInvalidateCompanies() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: companyKeys.all });
}

export function usePutMember() {
  const invalidate = useInvalidateCompanies();
  return useMutation({ mutationFn: putMember, onSuccess: invalidate });
}

export function useRemoveMember() {
  const invalidate = useInvalidateCompanies();
  return useMutation({ mutationFn: removeMember, onSuccess: invalidate });
}
