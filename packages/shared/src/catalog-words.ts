/*
 * How a person reads a product's category and unit. Plain TypeScript, apart from catalog.ts and
 * its schemas: the server-rendered pages' first load carries no zod (e2e bundle-budget).
 */
import { formatNumber } from './number-text.js';

/**
 * The words a person reads for a category slug (issue 28), the one place a slug becomes a label:
 * its words, first letter capital ("power-supplies" -> "Power supplies"). A rule, not a table:
 * every slug an admin makes up reads right at once, and the catalogue island's first load has a
 * budget of bytes (e2e bundle-budget).
 */
export function categoryLabel(slug: string): string {
  const words = slug.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A product's selling unit, from its pack size (`increment`; products have no unit field, see
 * docs/decisions/033): "box of 25" when it is sold in packs, null when it is sold by the piece.
 */
export function packUnit(increment: number): string | null {
  return increment > 1 ? `box of ${formatNumber(increment)}` : null;
}
