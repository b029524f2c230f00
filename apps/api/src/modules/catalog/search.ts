import type { CategoryCount, ProductPage, ProductSearch } from '@shop/shared';
import { and, asc, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { startingWith } from '../../db/like.js';
import { products } from '../../db/schema.js';
import { productColumns } from './service.js';
import { catalogVersion } from './snapshot.js';
import { correctedWords } from './typos.js';

/**
 * GET /products (DESIGN section 8): search, category filter, sort and paging of the catalogue,
 * in the database so it holds at 100,000 products (docs/decisions/019).
 *
 * A search matches products whose part number, name or description hold every word of it, each
 * as the start of a word, any case: PostgreSQL full-text search on `search_vector` ('simple'
 * configuration), answered by its GIN index. When no product holds them all, the search is taken
 * for a typo: unknown words are replaced by the most alike words of the catalogue's names
 * (typos.ts) and it is read again, so "procesor" still finds the processors.
 *
 * Relevance puts an exact part number first, then an exact name (any case), then names that start
 * with the search, then the newest: the cart's quick order asks for a few products by part number
 * or name and takes the exact one, which must not sink below newer names that merely start alike. (Ranking every match by resemblance cost 85 ms of a 10,000-match search at 100,000
 * products, more than the whole search may take; docs/performance.md.) Without a search, relevance is newest first.
 */

/** Words beyond this many add nothing a buyer would miss and cost an index lookup each. */
const MAX_WORDS = 8;

/** The search's words as the index holds them: lowercase runs of letters and digits. */
const wordsOf = (q: string) =>
  q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);

/** Every word, each as a prefix (`nvme:* & ss:*`); the words hold only letters and digits. */
const matching = (words: string[]): SQL =>
  words.length === 0
    ? sql`false`
    : sql`${products.searchVector} @@ to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' & ')})`;

function filters(search: ProductSearch): (SQL | undefined)[] {
  return [
    search.category ? eq(products.category, search.category) : undefined,
    search.stock === 'low' ? lte(products.available, products.lowStockThreshold) : undefined,
  ];
}

function orderBy(search: ProductSearch): SQL[] {
  const newest = desc(products.seq);
  switch (search.sort) {
    case 'price':
      return [asc(products.price), newest];
    case '-price':
      return [desc(products.price), newest];
    case 'name':
      return [asc(products.name), newest];
    case 'newest':
      return [newest];
    case 'relevance': {
      const q = search.q;
      if (!q) return [newest];
      return [
        desc(sql`upper(${products.sku}) = upper(${q})`),
        desc(sql`upper(${products.name}) = upper(${q})`),
        desc(sql`${products.name} ilike ${startingWith(q)}`),
        newest,
      ];
    }
  }
}

/**
 * The whole catalogue's counts (no search, no stock filter: the first visit to /products), kept
 * while the catalogue is unchanged, for at most a second: a GROUP BY over every product each time
 * would be the slowest part of the commonest request.
 */
const wholeCounts = new WeakMap<
  Db,
  { version: number; at: number; rows: Promise<CategoryCount[]> }
>();

function countByCategory(db: Db, match: SQL | undefined, search: ProductSearch) {
  if (match || search.stock) return readCounts(db, match, search);
  const version = catalogVersion(db);
  const cached = wholeCounts.get(db);
  if (cached && cached.version === version && Date.now() - cached.at < 1_000) return cached.rows;
  const rows = readCounts(db, undefined, search);
  wholeCounts.set(db, { version, at: Date.now(), rows });
  rows.catch(() => wholeCounts.delete(db));
  return rows;
}

async function readCounts(db: Db, match: SQL | undefined, search: ProductSearch) {
  const [, lowStock] = filters(search);
  const rows = await db
    .select({ category: products.category, count: sql<number>`count(*)::int` })
    .from(products)
    .where(and(match, lowStock))
    .groupBy(products.category)
    .orderBy(asc(products.category));
  return rows as CategoryCount[];
}

export async function searchProducts(db: Db, search: ProductSearch): Promise<ProductPage> {
  const words = wordsOf(search.q);
  let match = search.q ? matching(words) : undefined;
  let categories = await countByCategory(db, match, search);
  // Nothing holds every word: read it as a typo, with unknown words corrected.
  if (match && categories.length === 0) {
    const corrected = await correctedWords(db, words);
    if (corrected) {
      match = matching(corrected);
      categories = await countByCategory(db, match, search);
    }
  }
  const total = categories
    .filter((row) => !search.category || row.category === search.category)
    .reduce((sum, row) => sum + row.count, 0);
  const items =
    total === 0
      ? []
      : await db
          .select(productColumns)
          .from(products)
          .where(and(match, ...filters(search)))
          .orderBy(...orderBy(search))
          .limit(search.limit)
          .offset((search.page - 1) * search.limit);
  return { items, total, page: search.page, limit: search.limit, categories };
}
