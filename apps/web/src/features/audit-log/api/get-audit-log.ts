import { auditPageSchema, type AuditPage } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';

export interface AuditLogPage {
  /** From 1, as the API counts. */
  page: number;
  limit: number;
}

/** One page of the audit log (admin): newest first. */
export function getAuditLog(
  { page, limit }: AuditLogPage,
  signal?: AbortSignal,
): Promise<AuditPage> {
  // A query string carries text: the contract's query takes the numbers as the URL writes them.
  const query = { page: String(page), limit: String(limit) };
  return call(routes.audit.list, { query }, { schema: auditPageSchema, signal });
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
