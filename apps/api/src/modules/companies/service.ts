import {
  fromCents,
  fromCentsOrNull,
  toCents,
  COMPANY_INVITATIONS_PER_DAY,
  COMPANY_MEMBERS_MAX,
  accountMessages,
  companyMessages,
  type Company,
  type CompanyMember,
  type CompanyRole,
  type Deleted,
  type CompanyPage,
  type CompanyTerms,
  type PaymentTerms,
  type adminCompanyInputSchema,
  type companyInputSchema,
  type companyListQuerySchema,
  type companyUpdateSchema,
  type memberInputSchema,
} from '@shop/shared';
import {
  and,
  asc,
  count,
  eq,
  exists,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { containing } from '../../db/like.js';
import {
  authUsers,
  companies,
  companyMembers,
  contractPrices,
  ledgerEntries,
  orders,
  purchases,
  users,
} from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { SignedInUser } from '../../kernel/people.js';
import { enqueueInvitation } from './emails.js';
import { isActive, membershipOf, type Membership } from './membership.js';
import { monthSpend } from './spending.js';

/** Members listed owners first, then approvers, then buyers, each by email. */
const ROLE_ORDER = sql`case ${companyMembers.role} when 'owner' then 0 when 'approver' then 1 else 2 end`;

/** Who sees a company's terms and balance (issue 30): the admin, its owners and approvers. */
const TERMS_READERS: readonly CompanyRole[] = ['owner', 'approver'];

/**
 * The company as GET /companies/{id} answers it to `viewer`: its members with their month's
 * spend for it. An invitation shows only the address, role and limit: nothing of the person
 * before they say yes. Its payment terms, credit limit, hold and balance only to the shop's
 * admin and the company's active owners and approvers: a buyer buys, the account is theirs.
 */
export async function companyAnswer(
  db: Db | Tx,
  id: string,
  viewer: SignedInUser,
): Promise<Company> {
  const [company] = await db.select().from(companies).where(eq(companies.id, id));
  if (!company) throw notFound(companyMessages.notFound);
  const members = await db
    .select({
      email: companyMembers.email,
      role: companyMembers.role,
      spendingLimit: companyMembers.spendingLimit,
      status: companyMembers.status,
      userId: companyMembers.userId,
      name: authUsers.name,
    })
    .from(companyMembers)
    .leftJoin(authUsers, eq(authUsers.email, companyMembers.email))
    .where(eq(companyMembers.companyId, id))
    .orderBy(ROLE_ORDER, asc(companyMembers.email));
  const active = members.flatMap((member) =>
    member.status === 'active' && member.userId ? [{ userId: member.userId, companyId: id }] : [],
  );
  const spent = await monthSpend(db, active);
  const readsTerms =
    viewer.isAdmin ||
    members.some(
      (member) =>
        member.status === 'active' &&
        member.userId === viewer.id &&
        TERMS_READERS.includes(member.role as CompanyRole),
    );
  return {
    _id: company.id,
    name: company.name,
    taxId: company.taxId,
    billingAddress: company.billingAddress,
    shippingAddress: company.shippingAddress,
    createdAt: company.createdAt.toISOString(),
    members: members.map((member): CompanyMember => {
      const place = {
        email: member.email,
        role: member.role as CompanyRole,
        spendingLimit: fromCentsOrNull(member.spendingLimit),
      };
      if (member.status !== 'active' || !member.userId) return { ...place, status: 'invited' };
      return {
        ...place,
        status: 'active',
        name: member.name ?? null,
        spentThisMonth: fromCents(spent.get(member.userId) ?? 0),
      };
    }),
    ...(readsTerms ? termsOf(company) : {}),
  };
}

/** A company row's terms and balance, in dollars. */
export const termsOf = (company: {
  paymentTerms: PaymentTerms;
  creditLimit: number | null;
  onHold: boolean;
  balance: number;
}): CompanyTerms => ({
  paymentTerms: company.paymentTerms,
  creditLimit: fromCentsOrNull(company.creditLimit),
  onHold: company.onHold,
  balance: fromCents(company.balance),
});

/** The company `email` has accepted a place in, if any. */
async function activeCompanyOf(db: Db | Tx, email: string) {
  const [row] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(and(eq(companyMembers.email, email), isActive));
  return row?.companyId ?? null;
}

/** POST /companies: the caller becomes its owner; one company per customer. */
export async function createCompany(
  db: Db,
  user: SignedInUser,
  input: z.output<typeof companyInputSchema>,
): Promise<Company> {
  return db.transaction(async (tx) => {
    if (await activeCompanyOf(tx, user.email))
      throw new HttpError(409, companyMessages.alreadyMember);
    const [company] = await tx.insert(companies).values(input).returning({ id: companies.id });
    if (!company) throw new Error('The database returned no company row.');
    // One active place per email (a unique index): of two requests at once, the second inserts
    // nothing here and rolls back.
    await tx
      .insert(companyMembers)
      .values({
        companyId: company.id,
        email: user.email,
        userId: user.id,
        role: 'owner',
        status: 'active',
      })
      .onConflictDoNothing();
    if ((await activeCompanyOf(tx, user.email)) !== company.id) {
      throw new HttpError(409, companyMessages.alreadyMember);
    }
    return companyAnswer(tx, company.id, user);
  });
}

/** GET /company: the caller's own. */
export async function myCompany(db: Db, user: SignedInUser): Promise<Company> {
  const membership = await membershipOf(db, user);
  if (!membership) throw notFound(companyMessages.noCompany);
  return companyAnswer(db, membership.companyId, user);
}

/** The caller's membership of company `id`, or 403 (404 when there is no such company). */
export async function memberOf(db: Db, user: SignedInUser, id: string): Promise<Membership> {
  const membership = await membershipOf(db, user);
  if (membership?.companyId === id) return membership;
  await requireCompany(db, id);
  throw new HttpError(403, companyMessages.notMember);
}

/** Fails with 404 unless company `id` exists. */
export async function requireCompany(db: Db | Tx, id: string) {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, id));
  if (!company) throw notFound(companyMessages.notFound);
}

/** GET /companies/{id}: members and admins. */
export async function readCompany(db: Db, user: SignedInUser, id: string): Promise<Company> {
  if (!user.isAdmin) await memberOf(db, user, id);
  return companyAnswer(db, id, user);
}

async function ownerOf(db: Db, user: SignedInUser, id: string): Promise<Membership> {
  const membership = await memberOf(db, user, id);
  if (membership.role !== 'owner') throw new HttpError(403, companyMessages.ownersOnly);
  return membership;
}

/**
 * The owners manage their company; so do the shop's admins (issue 28), who open companies for
 * customers and help them run them.
 */
export async function ownerOrAdmin(db: Db, user: SignedInUser, id: string): Promise<void> {
  if (user.isAdmin) await requireCompany(db, id);
  else await ownerOf(db, user, id);
}

/**
 * Who may read the company's account (GET /companies/{id}/account, issue 30): the shop's admins
 * and its owners and approvers; a buyer is refused (403).
 */
export async function accountReader(db: Db, user: SignedInUser, id: string): Promise<void> {
  if (user.isAdmin) return requireCompany(db, id);
  const membership = await memberOf(db, user, id);
  if (!TERMS_READERS.includes(membership.role)) throw new HttpError(403, accountMessages.readers);
}

/** PUT /companies/{id}: the owners and admins. */
export async function updateCompany(
  db: Db,
  user: SignedInUser,
  id: string,
  input: z.output<typeof companyUpdateSchema>,
): Promise<Company> {
  await ownerOrAdmin(db, user, id);
  if (Object.keys(input).length > 0)
    await db.update(companies).set(input).where(eq(companies.id, id));
  return companyAnswer(db, id, user);
}

/** Whether the company has an owner who accepted (an invited owner is not one yet). */
async function hasActiveOwner(tx: Tx, companyId: string): Promise<boolean> {
  const [owners] = await tx
    .select({ value: count() })
    .from(companyMembers)
    .where(
      and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'owner'), isActive),
    );
  return (owners?.value ?? 0) > 0;
}

/**
 * Runs `change` and fails (409) when it leaves a company that had an owner who accepted without
 * one. A company an admin opened has none until its invited owner accepts (issue 28): until
 * then its members and invitations may be changed. Call with the company's row locked.
 */
export async function keepingAnOwner<T>(tx: Tx, companyId: string, change: () => Promise<T>) {
  const owned = await hasActiveOwner(tx, companyId);
  const result = await change();
  if (owned && !(await hasActiveOwner(tx, companyId)))
    throw new HttpError(409, companyMessages.lastOwner);
  return result;
}

/** Locks the company's row: role changes, removals, invitations and answers go one at a time. */
export async function lockCompany(tx: Tx, companyId: string) {
  // NO KEY UPDATE: changes of one company's members still go one after another, but a purchase
  // being placed for the company (whose insert takes a key-share lock on this row, the foreign
  // key, while it holds its buyer's member row) is not made to wait: waiting for each other's
  // rows, the two would deadlock (docs/decisions/024, lock order).
  await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('no key update');
}

/**
 * Counts one invitation sent today (the database's date) for the company, refusing (429) the
 * 21st: inviting and withdrawing again and again still counts every email.
 */
async function countInvitation(tx: Tx, companyId: string) {
  const [counted] = await tx
    .update(companies)
    .set({
      invitationsToday: sql`case when ${companies.invitationsDay} = current_date then ${companies.invitationsToday} + 1 else 1 end`,
      invitationsDay: sql`current_date`,
    })
    .where(eq(companies.id, companyId))
    .returning({ today: companies.invitationsToday });
  if ((counted?.today ?? 0) > COMPANY_INVITATIONS_PER_DAY) {
    throw new HttpError(429, companyMessages.tooManyInvitations);
  }
}

/**
 * PUT /companies/{id}/members/{email}: invites the address (it joins only when that person
 * accepts, DESIGN section 9) or changes the role and limit of a member or invitation. An omitted
 * limit keeps the member's, or none for a new one. A member of another company may be invited:
 * they must leave it before accepting.
 */
export async function putMember(
  db: Db,
  user: SignedInUser,
  id: string,
  email: string,
  input: z.output<typeof memberInputSchema>,
): Promise<{ company: Company; invited: boolean }> {
  await ownerOrAdmin(db, user, id);
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    await lockCompany(tx, id);
    const [current] = await tx
      .select()
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, id), eq(companyMembers.email, address)));
    // Dollars in the body, cents in the row (docs/decisions/027).
    const limit =
      input.spendingLimit === undefined
        ? undefined
        : input.spendingLimit === null
          ? null
          : toCents(input.spendingLimit);
    if (current) {
      await keepingAnOwner(tx, id, () =>
        tx
          .update(companyMembers)
          .set({ role: input.role, ...(limit === undefined ? {} : { spendingLimit: limit }) })
          .where(and(eq(companyMembers.companyId, id), eq(companyMembers.email, address))),
      );
      return { company: await companyAnswer(tx, id, user), invited: false };
    }
    const [members] = await tx
      .select({ value: count() })
      .from(companyMembers)
      .where(eq(companyMembers.companyId, id));
    if ((members?.value ?? 0) >= COMPANY_MEMBERS_MAX) {
      throw new HttpError(409, companyMessages.tooManyMembers);
    }
    await invite(tx, id, address, input.role, limit ?? null, user.email);
    return { company: await companyAnswer(tx, id, user), invited: true };
  });
}

/** Invites the address to the company (counted, mailed): it joins only when it accepts. */
async function invite(
  tx: Tx,
  companyId: string,
  email: string,
  role: CompanyRole,
  spendingLimit: number | null,
  invitedBy: string,
) {
  await countInvitation(tx, companyId);
  await tx.insert(companyMembers).values({
    companyId,
    email,
    role,
    spendingLimit,
    status: 'invited',
    invitedBy,
  });
  const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  await enqueueInvitation(
    tx,
    { companyId, email, role, spendingLimit },
    invitedBy,
    account !== undefined,
  );
}

/**
 * POST /admin/companies (issue 28): an admin opens a company for a customer. Its owner is
 * invited and joins on accepting (DESIGN section 9: nobody joins without saying yes); until then
 * the company has no member who accepted, and the admin manages it.
 */
export async function createCompanyForOwner(
  db: Db,
  admin: SignedInUser,
  { ownerEmail, ...details }: z.output<typeof adminCompanyInputSchema>,
): Promise<Company> {
  return db.transaction(async (tx) => {
    const [company] = await tx.insert(companies).values(details).returning({ id: companies.id });
    if (!company) throw new Error('The database returned no company row.');
    await invite(tx, company.id, ownerEmail.trim().toLowerCase(), 'owner', null, admin.email);
    return companyAnswer(tx, company.id, admin);
  });
}

/**
 * Leaving a company (or being removed) cancels the member's purchases waiting for its approval:
 * they can no longer be bought for the company, at its prices (DESIGN section 9). The rows are
 * locked in id order, skipping none, before the member row is deleted.
 */
async function cancelWaiting(tx: Tx, companyId: string, email: string) {
  const waiting = await tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(
        eq(purchases.companyId, companyId),
        eq(purchases.email, email),
        isNotNull(purchases.awaitingLines),
        isNull(purchases.closedAs),
      ),
    )
    .orderBy(purchases.id)
    .for('update');
  if (waiting.length === 0) return;
  await tx
    .update(purchases)
    .set({ closedAs: 'cancelled', closedAt: sql`now()` })
    .where(
      and(
        inArray(
          purchases.id,
          waiting.map((row) => row.id),
        ),
        isNull(purchases.closedAs),
      ),
    );
}

/**
 * DELETE /companies/{id}/members/{email}: an owner (or the shop's admin) removes a member, or a
 * member leaves.
 */
export async function removeMember(
  db: Db,
  user: SignedInUser,
  id: string,
  email: string,
): Promise<Company> {
  const address = email.trim().toLowerCase();
  if (user.isAdmin) await requireCompany(db, id);
  else {
    const membership = await memberOf(db, user, id);
    if (membership.role !== 'owner' && address !== user.email) {
      throw new HttpError(403, companyMessages.ownersOnly);
    }
  }
  return db.transaction(async (tx) => {
    await lockCompany(tx, id);
    // What the leaving member has waiting for the company's approval is cancelled first, its
    // rows locked before the member row, as an approval locks them (purchase, then members).
    await cancelWaiting(tx, id, address);
    await keepingAnOwner(tx, id, async () => {
      const removed = await tx
        .delete(companyMembers)
        .where(and(eq(companyMembers.companyId, id), eq(companyMembers.email, address)))
        .returning({ email: companyMembers.email });
      if (removed.length === 0) throw notFound(companyMessages.notInvited(address));
    });
    return companyAnswer(tx, id, user);
  });
}

/**
 * DELETE /companies/{id}: an owner or an admin dissolves the company, unless a purchase made for
 * it still waits for payment or approval (409): those must be paid, rejected or cancelled
 * first; nor one with entries on its ledger (409), which is kept for good (issue 30). Members, invitations and contract prices go with it; its paid purchases and invoices
 * stay for the books, keeping the company's name, tax id and billing address they were made
 * with.
 */
export async function dissolveCompany(db: Db, user: SignedInUser, id: string): Promise<Deleted> {
  if (user.isAdmin) await requireCompany(db, id);
  else await ownerOf(db, user, id);
  return db.transaction(async (tx) => {
    await lockCompany(tx, id);
    const [open] = await tx
      .select({ id: purchases.id })
      .from(purchases)
      .where(
        and(
          eq(purchases.companyId, id),
          or(
            and(isNotNull(purchases.awaitingLines), isNull(purchases.closedAs)),
            exists(
              tx
                .select({ id: orders.id })
                .from(orders)
                .where(and(eq(orders.purchaseId, purchases.id), eq(orders.paid, false))),
            ),
          ),
        ),
      )
      .limit(1);
    if (open) throw new HttpError(409, companyMessages.purchasesOpen);
    // The ledger is append-only and its entries point at the company (on delete restrict): a
    // company that has had an account keeps it, as the books must.
    const [entry] = await tx
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.companyId, id))
      .limit(1);
    if (entry) throw new HttpError(409, companyMessages.ledgerKept);
    // The members before the company row: deleting the company takes it FOR UPDATE and then its
    // members (the cascade); a purchase being placed holds its buyer's member row and then needs
    // a key-share lock on the company. Locking the members first makes the dissolve wait for it.
    await tx
      .select({ email: companyMembers.email })
      .from(companyMembers)
      .where(eq(companyMembers.companyId, id))
      .orderBy(companyMembers.email)
      .for('update');
    const deleted = await tx
      .delete(companies)
      .where(eq(companies.id, id))
      .returning({ id: companies.id });
    if (deleted.length === 0) throw notFound(companyMessages.notFound);
    return { acknowledged: true as const, deletedCount: 1 };
  });
}

/** GET /admin/companies: by name, with how many members and contract prices each has. */
export async function listCompanies(
  db: Db,
  query: z.output<typeof companyListQuerySchema>,
): Promise<CompanyPage> {
  const where = query.q ? ilike(companies.name, containing(query.q)) : undefined;
  const members = db
    .select({ companyId: companyMembers.companyId, n: count().as('members') })
    .from(companyMembers)
    .where(isActive)
    .groupBy(companyMembers.companyId)
    .as('m');
  const prices = db
    .select({ companyId: contractPrices.companyId, n: count().as('prices') })
    .from(contractPrices)
    .groupBy(contractPrices.companyId)
    .as('p');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        _id: companies.id,
        name: companies.name,
        taxId: companies.taxId,
        createdAt: companies.createdAt,
        members: sql<number>`coalesce(${members.n}, 0)::int`,
        contractPrices: sql<number>`coalesce(${prices.n}, 0)::int`,
        paymentTerms: companies.paymentTerms,
        creditLimit: companies.creditLimit,
        onHold: companies.onHold,
        balance: companies.balance,
      })
      .from(companies)
      .leftJoin(members, eq(members.companyId, companies.id))
      .leftJoin(prices, eq(prices.companyId, companies.id))
      .where(where)
      .orderBy(asc(companies.name), asc(companies.seq))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(companies).where(where),
  ]);
  return {
    items: rows.map(({ paymentTerms, creditLimit, onHold, balance, ...row }) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      ...termsOf({ paymentTerms, creditLimit, onHold, balance }),
    })),
    total: total?.value ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/** The company's row (checkout copies its name, tax id and billing address). */
export async function companyRow(db: Db, id: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row ?? null;
}
