import { z } from 'zod';
import { idParamsSchema } from '../common.js';
import { creditNoteBodySchema, creditNoteListSchema, creditNoteSchema } from '../credit-notes.js';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

/** Credit notes (issue 29 item 5, docs/decisions/039): all or part of a paid purchase given back. */

export const create = endpoint({
  method: 'POST',
  path: '/purchase/{id}/credit-notes',
  summary:
    'Credit all or part of an invoiced purchase: a gapless CN number, the same tax, a PDF emailed to the buyer, and a card refund of the total',
  access: 'admin',
  params: idParamsSchema,
  body: creditNoteBodySchema,
  responses: { 201: creditNoteSchema, ...errors(400, 401, 403, 404, 409) },
});

export const list = endpoint({
  method: 'GET',
  path: '/purchase/{id}/credit-notes',
  summary: "The purchase's credit notes, oldest first",
  access: 'user',
  scope: 'invoices:read',
  who: 'whoever may read the purchase: its buyer, their company owner or approver, an admin',
  params: idParamsSchema,
  responses: { 200: creditNoteListSchema, ...errors(400, 401, 403, 404) },
});

export const pdf = endpoint({
  method: 'GET',
  path: '/credit-note/{id}.pdf',
  summary: 'A credit note as a PDF',
  access: 'user',
  scope: 'invoices:read',
  who: 'whoever may read its purchase',
  params: idParamsSchema,
  responses: { 200: z.string().describe('application/pdf'), ...errors(400, 401, 403, 404) },
});

export const retryRefund = endpoint({
  method: 'POST',
  path: '/credit-note/{id}/refund',
  summary:
    'Ask the gateway again for the card refund of a credit note whose refund failed; any other note is answered as it is',
  access: 'admin',
  params: idParamsSchema,
  responses: { 200: creditNoteSchema, ...errors(400, 401, 403, 404) },
});
