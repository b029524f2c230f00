import {
  addDays,
  bankPaymentSchema,
  INVOICE_STATUSES,
  ledgerKindLabels,
  parseMoneyText,
  PAYMENT_TERMS,
  paymentTermsLabels,
  statementQuerySchema,
  termsInputSchema,
  type AccountInvoice,
  type Company,
  type InvoiceStatus,
  type PaymentTerms,
} from '@shop/shared';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { PageLink } from '../../../components/ui/navigation';
import { Pager } from '../../../components/ui/pager';
import selectStyles from '../../../components/ui/select.module.css';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  EmptyRow,
  HeadRow,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
} from '../../../components/ui/table';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast';
import { formatDateTime, formatDay, formatNumber, formatPrice } from '../../../lib/format';
import {
  downloadStatement,
  useAccount,
  useInvoices,
  useRecordTransfer,
  useSetTerms,
} from '../api/account';
import formPanel from '../../../components/ui/form-panel.module.css';
import styles from './companies.module.css';

/**
 * A company's account with the shop (issue 30, decisions 043 to 045): its terms, credit limit,
 * balance, what is available and overdue, its invoices on account and its ledger. The owners and
 * approvers read it on My Company; the admin, on the company's page, also sets the terms and
 * records bank transfers.
 */

const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'Open',
  overdue: 'Overdue',
  paid: 'Paid',
};

const INVOICE_COLUMNS = ['Invoice', 'Order', 'PO', 'Due', 'Total', 'Amount due', 'Status'];

/** The card payment page for these invoices of the company (the server adds up what they ask). */
export const invoicesPaymentPath = (companyId: string, invoiceIds: string[]) =>
  `/dashboard/payment/invoices?${new URLSearchParams({ company: companyId, invoices: invoiceIds.join(',') }).toString()}`;

/** At most this many invoices in one card payment (the contract's limit). */
const PAY_AT_ONCE = 50;
const ENTRY_COLUMNS = ['Date', 'Entry', 'Reference', 'Amount', 'Balance'];

export const TERMS_SAVED = 'Payment terms saved.';
export const transferRecorded = (invoices: string[], credit: number) =>
  `Transfer recorded${invoices.length > 0 ? `: paid towards ${invoices.join(', ')}` : ''}` +
  `${credit > 0 ? `; ${formatPrice(credit)} left as credit` : ''}.`;

/** "$50,000", or "No limit". */
const limitText = (limit: number | null) => (limit === null ? 'No limit' : formatPrice(limit));

/**
 * The invoices on account, a status at a time. With `payable` (the company's owners and
 * approvers), each invoice with something due has a box, and the chosen ones are paid together
 * by card; the choice is kept across pages and statuses.
 */
function Invoices({ companyId, payable }: { companyId: string; payable: boolean }) {
  const selectId = useId();
  const [status, setStatus] = useState<InvoiceStatus | null>(null);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<ReadonlyMap<string, number>>(new Map());
  const invoices = useInvoices(companyId, status, page);
  const columns = payable ? ['Pay', ...INVOICE_COLUMNS] : INVOICE_COLUMNS;
  const choose = (invoice: AccountInvoice, on: boolean) =>
    setChosen((was) => {
      const next = new Map(was);
      if (on) next.set(invoice._id, invoice.amountDue);
      else next.delete(invoice._id);
      return next;
    });
  const chosenTotal = [...chosen.values()].reduce((sum, due) => sum + due, 0);
  let table;
  if (invoices.isPending) table = <Skeleton variant="rounded" height={120} />;
  else if (invoices.error) {
    table = (
      <LoadError
        title="We could not load the invoices."
        error={invoices.error}
        retrying={invoices.isFetching}
        onRetry={() => void invoices.refetch()}
      />
    );
  } else {
    table = (
      <>
        <TableContainer aria-busy={invoices.isPlaceholderData || undefined}>
          <Table aria-label="Invoices on account" cardsOnPhones>
            <HeadRow columns={columns} />
            <TableBody>
              {invoices.data.items.length === 0 && (
                <EmptyRow columns={columns.length}>
                  {status
                    ? `No ${INVOICE_STATUS_LABELS[status].toLowerCase()} invoices.`
                    : 'No invoices on account yet.'}
                </EmptyRow>
              )}
              {invoices.data.items.map((invoice) => (
                <TableRow key={invoice._id} data-testid="invoice-row">
                  {payable && (
                    <TableCell label="Pay">
                      {invoice.amountDue > 0 && (
                        <input
                          type="checkbox"
                          className={styles.payBox}
                          aria-label={`Pay invoice ${invoice.invoiceNumber}`}
                          checked={chosen.has(invoice._id)}
                          disabled={!chosen.has(invoice._id) && chosen.size >= PAY_AT_ONCE}
                          onChange={(event) => choose(invoice, event.target.checked)}
                        />
                      )}
                    </TableCell>
                  )}
                  <TableCell role="rowheader" label="Invoice" className={styles.rowName}>
                    {invoice.invoiceNumber}
                  </TableCell>
                  <TableCell label="Order">
                    <PageLink href={`/dashboard/purchases/${invoice._id}`}>
                      {invoice.purchaseNumber}
                    </PageLink>
                  </TableCell>
                  <TableCell label="PO">{invoice.poNumber ?? '—'}</TableCell>
                  <TableCell label="Due">
                    {formatDay(invoice.dueDate)} ({paymentTermsLabels[invoice.paymentTerms]})
                  </TableCell>
                  <TableCell label="Total" align="right">
                    {formatPrice(invoice.total)}
                  </TableCell>
                  <TableCell label="Amount due" align="right">
                    {formatPrice(invoice.amountDue)}
                  </TableCell>
                  <TableCell label="Status">
                    {invoice.status === 'overdue'
                      ? `Overdue ${formatNumber(invoice.daysOverdue)} ${invoice.daysOverdue === 1 ? 'day' : 'days'}`
                      : INVOICE_STATUS_LABELS[invoice.status]}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Pager
          page={invoices.data.page}
          limit={invoices.data.limit}
          total={invoices.data.total}
          shown={invoices.data.items.length}
          label="Pages of invoices"
          onPage={setPage}
        />
        {payable && chosen.size > 0 && (
          <div className={styles.payChosen} data-testid="pay-chosen">
            <p>
              {chosen.size === 1 ? '1 invoice' : `${formatNumber(chosen.size)} invoices`} chosen,{' '}
              {formatPrice(chosenTotal)} due
            </p>
            <ButtonLink href={invoicesPaymentPath(companyId, [...chosen.keys()])}>
              {`Pay ${formatPrice(chosenTotal)} by card`}
            </ButtonLink>
            <Button variant="text" onClick={() => setChosen(new Map())}>
              Clear
            </Button>
          </div>
        )}
      </>
    );
  }
  return (
    <div className={styles.accountBlock}>
      <div className={selectStyles.field}>
        <label htmlFor={selectId} className={selectStyles.label}>
          Invoices
        </label>
        <select
          id={selectId}
          className={selectStyles.select}
          value={status ?? ''}
          onChange={(event) => {
            setStatus((event.target.value || null) as InvoiceStatus | null);
            setPage(1);
          }}
        >
          <option value="">All</option>
          {INVOICE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {INVOICE_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      {table}
    </div>
  );
}

/** The admin's form: terms, credit limit (empty: no limit) and hold, saved together. */
function TermsForm({ company }: { company: Company }) {
  const headingId = useId();
  const termsId = useId();
  const setTerms = useSetTerms();
  const [terms, setTermsValue] = useState<PaymentTerms>(company.paymentTerms ?? 'card');
  const [limit, setLimit] = useState(
    company.creditLimit == null ? '' : String(company.creditLimit),
  );
  const [onHold, setOnHold] = useState(company.onHold ?? false);
  const [problem, setProblem] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = termsInputSchema.safeParse({
      paymentTerms: terms,
      creditLimit: limit.trim() === '' ? null : (parseMoneyText(limit) ?? Number.NaN),
      onHold,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    setTerms.mutate(
      { id: company._id, terms: parsed.data },
      {
        onSuccess: () => notify.success(TERMS_SAVED),
        onError: (error) => setProblem(error.message),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className={styles.panel}>
      <h3 id={headingId} className={styles.subheading}>
        Payment terms
      </h3>
      <div className={styles.fields}>
        <div className={selectStyles.field}>
          <label htmlFor={termsId} className={selectStyles.label}>
            Terms
          </label>
          <select
            id={termsId}
            className={selectStyles.select}
            value={terms}
            onChange={(event) => setTermsValue(event.target.value as PaymentTerms)}
          >
            {PAYMENT_TERMS.map((value) => (
              <option key={value} value={value}>
                {paymentTermsLabels[value]}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Credit limit ($)"
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
          inputMode="decimal"
          helperText="Empty: no limit."
          error={Boolean(problem)}
        />
      </div>
      <label className={formPanel.checkbox}>
        <input
          type="checkbox"
          checked={onHold}
          onChange={(event) => setOnHold(event.target.checked)}
        />
        On hold: no new purchases on account
      </label>
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <div>
        <Button type="submit" variant="contained" size="small" loading={setTerms.isPending}>
          Save terms
        </Button>
      </div>
    </form>
  );
}

/** The admin records a bank transfer: allotted to the oldest open invoices by the server. */
function BankTransferForm({ companyId }: { companyId: string }) {
  const headingId = useId();
  const record = useRecordTransfer();
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState(() => new Date().toISOString().slice(0, 10));
  const [problem, setProblem] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = bankPaymentSchema.safeParse({
      amount: parseMoneyText(amount) ?? Number.NaN,
      reference,
      receivedOn,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    record.mutate(
      { id: companyId, payment: parsed.data },
      {
        onSuccess: (recorded) => {
          notify.success(
            transferRecorded(
              recorded.allocations.map((allocation) => allocation.invoiceNumber),
              recorded.unallocated,
            ),
          );
          setAmount('');
          setReference('');
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className={styles.panel}>
      <h3 id={headingId} className={styles.subheading}>
        Record a bank transfer
      </h3>
      <p className={styles.hint}>Paid towards the oldest open invoices first.</p>
      <div className={styles.fields}>
        <TextField
          label="Amount ($)"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          inputMode="decimal"
        />
        <TextField
          label="Reference"
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          helperText="As on the bank statement."
        />
        <TextField
          label="Received on"
          type="date"
          value={receivedOn}
          onChange={(event) => setReceivedOn(event.target.value)}
        />
      </div>
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <div>
        <Button type="submit" variant="contained" size="small" loading={record.isPending}>
          Record transfer
        </Button>
      </div>
    </form>
  );
}

/**
 * The statement of account for a period (the last 90 days unless changed) as a PDF: opening
 * balance, every entry, closing balance and the aging of what is due.
 */
function StatementDownload({ companyId }: { companyId: string }) {
  const headingId = useId();
  const today = new Date().toISOString().slice(0, 10);
  const [from, setFrom] = useState(() => addDays(today, -89));
  const [to, setTo] = useState(today);
  const [problem, setProblem] = useState<string>();
  const [downloading, setDownloading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = statementQuerySchema.safeParse({ from, to });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    setDownloading(true);
    try {
      await downloadStatement(companyId, from, to);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={headingId}
      className={styles.accountBlock}
    >
      <h3 id={headingId} className={styles.subheading}>
        Statement of account
      </h3>
      <div className={styles.fields}>
        <TextField
          label="From"
          type="date"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        />
        <TextField
          label="To"
          type="date"
          value={to}
          onChange={(event) => setTo(event.target.value)}
        />
      </div>
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <div>
        <Button type="submit" variant="outlined" size="small" loading={downloading}>
          Download statement (PDF)
        </Button>
      </div>
    </form>
  );
}

/** The account's figures, invoices and ledger; with `admin`, the terms and transfer forms. */
export function AccountPanel({ company, admin = false }: { company: Company; admin?: boolean }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const account = useAccount(company._id, page);
  const terms = company.paymentTerms ?? 'card';

  let body;
  if (account.isPending) body = <Skeleton variant="rounded" height={160} />;
  else if (account.error) {
    body = (
      <LoadError
        title="We could not load the account."
        error={account.error}
        retrying={account.isFetching}
        onRetry={() => void account.refetch()}
      />
    );
  } else {
    const { data } = account;
    body = (
      <>
        <dl className={styles.facts} data-testid="account-figures">
          {(
            [
              ['Terms', paymentTermsLabels[terms] + (company.onHold ? ' (on hold)' : '')],
              ['Credit limit', limitText(data.creditLimit)],
              ['Balance', formatPrice(data.balance)],
              ['Available', data.available === null ? 'No limit' : formatPrice(data.available)],
              ['Overdue', formatPrice(data.overdue)],
            ] as const
          ).map(([term, value]) => (
            <div key={term} className={styles.fact}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <Invoices companyId={company._id} payable={!admin} />
        <StatementDownload companyId={company._id} />
        <TableContainer aria-busy={account.isPlaceholderData || undefined}>
          <Table aria-label="Account entries" cardsOnPhones>
            <HeadRow columns={ENTRY_COLUMNS} />
            <TableBody>
              {data.entries.length === 0 && (
                <EmptyRow columns={ENTRY_COLUMNS.length}>Nothing on the account yet.</EmptyRow>
              )}
              {data.entries.map((entry, index) => (
                <TableRow key={`${entry.at}-${index}`} data-testid="ledger-row">
                  <TableCell label="Date">{formatDateTime(entry.at)}</TableCell>
                  <TableCell label="Entry">{ledgerKindLabels[entry.kind]}</TableCell>
                  <TableCell label="Reference">{entry.reference}</TableCell>
                  <TableCell label="Amount" align="right">
                    {formatPrice(entry.amount)}
                  </TableCell>
                  <TableCell label="Balance" align="right">
                    {formatPrice(entry.balanceAfter)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Pager
          page={data.page}
          limit={data.limit}
          total={data.total}
          shown={data.entries.length}
          label="Pages of account entries"
          onPage={setPage}
        />
      </>
    );
  }
  return (
    <section aria-labelledby={headingId} className={styles.panel} data-testid="account-panel">
      <h2 id={headingId} className={styles.heading}>
        Account
      </h2>
      {body}
      {admin && (
        <>
          {/* Not keyed by the saved terms: a remount would drop the save's own callbacks. */}
          <TermsForm company={company} />
          <BankTransferForm companyId={company._id} />
        </>
      )}
    </section>
  );
}
