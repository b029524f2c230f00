import { auditPageSchema, type AuditPage } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface AuditLogPage {
  /** From 1, as the API counts. */
  page: number;
  limit: number;
}

/** GET /admin/audit?page=&limit= (admin): newest first. */
export function getAuditLog({ page, limit }: AuditLogPage, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  return apiRequest<AuditPage>(`/admin/audit?${query}`, { schema: auditPageSchema, signal });
}

export const auditLogKeys = {
  all: ['audit-log'] as const,
  page: (page: AuditLogPage) => [...auditLogKeys.all, page] as const,
};

export const auditLogQueryOptions = (page: AuditLogPage) =>
  queryOptions({
    queryKey: auditLogKeys.page(page),
    queryFn: ({ signal }) => getAuditLog(page, signal),
    // The table keeps the page shown while the next one loads, so it does not jump.
    placeholderData: keepPreviousData,
    // Other admins act meanwhile: each visit reads the log afresh.
    staleTime: 0,
  });

export function useAuditLog(page: AuditLogPage) {
  return useQuery(auditLogQueryOptions(page));
}
