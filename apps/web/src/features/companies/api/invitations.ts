import {
  companyAnswerSchema,
  deletedSchema,
  invitationSchema,
  type Company,
  type Invitation,
} from '@shop/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call, routes } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { companyKeys } from './company-keys';

const invitationListSchema = z.array(invitationSchema);

/** GET /invitations: the companies waiting for the caller's yes. */
export function getInvitations(signal?: AbortSignal): Promise<Invitation[]> {
  return call(routes.companies.invitations, {}, { schema: invitationListSchema, signal });
}

export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.invitations,
    queryFn: ({ signal }) => getInvitations(signal),
  });

export function useInvitations() {
  const { hasAccessToken } = useSession();
  return useQuery({ ...invitationsQueryOptions(), enabled: hasAccessToken });
}

/** PUT /invitations/{companyId}/accept: the caller joins the company. */
export function acceptInvitation(companyId: string): Promise<Company> {
  return call(
    routes.companies.acceptInvitation,
    { params: { companyId } },
    { schema: companyAnswerSchema },
  );
}

/** PUT /invitations/{companyId}/decline: the invitation is removed. */
export async function declineInvitation(companyId: string): Promise<void> {
  await call(
    routes.companies.declineInvitation,
    { params: { companyId } },
    { schema: deletedSchema },
  );
}

/** An answer changes the invitations and the caller's company (and the menu that reads it). */
function useAnswer(mutationFn: (companyId: string) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}

export const useAcceptInvitation = () => useAnswer(acceptInvitation);
export const useDeclineInvitation = () => useAnswer(declineInvitation);
