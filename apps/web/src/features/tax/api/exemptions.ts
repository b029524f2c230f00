import {
  taxExemptionPageSchema,
  taxExemptionSchema,
  uploadedSchema,
  type ExemptionStatus,
  type TaxExemption,
  type TaxExemptionInput,
  type TaxExemptionPage,
  type TaxExemptionReview,
} from '@shop/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, routes, upload } from '../../../lib/api-client';
import { taxKeys } from './tax-keys';

export const EXEMPTIONS_PAGE = 20;

/** What POST /uploads/documents takes: the client checks first, the server by content. */
export const CERTIFICATE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const CERTIFICATE_MAX_BYTES = 2 * 1024 * 1024;
export const certificateFileMessages = {
  type: 'Please choose a PDF, or a PNG or JPEG scan.',
  size: 'Please choose a file of 2 MB or less.',
} as const;

export function certificateFileProblem(file: File): string | null {
  if (!(CERTIFICATE_TYPES as readonly string[]).includes(file.type))
    return certificateFileMessages.type;
  if (file.size > CERTIFICATE_MAX_BYTES) return certificateFileMessages.size;
  return null;
}

/** GET /companies/{id}/tax-exemptions. */
export const getCompanyExemptions = (
  id: string,
  page: number,
  signal?: AbortSignal,
): Promise<TaxExemptionPage> =>
  call(
    routes.tax.listExemptions,
    { params: { id }, query: { page: String(page), limit: String(EXEMPTIONS_PAGE) } },
    { schema: taxExemptionPageSchema, signal },
  );

export function useCompanyExemptions(id: string, page: number) {
  return useQuery({
    queryKey: taxKeys.company(id, page),
    queryFn: ({ signal }) => getCompanyExemptions(id, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** Uploads the certificate, then sends it with its details for review. */
export async function sendExemption({
  companyId,
  file,
  details,
}: {
  companyId: string;
  file: File;
  details: Omit<TaxExemptionInput, 'file'>;
}): Promise<TaxExemption> {
  const form = new FormData();
  form.append('file', file);
  const { url } = await upload(routes.tax.uploadCertificate, form, { schema: uploadedSchema });
  return call(
    routes.tax.createExemption,
    { params: { id: companyId }, body: { ...details, file: url } },
    { schema: taxExemptionSchema },
  );
}

export function useSendExemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendExemption,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxKeys.all }),
  });
}

/** GET /admin/tax-exemptions?status= : the review queue, oldest first. */
export const getExemptionsToReview = (
  status: ExemptionStatus,
  page: number,
  signal?: AbortSignal,
): Promise<TaxExemptionPage> =>
  call(
    routes.tax.adminExemptions,
    { query: { status, page: String(page), limit: String(EXEMPTIONS_PAGE) } },
    { schema: taxExemptionPageSchema, signal },
  );

export function useExemptionsToReview(status: ExemptionStatus, page: number) {
  return useQuery({
    queryKey: taxKeys.review(status, page),
    queryFn: ({ signal }) => getExemptionsToReview(status, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** PUT /admin/tax-exemptions/{id}: approve, or refuse with a reason. */
export const reviewExemption = ({ id, review }: { id: string; review: TaxExemptionReview }) =>
  call(
    routes.tax.reviewExemption,
    { params: { id }, body: review },
    { schema: taxExemptionSchema },
  );

export function useReviewExemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewExemption,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxKeys.all }),
  });
}
