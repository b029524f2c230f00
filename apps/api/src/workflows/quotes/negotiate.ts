import {
  fromCents,
  quantityLimitRefusal,
  quoteMessages,
  QUOTE_VALIDITY_DAYS_MAX,
  toCents,
  type Quote,
  type QuoteOfferedData,
  type quoteMessageBodySchema,
  type quoteOfferSchema,
  type quoteRequestSchema,
} from '@shop/shared';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { recordAudit } from '../../kernel/audit.js';
import { displayName, type SignedInUser } from '../../kernel/people.js';
import { locationOfBuyer } from '../../modules/companies/locations.js';
import { membershipOf } from '../../modules/companies/membership.js';
import {
  addMessage,
  addVersion,
  findQuote,
  insertQuote,
  lockQuotes,
  markDeclined,
  offerSubtotal,
  type QuoteRow,
} from '../../modules/quotes/store.js';
import { mustAct, readableQuote } from './access.js';
import { emitEvents } from '../../kernel/events.js';
import { enqueueQuoteEmail } from '../../modules/quotes/emails.js';
import { toQuote } from './reading.js';
import { jobsQueued } from '../../kernel/jobs.js';

/*
 * Asking for a quote and negotiating it (issue 31 items 1 and 2, docs/decisions/052): the buyer
 * asks, the shop offers versions, both write in the thread, the buyer may decline. Each step
 * locks the quote's row and checks its state under that lock, then mails the other side.
 */

type RequestBody = z.output<typeof quoteRequestSchema>;
type OfferBody = z.output<typeof quoteOfferSchema>;
type MessageBody = z.output<typeof quoteMessageBodySchema>;

/** The products named, as a quote keeps them (name and part number); 404 for one gone. */
async function namedProducts(db: Db | Tx, ids: string[]) {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      minimum: products.minimum,
      increment: products.increment,
      maximum: products.maximum,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const found = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.find((id) => !found.has(id));
  if (missing) throw new HttpError(404, quoteMessages.productNotFound, { productId: missing });
  return found;
}

/** POST /quotes: the quote is the requester's, and their company's when they belong to one. */
export async function requestQuote(db: Db, user: SignedInUser, body: RequestBody): Promise<Quote> {
  const membership = await membershipOf(db, user);
  const location =
    body.locationId === undefined ? null : await locationOfBuyer(db, user, body.locationId);
  const named = await namedProducts(
    db,
    body.lines.map((line) => line.productId),
  );
  const name = await displayName(db, user.email);
  const quote = await db.transaction(async (tx) => {
    const row = await insertQuote(tx, {
      userId: user.id,
      name,
      email: user.email,
      companyId: membership?.companyId ?? null,
      locationId: location?.locationId ?? null,
      lines: body.lines.map((line) => ({
        productId: line.productId,
        productName: named.get(line.productId)!.name,
        sku: named.get(line.productId)!.sku,
        quantity: line.quantity,
        targetPrice: line.targetPrice === undefined ? null : toCents(line.targetPrice),
      })),
      message: body.message ?? null,
    });
    await enqueueQuoteEmail(tx, 'quote-requested', row);
    return row;
  });
  jobsQueued(db);
  return toQuote(db, quote);
}

/** Locks the quote and refuses a step on one that can no longer change (409). */
async function lockOpen(tx: Tx, id: string): Promise<QuoteRow> {
  const quote = (await lockQuotes(tx, [id])).get(id);
  if (!quote) throw new HttpError(404, quoteMessages.notFound);
  if (quote.status === 'accepted' || quote.status === 'declined') {
    throw new HttpError(409, quoteMessages.closed(quote.status));
  }
  return quote;
}

/** PUT /quote/{id}/offer (admin): the next version, valid until `expiresAt`. */
export async function offerQuote(
  db: Db,
  admin: SignedInUser,
  id: string,
  body: OfferBody,
): Promise<Quote> {
  const expiresAt = new Date(body.expiresAt);
  const now = Date.now();
  if (expiresAt.getTime() <= now) throw new HttpError(400, quoteMessages.expiresInPast);
  if (expiresAt.getTime() > now + QUOTE_VALIDITY_DAYS_MAX * 86_400_000) {
    throw new HttpError(400, quoteMessages.expiresTooLate);
  }
  const named = await namedProducts(
    db,
    body.lines.map((line) => line.productId),
  );
  // Any price, but quantities the product can be bought in: else the acceptance would fail.
  for (const line of body.lines) {
    const product = named.get(line.productId)!;
    const refusal = quantityLimitRefusal(product, line.quantity);
    if (refusal) {
      throw new HttpError(400, quoteMessages.offerQuantity(product.name, refusal.message), {
        productId: product.id,
      });
    }
  }
  const lines = body.lines.map((line) => ({
    productId: line.productId,
    productName: named.get(line.productId)!.name,
    quantity: line.quantity,
    unitPrice: toCents(line.unitPrice),
  }));
  const quote = await db.transaction(async (tx) => {
    const locked = await lockOpen(tx, id);
    const version = await addVersion(tx, locked, {
      lines,
      expiresAt,
      note: body.note ?? null,
      createdBy: admin.email,
    });
    await recordAudit(tx, {
      actor: admin,
      action: 'quote.offer',
      targetType: 'quote',
      targetId: locked.id,
      targetLabel: locked.number,
      details: {
        version,
        lines: lines.length,
        subtotal: fromCents(offerSubtotal(lines)),
        expiresAt: expiresAt.toISOString(),
      },
    });
    await enqueueQuoteEmail(tx, 'quote-offered', locked);
    const data: QuoteOfferedData = {
      quoteId: locked.id,
      number: locked.number,
      version,
      lines: lines.map((line) => ({
        productId: line.productId,
        quantity: line.quantity,
        unitPrice: fromCents(line.unitPrice),
      })),
      subtotal: fromCents(offerSubtotal(lines)),
      expiresAt: expiresAt.toISOString(),
      note: body.note ?? null,
    };
    await emitEvents(tx, [{ type: 'quote.offered', companyId: locked.companyId, data }]);
    return locked;
  });
  jobsQueued(db);
  return current(db, quote);
}

/**
 * POST /quote/{id}/messages: the buyer's side (requester, owner) or the shop writes; new target
 * prices, from the buyer's side only, name lines of the quote and ask for a new offer.
 */
export async function writeQuoteMessage(
  db: Db,
  user: SignedInUser,
  id: string,
  body: MessageBody,
): Promise<Quote> {
  const { quote: found, standing } = await readableQuote(db, user, id);
  const fromShop = standing === 'admin';
  if (!fromShop) mustAct(standing);
  const targets = body.targetPrices ?? [];
  if (targets.length > 0) {
    if (fromShop) throw new HttpError(400, quoteMessages.targetPriceLines);
    const asked = new Set(found.lines.map((line) => line.productId));
    if (targets.some((target) => !asked.has(target.productId))) {
      throw new HttpError(400, quoteMessages.targetPriceLines);
    }
  }
  const author = `${await displayName(db, user.email)} <${user.email}>`;
  const quote = await db.transaction(async (tx) => {
    const locked = await lockOpen(tx, found.id);
    await addMessage(tx, locked, {
      fromShop,
      author,
      text: body.text,
      targetPrices: targets.map((target) => ({
        productId: target.productId,
        targetPrice: toCents(target.targetPrice),
      })),
    });
    await enqueueQuoteEmail(
      tx,
      fromShop ? 'quote-message-to-buyer' : 'quote-message-to-shop',
      locked,
    );
    return locked;
  });
  jobsQueued(db);
  return current(db, quote);
}

/** PUT /quote/{id}/decline: the buyer's side closes it; an accepted one cannot be (409). */
export async function declineQuote(db: Db, user: SignedInUser, id: string): Promise<Quote> {
  const { quote: found, standing } = await readableQuote(db, user, id);
  mustAct(standing);
  const quote = await db.transaction(async (tx) => {
    const locked = await lockOpen(tx, found.id);
    await markDeclined(tx, locked.id);
    await enqueueQuoteEmail(tx, 'quote-declined', locked);
    return locked;
  });
  jobsQueued(db);
  return current(db, quote);
}

/** The quote as it is now, after a step on it. */
async function current(db: Db, quote: QuoteRow): Promise<Quote> {
  return toQuote(db, (await findQuote(db, quote.id)) ?? quote);
}

/** GET /quote/{id}. */
export async function readQuote(db: Db, user: SignedInUser, id: string): Promise<Quote> {
  const { quote } = await readableQuote(db, user, id);
  return toQuote(db, quote);
}
