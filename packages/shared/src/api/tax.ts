import { idParamsSchema } from '../common.js';
import { uploadedSchema } from '../catalog.js';
import {
  taxExemptionInputSchema,
  taxExemptionListQuerySchema,
  taxExemptionPageSchema,
  taxExemptionReviewSchema,
  taxExemptionSchema,
  taxRatesInputSchema,
  taxRatesSchema,
} from '../tax/schemas.js';
import { pageQuerySchema } from '../paging.js';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

/** Tax rates and exemption certificates (DESIGN section 9, "tax"; docs/decisions/035). */

export const rates = endpoint({
  method: 'GET',
  path: '/admin/tax-rates',
  summary: 'The US state sales tax rates, with the seller country and nexus states',
  access: 'admin',
  responses: { 200: taxRatesSchema, ...errors(401, 403) },
});

export const replaceRates = endpoint({
  method: 'PUT',
  path: '/admin/tax-rates',
  summary:
    'Replace the US state rate table: { rates: [{ region, rate }] } or { csv: "region,rate" }',
  access: 'admin',
  body: taxRatesInputSchema,
  responses: { 200: taxRatesSchema, ...errors(400, 401, 403) },
});

export const uploadCertificate = endpoint({
  method: 'POST',
  path: '/uploads/documents',
  summary: 'Upload a tax exemption certificate (PDF, PNG or JPEG, at most 2 MB); answers its URL',
  access: 'user',
  who: 'any signed-in customer (the file is named by a certificate)',
  multipartFile: 'file',
  responses: { 201: uploadedSchema, ...errors(400, 401, 403, 413, 415) },
});

export const createExemption = endpoint({
  method: 'POST',
  path: '/companies/{id}/tax-exemptions',
  summary: "Send a company's exemption certificate for a US state, for an admin to review",
  access: 'user',
  who: 'company owner',
  params: idParamsSchema,
  body: taxExemptionInputSchema,
  responses: { 201: taxExemptionSchema, ...errors(400, 401, 403, 404) },
});

export const listExemptions = endpoint({
  method: 'GET',
  path: '/companies/{id}/tax-exemptions',
  summary: "A company's exemption certificates, newest first, with their review",
  access: 'user',
  who: 'company owner or approver, admin',
  params: idParamsSchema,
  query: pageQuerySchema,
  responses: { 200: taxExemptionPageSchema, ...errors(400, 401, 403, 404) },
});

export const adminExemptions = endpoint({
  method: 'GET',
  path: '/admin/tax-exemptions',
  summary: 'Exemption certificates of every company, oldest pending first',
  access: 'admin',
  query: taxExemptionListQuerySchema,
  responses: { 200: taxExemptionPageSchema, ...errors(400, 401, 403) },
});

export const reviewExemption = endpoint({
  method: 'PUT',
  path: '/admin/tax-exemptions/{id}',
  summary: 'Approve an exemption certificate, or refuse it with a reason',
  access: 'admin',
  params: idParamsSchema,
  body: taxExemptionReviewSchema,
  responses: { 200: taxExemptionSchema, ...errors(400, 401, 403, 404, 409) },
});
