/*
 * How a person reads a product's category and unit. Plain TypeScript, apart from catalog.ts and
 * its schemas: the server-rendered pages' first load carries no zod (e2e bundle-budget).
 */

/**
 * The words a person reads for a category slug (issue 28): the one place a slug becomes a label.
 * The catalogue's own categories are named here; a slug an admin makes up later reads as its
 * words ("rack-mounts" -> "Rack mounts") until it is named here too.
 */
const CATEGORY_LABELS: Readonly<Record<string, string>> = {
  cables: 'Cables',
  cases: 'Cases',
  cooling: 'Cooling',
  'graphics-cards': 'Graphics cards',
  memory: 'Memory',
  motherboards: 'Motherboards',
  networking: 'Networking',
  other: 'Other parts',
  'power-supplies': 'Power supplies',
  processors: 'Processors',
  storage: 'Storage',
};

export function categoryLabel(slug: string): string {
  const named = CATEGORY_LABELS[slug];
  if (named) return named;
  const words = slug.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A product's selling unit, from its pack size (`increment`; products have no unit field, see
 * docs/decisions/033): "box of 25" when it is sold in packs, null when it is sold by the piece.
 */
export function packUnit(increment: number): string | null {
  return increment > 1 ? `box of ${increment.toLocaleString('en-US')}` : null;
}
