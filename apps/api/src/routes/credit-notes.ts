import { api } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, type Guards } from '../auth/guards.js';
import type { InvoiceSettings } from '../modules/orders/purchase-invoice.js';
import { creditNotePdf } from '../workflows/credit-notes/document.js';
import {
  issueCreditNote,
  retryRefund,
  type CreditNoteContext,
} from '../workflows/credit-notes/issue.js';
import { listCreditNotes, readableCreditNote } from '../workflows/credit-notes/reading.js';
import { serve } from './endpoint.js';

export interface CreditNoteRoutesOptions {
  ctx: CreditNoteContext;
  guards: Guards;
  invoices: InvoiceSettings;
}

const { creditNotes } = api;

/** Credit notes (issue 29 item 5, docs/decisions/039), registered from their contracts. */
export const creditNoteRoutes: FastifyPluginAsync<CreditNoteRoutesOptions> = async (
  app,
  { ctx, guards, invoices },
) => {
  serve(app, guards, creditNotes.create, async (request) =>
    issueCreditNote(ctx, currentUser(request), request.params.id, request.body),
  );

  serve(app, guards, creditNotes.list, async (request) =>
    listCreditNotes(ctx.db, currentUser(request), request.params.id),
  );

  serve(app, guards, creditNotes.retryRefund, async (request) =>
    retryRefund(ctx, request.params.id),
  );

  serve(app, guards, creditNotes.pdf, async (request, reply) => {
    const { note, purchase } = await readableCreditNote(
      ctx.db,
      currentUser(request),
      request.params.id,
    );
    const { fileName, pdf } = await creditNotePdf(ctx.db, invoices, note, purchase);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(pdf);
  });
};
