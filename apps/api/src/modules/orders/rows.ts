import type { orders, purchases } from '../../db/schema.js';

/** A purchase's row and a line's, as stored: a file of types alone, which anything may import. */
export type PurchaseRow = typeof purchases.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
