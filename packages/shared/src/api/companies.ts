import { z } from 'zod';
import {
  accountInvoicePageSchema,
  accountQuerySchema,
  accountSchema,
  bankPaymentSchema,
  creditRefusedSchema,
  invoiceQuerySchema,
  paymentRecordedSchema,
  receivablesPageSchema,
  receivablesQuerySchema,
  recordInvoicePaymentSchema,
  statementQuerySchema,
  termsInputSchema,
} from '../accounts.js';
import { deletedSchema, idParamsSchema } from '../common.js';
import {
  adminCompanyInputSchema,
  companyAnswerSchema,
  companyInputSchema,
  companyListQuerySchema,
  companyPageSchema,
  companyUpdateSchema,
  contractPriceImportReportSchema,
  contractPriceImportSchema,
  contractPriceInputSchema,
  contractPriceSchema,
  invitationParamsSchema,
  invitationSchema,
  memberInputSchema,
  memberParamsSchema,
  priceParamsSchema,
  rejectPurchaseSchema,
  spendingSchema,
} from '../companies.js';
import { pageOf, pageQuerySchema, purchasePageQuerySchema } from '../paging.js';
import { purchaseSchema } from '../purchases.js';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

/** Company accounts: members, roles, spending limits, approvals, contract prices (issue 15). */

export const create = endpoint({
  method: 'POST',
  path: '/companies',
  summary: 'Create a company; the caller becomes its owner',
  access: 'user',
  who: 'a customer without a company',
  body: companyInputSchema,
  responses: { 201: companyAnswerSchema, ...errors(400, 401, 409) },
});

export const mine = endpoint({
  method: 'GET',
  path: '/company',
  summary: "The caller's company with its members",
  access: 'user',
  scope: 'purchases:read',
  who: 'self',
  responses: { 200: companyAnswerSchema, ...errors(401, 404) },
});

export const spending = endpoint({
  method: 'GET',
  path: '/company/spending',
  summary: "The caller's monthly spending limit in their company and the month's spend so far",
  access: 'user',
  scope: 'purchases:read',
  who: 'self',
  responses: { 200: spendingSchema, ...errors(401) },
});

export const get = endpoint({
  method: 'GET',
  path: '/companies/{id}',
  summary: 'A company with its members and their spend this month',
  access: 'user',
  who: 'member or admin',
  params: idParamsSchema,
  responses: { 200: companyAnswerSchema, ...errors(400, 401, 403, 404) },
});

export const update = endpoint({
  method: 'PUT',
  path: '/companies/{id}',
  summary: "Change a company's name, tax id or addresses",
  access: 'user',
  who: 'company owner or admin',
  params: idParamsSchema,
  body: companyUpdateSchema,
  responses: { 200: companyAnswerSchema, ...errors(400, 401, 403, 404) },
});

export const putMember = endpoint({
  method: 'PUT',
  path: '/companies/{id}/members/{email}',
  summary:
    "Invite someone (they join when they accept) or change a member's role and monthly spending limit",
  access: 'user',
  who: 'company owner or admin',
  params: memberParamsSchema,
  body: memberInputSchema,
  responses: { 200: companyAnswerSchema, ...errors(400, 401, 403, 404, 409, 429) },
});

export const removeMember = endpoint({
  method: 'DELETE',
  path: '/companies/{id}/members/{email}',
  summary: 'Remove a member (owners, admins), or leave the company (oneself)',
  access: 'user',
  who: 'company owner or admin, or the member themselves',
  params: memberParamsSchema,
  responses: { 200: companyAnswerSchema, ...errors(400, 401, 403, 404, 409) },
});

export const dissolve = endpoint({
  method: 'DELETE',
  path: '/companies/{id}',
  summary:
    'Dissolve a company that has no purchase waiting for payment or approval and nothing on its ledger',
  access: 'user',
  who: 'company owner or admin',
  params: idParamsSchema,
  responses: { 200: deletedSchema, ...errors(400, 401, 403, 404, 409) },
});

export const invitations = endpoint({
  method: 'GET',
  path: '/invitations',
  summary: "The caller's invitations waiting for an answer",
  access: 'user',
  who: 'self',
  responses: { 200: z.array(invitationSchema), ...errors(401) },
});

export const acceptInvitation = endpoint({
  method: 'PUT',
  path: '/invitations/{companyId}/accept',
  summary: "Accept a company's invitation: the caller joins it",
  access: 'user',
  who: 'the invitee, with a verified address, in no company',
  params: invitationParamsSchema,
  responses: { 200: companyAnswerSchema, ...errors(400, 401, 403, 404, 409) },
});

export const declineInvitation = endpoint({
  method: 'PUT',
  path: '/invitations/{companyId}/decline',
  summary: "Decline a company's invitation: it is removed",
  access: 'user',
  who: 'the invitee, with a verified address',
  params: invitationParamsSchema,
  responses: { 200: deletedSchema, ...errors(400, 401, 403, 404) },
});

export const purchases = endpoint({
  method: 'GET',
  path: '/companies/{id}/purchases',
  summary: "The company's purchases, newest first (owners and approvers all, buyers their own)",
  access: 'user',
  scope: 'purchases:read',
  who: 'member or admin',
  params: idParamsSchema,
  query: pageQuerySchema,
  responses: { 200: pageOf(purchaseSchema), ...errors(400, 401, 403, 404) },
});

export const approvals = endpoint({
  method: 'GET',
  path: '/approvals',
  summary: "Purchases of the caller's company waiting for approval, oldest first, a page at a time",
  access: 'user',
  who: 'company owner or approver',
  query: purchasePageQuerySchema,
  responses: { 200: pageOf(purchaseSchema), ...errors(400, 401, 403) },
});

export const approve = endpoint({
  method: 'PUT',
  path: '/purchase/{id}/approve',
  summary: 'Approve a purchase above a spending limit: its stock is taken and it can be paid',
  access: 'user',
  who: "an owner or approver of the buyer's company, not the buyer",
  params: idParamsSchema,
  responses: {
    200: purchaseSchema,
    409: z.union([creditRefusedSchema, errors(409)[409]]),
    ...errors(400, 401, 403, 404),
  },
});

export const reject = endpoint({
  method: 'PUT',
  path: '/purchase/{id}/reject',
  summary:
    'Reject a purchase waiting for approval: it is kept as rejected, with the reason, and the buyer told',
  access: 'user',
  who: "an owner or approver of the buyer's company, not the buyer",
  params: idParamsSchema,
  body: rejectPurchaseSchema,
  responses: { 200: purchaseSchema, ...errors(400, 401, 403, 404, 409) },
});

export const adminCreate = endpoint({
  method: 'POST',
  path: '/admin/companies',
  summary: 'Open a company for a customer: its owner is invited and joins on accepting',
  access: 'admin',
  body: adminCompanyInputSchema,
  responses: { 201: companyAnswerSchema, ...errors(400, 401, 403, 429) },
});

export const list = endpoint({
  method: 'GET',
  path: '/admin/companies',
  summary: 'Every company, by name, with its member and contract price counts',
  access: 'admin',
  query: companyListQuerySchema,
  responses: { 200: companyPageSchema, ...errors(400, 401, 403) },
});

export const prices = endpoint({
  method: 'GET',
  path: '/companies/{id}/prices',
  summary: "A company's contract prices, by part number, a page at a time",
  access: 'user',
  scope: 'catalog:read',
  who: 'member or admin',
  params: idParamsSchema,
  query: pageQuerySchema,
  responses: { 200: pageOf(contractPriceSchema), ...errors(400, 401, 403, 404) },
});

export const putPrice = endpoint({
  method: 'PUT',
  path: '/companies/{id}/prices/{productId}',
  summary: "Set a company's contract unit price for a product",
  access: 'admin',
  params: priceParamsSchema,
  body: contractPriceInputSchema,
  responses: { 200: contractPriceSchema, ...errors(400, 401, 403, 404) },
});

export const removePrice = endpoint({
  method: 'DELETE',
  path: '/companies/{id}/prices/{productId}',
  summary: 'Return a company to list prices for a product',
  access: 'admin',
  params: priceParamsSchema,
  responses: { 200: deletedSchema, ...errors(400, 401, 403, 404) },
});

export const importPrices = endpoint({
  method: 'POST',
  path: '/companies/{id}/prices/import',
  summary: "Set a company's contract prices from CSV (sku,price): a dry run, then all or none",
  access: 'admin',
  params: idParamsSchema,
  body: contractPriceImportSchema,
  responses: { 200: contractPriceImportReportSchema, ...errors(400, 401, 403, 404) },
});

export const putTerms = endpoint({
  method: 'PUT',
  path: '/admin/companies/{id}/terms',
  summary:
    "Set a company's payment terms (card, net 15 to 60), credit limit (null: none) and credit hold",
  access: 'admin',
  params: idParamsSchema,
  body: termsInputSchema,
  responses: { 200: companyAnswerSchema, ...errors(400, 401, 403, 404) },
});

export const invoices = endpoint({
  method: 'GET',
  path: '/companies/{id}/invoices',
  summary:
    "A company's invoices on account, open (oldest due first), overdue or paid, with what is due and days overdue",
  access: 'user',
  scope: 'invoices:read',
  who: 'company owner or approver, or admin',
  params: idParamsSchema,
  query: invoiceQuerySchema,
  responses: { 200: accountInvoicePageSchema, ...errors(400, 401, 403, 404) },
});

export const recordBankPayment = endpoint({
  method: 'POST',
  path: '/admin/companies/{id}/payments',
  summary:
    'Record a bank transfer: allotted to the oldest open invoices (or those named), partial payments kept, the rest as credit',
  access: 'admin',
  params: idParamsSchema,
  body: bankPaymentSchema,
  idempotent: true,
  responses: { 201: paymentRecordedSchema, ...errors(400, 401, 403, 404, 409, 422) },
});

export const payInvoices = endpoint({
  method: 'PUT',
  path: '/companies/{id}/invoices/pay',
  summary:
    'Record the card payment of invoices on account (POST /create-payment-intent with invoiceIds) once the gateway says it succeeded',
  access: 'user',
  who: 'company owner or approver, or admin',
  params: idParamsSchema,
  body: recordInvoicePaymentSchema,
  responses: { 200: paymentRecordedSchema, ...errors(400, 401, 403, 404, 409) },
});

export const statement = endpoint({
  method: 'GET',
  path: '/companies/{id}/statement.pdf',
  summary:
    "A company's statement of account for a period (default the last 90 days): opening balance, every entry, closing balance, and what its open invoices ask by age",
  access: 'user',
  scope: 'invoices:read',
  who: 'company owner or approver, or admin',
  params: idParamsSchema,
  query: statementQuerySchema,
  responses: { 200: z.string().describe('application/pdf'), ...errors(400, 401, 403, 404) },
});

export const receivables = endpoint({
  method: 'GET',
  path: '/admin/receivables',
  summary:
    'Every company on terms or owing: balance and what its open invoices ask by age (current, 1-30, 31-60, 61-90, over 90 days), the most overdue first, with totals',
  access: 'admin',
  query: receivablesQuerySchema,
  responses: { 200: receivablesPageSchema, ...errors(400, 401, 403) },
});

export const receivablesCsv = endpoint({
  method: 'GET',
  path: '/admin/receivables.csv',
  summary: 'The receivables of the same filter as CSV (RFC 4180), one row per company and a total',
  access: 'admin',
  query: receivablesQuerySchema.omit({ page: true, limit: true }),
  responses: { 200: z.string().describe('text/csv'), ...errors(400, 401, 403) },
});

export const account = endpoint({
  method: 'GET',
  path: '/companies/{id}/account',
  summary:
    "A company's account: credit limit, balance, available, overdue, and its ledger newest first, a page at a time",
  access: 'user',
  scope: 'invoices:read',
  who: 'company owner or approver, or admin',
  params: idParamsSchema,
  query: accountQuerySchema,
  responses: { 200: accountSchema, ...errors(400, 401, 403, 404) },
});
