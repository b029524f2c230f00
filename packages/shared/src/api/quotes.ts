import { z } from 'zod';
import { creditRefusedSchema } from '../accounts.js';
import { idParamsSchema } from '../common.js';
import { checkoutPreviewSchema, checkoutRefusedSchema } from '../purchases.js';
import {
  quoteAcceptedSchema,
  quoteAcceptSchema,
  quoteCreatedSchema,
  quoteListSchema,
  quoteMessageBodySchema,
  quoteOfferSchema,
  quoteQuerySchema,
  quoteRequestSchema,
  quoteSchema,
} from '../quotes.js';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

/** Quotes (issue 31, docs/decisions/052): request, offers in versions, one acceptance. */

export const create = endpoint({
  method: 'POST',
  path: '/quotes',
  summary:
    "Ask for a quote: lines with quantities and target prices, a message, a ship-to location; the shop's admins are mailed",
  access: 'user',
  scope: 'purchases:write',
  body: quoteRequestSchema,
  idempotent: true,
  responses: { 201: quoteCreatedSchema, ...errors(400, 401, 404, 409, 422) },
});

export const list = endpoint({
  method: 'GET',
  path: '/quotes',
  summary:
    "Quotes newest first, a page at a time: an admin's every quote, a company owner's or approver's the company's, anyone else's their own",
  access: 'user',
  scope: 'purchases:read',
  query: quoteQuerySchema,
  responses: { 200: quoteListSchema, ...errors(400, 401) },
});

export const get = endpoint({
  method: 'GET',
  path: '/quote/{id}',
  summary: 'A quote with its lines, every offer (version) and the thread of messages',
  access: 'user',
  scope: 'purchases:read',
  who: "its requester, its company's owners and approvers (buyers: their own), admin",
  params: idParamsSchema,
  responses: { 200: quoteSchema, ...errors(400, 401, 403, 404) },
});

export const message = endpoint({
  method: 'POST',
  path: '/quote/{id}/messages',
  summary:
    'Write in the thread; the buyer may name new target prices, which asks the shop for a new offer',
  access: 'user',
  who: 'its requester, a buyer or owner of its company, admin',
  params: idParamsSchema,
  body: quoteMessageBodySchema,
  responses: { 201: quoteSchema, ...errors(400, 401, 403, 404, 409) },
});

export const offer = endpoint({
  method: 'PUT',
  path: '/quote/{id}/offer',
  summary:
    'Offer prices: a new version with a unit price per line, a validity and a note; the buyer is mailed',
  access: 'admin',
  params: idParamsSchema,
  body: quoteOfferSchema,
  responses: { 200: quoteSchema, ...errors(400, 401, 403, 404, 409) },
});

export const accept = endpoint({
  method: 'PUT',
  path: '/quote/{id}/accept',
  summary:
    'Accept the latest offer before it expires: it becomes a purchase at its prices through the one way to buy (limits, approval, credit, shipping and tax apply); once only',
  access: 'user',
  scope: 'purchases:write',
  who: 'its requester, a buyer or owner of its company',
  params: idParamsSchema,
  body: quoteAcceptSchema,
  responses: {
    200: quoteAcceptedSchema,
    409: z.union([checkoutRefusedSchema, creditRefusedSchema, errors(409)[409]]),
    ...errors(400, 401, 403, 404),
  },
});

export const preview = endpoint({
  method: 'POST',
  path: '/quote/{id}/preview',
  summary:
    'What accepting the latest offer with this body would charge (its lines at the offered prices, shipping and its options, tax, total), placing nothing',
  access: 'user',
  scope: 'purchases:write',
  who: 'its requester, a buyer or owner of its company',
  params: idParamsSchema,
  body: quoteAcceptSchema,
  responses: {
    200: checkoutPreviewSchema,
    409: z.union([checkoutRefusedSchema, errors(409)[409]]),
    ...errors(400, 401, 403, 404),
  },
});

export const decline = endpoint({
  method: 'PUT',
  path: '/quote/{id}/decline',
  summary: 'Decline the quote: it can no longer change',
  access: 'user',
  who: 'its requester, a buyer or owner of its company',
  params: idParamsSchema,
  responses: { 200: quoteSchema, ...errors(400, 401, 403, 404, 409) },
});

export const pdf = endpoint({
  method: 'GET',
  path: '/quote/{id}.pdf',
  summary:
    'An offer as a PDF: number, lines, prices, validity, seller and buyer (the latest unless ?version=)',
  access: 'user',
  scope: 'purchases:read',
  who: 'whoever may read the quote',
  params: idParamsSchema,
  query: z.object({
    version: z
      .string()
      .regex(/^\d{1,9}$/, 'Please give a version number.')
      .transform(Number)
      .optional(),
  }),
  responses: { 200: z.string().describe('application/pdf'), ...errors(400, 401, 403, 404) },
});
