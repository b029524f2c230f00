import { creditNoteMessages, type CreditNoteList } from '@shop/shared';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import type { SignedInUser } from '../../kernel/people.js';
import { membershipOf } from '../../modules/companies/membership.js';
import { ownPurchase } from '../../modules/orders/purchase-reading.js';
import { findPurchase, type PurchaseRow } from '../../modules/orders/purchase-store.js';
import { findCreditNote, notesOf, toCreditNote } from './issue.js';

/**
 * Who reads a purchase's credit notes: whoever reads the purchase (workflows/buying/reading.ts):
 * its buyer, an admin, or an owner or approver of the company it was bought for.
 */
export async function readablePurchase(
  db: Db,
  user: SignedInUser,
  found: PurchaseRow | null,
): Promise<PurchaseRow> {
  if (found?.companyId && found.userId !== user.id && !user.isAdmin) {
    const membership = await membershipOf(db, user);
    if (membership?.companyId === found.companyId && membership.role !== 'buyer') return found;
  }
  return ownPurchase(found, user, { allowAdmin: true });
}

/** GET /purchase/{id}/credit-notes. */
export async function listCreditNotes(
  db: Db,
  user: SignedInUser,
  purchaseId: string,
): Promise<CreditNoteList> {
  const purchase = await readablePurchase(db, user, await findPurchase(db, purchaseId));
  const notes = await notesOf(db, purchase.id);
  return { items: notes.map((note) => toCreditNote(note, purchase)) };
}

/** The note and its purchase when this user may read them (GET /credit-note/{id}.pdf). */
export async function readableCreditNote(db: Db, user: SignedInUser, id: string) {
  const { note, purchase } = await findCreditNote(db, id);
  try {
    await readablePurchase(db, user, purchase);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 403) {
      throw new HttpError(403, creditNoteMessages.notYours);
    }
    throw error;
  }
  return { note, purchase };
}
