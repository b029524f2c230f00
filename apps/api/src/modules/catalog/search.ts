import type { CategoryCount, ProductPage, ProductSearch } from '@shop/shared';
import { and, asc, desc, eq, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containing, startingWith } from '../../db/like.js';
import { products } from '../../db/schema.js';
import { productColumns } from './service.js';

/**
 * GET /products (DESIGN section 8): search, category filter, sort and paging of the catalogue,
 * in the database so it holds at 100,000 products (docs/decisions/019).
 *
 * A search matches products whose part number, name or description hold every word of it, any
 * case: one ILIKE per word on `search_text`, answered by its trigram index. When no product holds
 * them all, the search is taken for a typo and matches names that resemble it word by word
 * (pg_trgm's `<%`, the name's trigram index), so "procesor" still finds the processors.
 *
 * Relevance puts an exact part number first, then names that start with the search, then names
 * by resemblance; the newest product wins a tie. Without a search, relevance is newest first.
 */

/** Words beyond this many add nothing a buyer would miss and cost an index scan each. */
const MAX_WORDS = 8;

const wordsOf = (q: string) => q.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);

const exactMatch = (q: string): SQL =>
  and(...wordsOf(q).map((word) => ilike(products.searchText, containing(word))))!;

const fuzzyMatch = (q: string): SQL => sql`${q} <% ${products.name}`;

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
        desc(sql`${products.name} ilike ${startingWith(q)}`),
        desc(sql`word_similarity(${q}, ${products.name})`),
        newest,
      ];
    }
  }
}

async function countByCategory(db: Db, match: SQL | undefined, search: ProductSearch) {
  const [, lowStock] = filters(search);
  const rows = await db
    .select({ category: products.category, count: sql<number>`count(*)::int` })
    .from(products)
    .where(and(match, lowStock))
    .groupBy(products.category)
    .orderBy(asc(products.category));
  return rows as CategoryCount[];
}

/** Which products the words match: every word, else (a typo) names that resemble them. */
async function matchFor(db: Db, search: ProductSearch): Promise<SQL | undefined> {
  if (!search.q) return undefined;
  const exact = exactMatch(search.q);
  const [hit] = await db
    .select({ one: sql`1` })
    .from(products)
    .where(exact)
    .limit(1);
  return hit ? exact : fuzzyMatch(search.q);
}

export async function searchProducts(db: Db, search: ProductSearch): Promise<ProductPage> {
  const match = await matchFor(db, search);
  const categories = await countByCategory(db, match, search);
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
