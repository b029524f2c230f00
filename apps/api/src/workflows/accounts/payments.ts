import {
  accountMessages,
  companyMessages,
  fromCents,
  toCents,
  type AccountInvoicePage,
  type BankPayment,
  type InvoiceQuery,
  type PaymentRecorded,
} from '@shop/shared';
import type { Db } from '../../db/client.js';
import { HttpError, notFound } from '../../http/errors.js';
import { recordAudit } from '../../kernel/audit.js';
import type { SignedInUser } from '../../kernel/people.js';
import { accountReader } from '../../modules/companies/service.js';
import { allotPayment, listInvoices } from '../../modules/ledger/invoices.js';
import { tellSettledInvoices } from './paid-events.js';
import { appendEntry } from '../../modules/ledger/ledger.js';
import { lockAccounts } from '../buying/account.js';
import { jobsQueued } from '../../kernel/jobs.js';

/**
 * A company's invoices on account and the payments that settle them (issue 30 item 5,
 * decision 045): who may read them is the companies module's rule, the money the ledger's.
 */

/** GET /companies/{id}/invoices: the admin, the company's owners and approvers. */
export async function companyInvoices(
  db: Db,
  user: SignedInUser,
  companyId: string,
  query: InvoiceQuery,
): Promise<AccountInvoicePage> {
  await accountReader(db, user, companyId);
  return listInvoices(db, companyId, query);
}

/**
 * POST /admin/companies/{id}/payments: a bank transfer, in one transaction: the company's row
 * locked first (the order the buying transaction and credit notes take), the payment appended
 * to the ledger, then allotted to the invoices (oldest due first, or those named) with what each
 * still asks; what none takes stays as credit. Audited.
 */
export async function recordBankPayment(
  db: Db,
  admin: SignedInUser,
  companyId: string,
  body: BankPayment,
): Promise<PaymentRecorded> {
  const cents = toCents(body.amount);
  const recorded = await db.transaction(async (tx) => {
    const [account] = [...(await lockAccounts(tx, [companyId])).values()];
    if (!account) throw notFound(companyMessages.notFound);
    const entry = await appendEntry(tx, {
      companyId,
      kind: 'payment',
      amount: -cents,
      reference: body.reference,
      receivedOn: body.receivedOn,
      createdBy: admin.email,
    });
    const allotted = await allotPayment(tx, companyId, entry.id, cents, body.invoiceIds ?? null);
    if (!allotted) throw new HttpError(400, accountMessages.notCompanyInvoice);
    const { allocations, unallocated } = allotted;
    await tellSettledInvoices(tx, companyId, allocations);
    await recordAudit(tx, {
      actor: { id: admin.id, email: admin.email },
      action: 'company.payment',
      targetType: 'company',
      targetId: companyId,
      targetLabel: body.reference,
      details: {
        amount: body.amount,
        reference: body.reference,
        receivedOn: body.receivedOn,
        invoices: allocations.map((a) => a.invoiceNumber),
        unallocated: fromCents(unallocated),
      },
    });
    return {
      _id: entry.id,
      amount: body.amount,
      reference: body.reference,
      receivedOn: body.receivedOn,
      allocations: allocations.map((a) => ({
        invoiceId: a.invoiceId,
        invoiceNumber: a.invoiceNumber,
        amount: fromCents(a.amount),
        amountDueAfter: fromCents(a.amountDueAfter),
      })),
      unallocated: fromCents(unallocated),
      balance: fromCents(entry.balanceAfter),
    };
  });
  jobsQueued(db);
  return recorded;
}
