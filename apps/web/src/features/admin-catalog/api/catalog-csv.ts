import {
  catalogImportReportSchema,
  importProblemSchema,
  type CatalogImportReport,
  type ImportProblem,
} from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, call, download, routes } from '../../../lib/api-client';
import { productKeys } from '../../../lib/product-keys';
import { saveFile } from '../../../lib/save-file';

/** The date a CSV is named after: products-2026-11-24.csv. */
const today = () => new Date().toISOString().slice(0, 10);

/** Saves the whole catalogue as the API's CSV export. */
export async function downloadCatalogCsv(): Promise<void> {
  const blob = await download(routes.catalog.exportCsv, {});
  saveFile(blob, `products-${today()}.csv`);
}

export interface ImportVariables {
  csv: string;
  dryRun: boolean;
}

/** A dry run reports what would change; an apply changes the catalogue and reports it. */
export function importCatalogCsv({ csv, dryRun }: ImportVariables): Promise<CatalogImportReport> {
  return call(
    routes.catalog.importCsv,
    { body: { csv, dryRun } },
    { schema: catalogImportReportSchema },
  );
}

const refusedProblems = z.object({ problems: z.array(importProblemSchema) });

/** The lines of a refused apply (400 with `problems`), or null for any other failure. */
export function refusedLines(error: unknown): ImportProblem[] | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const parsed = refusedProblems.safeParse(error.body);
  return parsed.success ? parsed.data.problems : null;
}

export function useImportCatalogCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCatalogCsv,
    onSuccess: (report) => {
      if (report.applied) return queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
