import { Readable } from 'node:stream';
import { api, PRICE_IMPORT_CHARS_MAX } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, type Guards } from '../auth/guards.js';
import { csvImportBodyLimit } from '../http/csv.js';
import { serve } from './endpoint.js';
import type { OrderContext } from '../modules/orders/context.js';
import { approvePurchase } from '../workflows/buying/approve-purchase.js';
import { listApprovals, rejectPurchase } from '../workflows/buying/approvals.js';
import { companyPurchases } from '../workflows/buying/reading.js';
import { companyAccount, spendingWithHold } from '../workflows/accounts/account.js';
import { companyInvoices, recordBankPayment } from '../workflows/accounts/payments.js';
import { recordInvoicePayment } from '../workflows/accounts/card-payments.js';
import { companyStatement } from '../workflows/accounts/statement.js';
import { listReceivables, receivablesCsv } from '../modules/ledger/receivables.js';
import type { InvoiceSettings } from '../modules/orders/purchase-invoice.js';
import { setTerms } from '../modules/companies/terms.js';
import { importPrices, listPrices, putPrice, removePrice } from '../modules/companies/prices.js';
import {
  createLocation,
  listLocations,
  removeLocation,
  updateLocation,
} from '../modules/companies/locations.js';
import {
  acceptInvitation,
  declineInvitation,
  listInvitations,
} from '../modules/companies/invitations.js';
import {
  createCompany,
  createCompanyForOwner,
  dissolveCompany,
  listCompanies,
  myCompany,
  putMember,
  readCompany,
  removeMember,
  updateCompany,
} from '../modules/companies/service.js';
import { jobsQueued } from '../kernel/jobs.js';

export interface CompanyRoutesOptions {
  ctx: OrderContext;
  /** The seller a statement of account names. */
  invoices: InvoiceSettings;
  guards: Guards;
}

const { companies, locations } = api;

/** Company accounts (issue 15), registered from their contracts. */
export const companyRoutes: FastifyPluginAsync<CompanyRoutesOptions> = async (
  app,
  { ctx, guards, invoices },
) => {
  const { db } = ctx;
  serve(app, guards, companies.create, async (request, reply) => {
    reply.code(201);
    return createCompany(db, currentUser(request), request.body);
  });
  serve(app, guards, companies.mine, (request) => myCompany(db, currentUser(request)));
  serve(app, guards, companies.spending, (request) =>
    spendingWithHold(db, currentUser(request), ctx.overdueHoldDays),
  );
  serve(app, guards, companies.get, (request) =>
    readCompany(db, currentUser(request), request.params.id),
  );
  serve(app, guards, companies.update, (request) =>
    updateCompany(db, currentUser(request), request.params.id, request.body),
  );
  serve(app, guards, companies.putMember, async (request) => {
    const { company, invited } = await putMember(
      db,
      currentUser(request),
      request.params.id,
      request.params.email,
      request.body,
    );
    if (invited) jobsQueued(db);
    return company;
  });
  serve(app, guards, companies.removeMember, (request) =>
    removeMember(db, currentUser(request), request.params.id, request.params.email),
  );
  serve(app, guards, companies.dissolve, (request) =>
    dissolveCompany(db, currentUser(request), request.params.id),
  );
  serve(app, guards, companies.invitations, (request) => listInvitations(db, currentUser(request)));
  serve(app, guards, companies.acceptInvitation, (request) =>
    acceptInvitation(db, currentUser(request), request.params.companyId),
  );
  serve(app, guards, companies.declineInvitation, (request) =>
    declineInvitation(db, currentUser(request), request.params.companyId),
  );
  serve(app, guards, companies.purchases, (request) =>
    companyPurchases(db, currentUser(request), request.params.id, request.query),
  );
  serve(app, guards, companies.approvals, (request) =>
    listApprovals(db, currentUser(request), request.query),
  );
  serve(app, guards, companies.approve, (request) =>
    approvePurchase(ctx, currentUser(request), request.params.id),
  );
  serve(app, guards, companies.reject, (request) =>
    rejectPurchase(ctx, currentUser(request), request.params.id, request.body?.reason ?? null),
  );
  serve(app, guards, companies.adminCreate, async (request, reply) => {
    const company = await createCompanyForOwner(db, currentUser(request), request.body);
    // The owner's invitation is in the outbox: send it now.
    jobsQueued(db);
    reply.code(201);
    return company;
  });
  serve(app, guards, companies.list, (request) => listCompanies(db, request.query));
  serve(app, guards, companies.putTerms, (request) =>
    setTerms(db, currentUser(request), request.params.id, request.body),
  );
  serve(app, guards, companies.account, (request) =>
    companyAccount(db, currentUser(request), request.params.id, request.query),
  );
  serve(app, guards, companies.invoices, (request) =>
    companyInvoices(db, currentUser(request), request.params.id, request.query),
  );
  serve(app, guards, companies.recordBankPayment, (request) =>
    recordBankPayment(db, currentUser(request), request.params.id, request.body),
  );
  serve(app, guards, companies.receivables, (request) => listReceivables(db, request.query));
  serve(app, guards, companies.receivablesCsv, async (request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="receivables-${day}.csv"`)
      .send(Readable.from(receivablesCsv(db, request.query)));
  });
  serve(app, guards, companies.statement, async (request, reply) => {
    const { fileName, pdf } = await companyStatement(
      db,
      invoices,
      currentUser(request),
      request.params.id,
      request.query,
    );
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(pdf);
  });
  serve(app, guards, companies.payInvoices, (request) =>
    recordInvoicePayment(ctx, currentUser(request), request.params.id, request.body.transactionId),
  );
  serve(app, guards, companies.prices, (request) =>
    listPrices(db, currentUser(request), request.params.id, request.query),
  );
  serve(app, guards, companies.putPrice, (request) =>
    putPrice(
      db,
      currentUser(request),
      request.params.id,
      request.params.productId,
      request.body.price,
    ),
  );
  serve(app, guards, companies.removePrice, (request) =>
    removePrice(db, currentUser(request), request.params.id, request.params.productId),
  );
  serve(app, guards, locations.list, (request) =>
    listLocations(db, currentUser(request), request.params.id, request.query),
  );
  serve(app, guards, locations.create, async (request, reply) => {
    reply.code(201);
    return createLocation(db, currentUser(request), request.params.id, request.body);
  });
  serve(app, guards, locations.update, (request) =>
    updateLocation(
      db,
      currentUser(request),
      request.params.id,
      request.params.locationId,
      request.body,
    ),
  );
  serve(app, guards, locations.remove, (request) =>
    removeLocation(db, currentUser(request), request.params.id, request.params.locationId),
  );
  // 100,000 prices are larger than the shop's BODY_LIMIT (1 MB by default).
  serve(
    app,
    guards,
    companies.importPrices,
    (request) =>
      importPrices(
        db,
        currentUser(request),
        request.params.id,
        request.body.csv,
        request.body.dryRun,
      ),
    { bodyLimit: csvImportBodyLimit(PRICE_IMPORT_CHARS_MAX) },
  );
};
