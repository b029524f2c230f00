import { z } from 'zod';
import {
  catalogImportReportSchema,
  catalogImportSchema,
  importRefusedSchema,
  productCreatedSchema,
  productInputSchema,
  productPageSchema,
  productSchema,
  productSearchQuerySchema,
  productUpdatedSchema,
  productUpdateSchema,
  uploadedSchema,
} from '../catalog.js';
import { apiErrorSchema, deletedSchema, idParamsSchema } from '../common.js';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

/** The products (SPEC calls them items). Reads are public and cached with an ETag. */

export const list = endpoint({
  method: 'GET',
  path: '/items',
  summary: 'The newest products (at most 100; GET /products pages through all of them)',
  access: 'anyone',
  scope: 'catalog:read',
  responses: { 200: z.array(productSchema) },
});

export const search = endpoint({
  method: 'GET',
  path: '/products',
  summary:
    "Search, filter, sort and page the catalogue, with counts per category; a company member's token adds `contractPrice`",
  access: 'anyone',
  scope: 'catalog:read',
  query: productSearchQuerySchema,
  responses: { 200: productPageSchema, ...errors(400) },
});

export const get = endpoint({
  method: 'GET',
  path: '/item/{id}',
  summary: 'One product',
  access: 'anyone',
  scope: 'catalog:read',
  params: idParamsSchema,
  responses: { 200: productSchema, ...errors(400, 404) },
});

export const create = endpoint({
  method: 'POST',
  path: '/item',
  summary: 'Add a product',
  access: 'admin',
  scope: 'catalog:write',
  body: productInputSchema,
  // An ERP that adds products retries after a timeout: the key keeps it from adding one twice.
  idempotent: true,
  responses: { 201: productCreatedSchema, ...errors(400, 401, 403, 409, 422) },
});

export const update = endpoint({
  method: 'PUT',
  path: '/item/{id}',
  summary: 'Change any field of a product, name and image included',
  access: 'admin',
  scope: 'catalog:write',
  params: idParamsSchema,
  body: productUpdateSchema,
  responses: { 200: productUpdatedSchema, ...errors(400, 401, 403, 404, 409) },
});

export const remove = endpoint({
  method: 'DELETE',
  path: '/item/{id}',
  summary: 'Delete a product',
  access: 'admin',
  scope: 'catalog:write',
  params: idParamsSchema,
  responses: { 200: deletedSchema, ...errors(400, 401, 403, 404) },
});

export const upload = endpoint({
  method: 'POST',
  path: '/uploads',
  summary: 'Upload a product image (PNG, JPEG or WebP, at most 2 MB); answers its /uploads/ URL',
  access: 'admin',
  scope: 'catalog:write',
  multipartFile: 'file',
  responses: { 201: uploadedSchema, ...errors(400, 401, 403, 413, 415) },
});

export const exportCsv = endpoint({
  method: 'GET',
  path: '/admin/products.csv',
  summary: 'The whole catalogue as CSV (RFC 4180), one row per product, keyed by sku',
  access: 'admin',
  scope: 'catalog:read',
  responses: { 200: z.string().describe('text/csv'), ...errors(401, 403) },
});

export const importCsv = endpoint({
  method: 'POST',
  path: '/admin/products/import',
  summary: 'Create and update products from CSV by sku; a dry run reports what would change',
  access: 'admin',
  scope: 'catalog:write',
  body: catalogImportSchema,
  responses: {
    200: catalogImportReportSchema,
    400: z.union([importRefusedSchema, apiErrorSchema]),
    ...errors(401, 403),
  },
});
