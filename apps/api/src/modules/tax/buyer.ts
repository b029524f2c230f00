import { looksLikeEuVatId, type TaxBuyer } from '@shop/shared';
import { checkVatIdWithVies, type ViesOptions } from './vies.js';

/**
 * Who buys, as the tax engine needs it: a company is a business, a person without one a
 * consumer; a business's EU VAT id is checked with VIES (when `VIES_URL` is set). A tax id that
 * is not an EU VAT id (a US EIN) is kept, unchecked: only reverse charge needs the check.
 */
export async function classifyBuyer(
  company: { taxId: string | null } | null,
  vies: ViesOptions,
): Promise<TaxBuyer> {
  if (company === null) return { isBusiness: false, vatId: null, vatIdCheck: 'skipped' };
  const vatId = company.taxId;
  if (vatId === null || !looksLikeEuVatId(vatId))
    return { isBusiness: true, vatId, vatIdCheck: 'skipped' };
  return { isBusiness: true, vatId, vatIdCheck: await checkVatIdWithVies(vatId, vies) };
}
