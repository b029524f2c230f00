import type { CategoryCount, ProductPage, ProductSearch } from '@shop/shared';
import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { products } from '../../db/schema.js';
import { productAnswer, productColumns } from './service.js';
import { catalogVersion } from '../../db/changes.js';
import { changedSince } from '../../db/sync.js';
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
 * A search reads its matches from the table once, keeping of each only its id, category and sort
 * key, and takes both the counts per category and the page from them (readMatches). Relevance
 * puts an exact part number first, then an exact name (any case), then names that start with
 * the search, then the newest: the cart's quick order asks for a few products by part number or
 * name and takes the exact one, which must not sink below newer names that merely start alike.
 * (Ranking every match by resemblance cost 85 ms of a 10,000-match search at 100,000 products,
 * more than the whole search may take; docs/performance.md.) Without a search, relevance is
 * newest first, and the page is read along the sort's btree index.
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

/** The order of a page without a search, along the sort's btree index. */
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
    case 'relevance':
      return [newest];
  }
}

/**
 * What a search's matches are sorted by: the column, or for relevance the exact part number (part
 * numbers are stored in capitals), then the exact name, then names that start with the search;
 * then the newest. Only
 * these are kept of each matched row, so the matches take little memory however many there are.
 */
function sortKey(search: ProductSearch): { key: SQL; order: SQL } {
  switch (search.sort) {
    case 'price':
      return { key: sql`${products.price}`, order: sql`key asc, seq desc` };
    case '-price':
      return { key: sql`${products.price}`, order: sql`key desc, seq desc` };
    case 'name':
      return { key: sql`${products.name}`, order: sql`key asc, seq desc` };
    case 'newest':
      return { key: sql`0`, order: sql`seq desc` };
    case 'relevance':
      return {
        // One lower() per row: a name that starts with the search and is as long is the search.
        key: sql`(${products.sku} = ${search.q.toUpperCase()})::int * 4
                 + case when starts_with(lower(${products.name}), ${search.q.toLowerCase()})
                     then case when char_length(${products.name}) = ${[...search.q].length}
                       then 3 else 1 end
                     else 0 end`,
        order: sql`key desc, seq desc`,
      };
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

function countByCategory(db: Db, search: ProductSearch) {
  if (search.stock) return readCounts(db, search);
  const version = catalogVersion(db);
  const cached = wholeCounts.get(db);
  if (cached && cached.version === version && Date.now() - cached.at < 1_000) return cached.rows;
  const rows = readCounts(db, search);
  wholeCounts.set(db, { version, at: Date.now(), rows });
  rows.catch(() => wholeCounts.delete(db));
  return rows;
}

async function readCounts(db: Db, search: ProductSearch) {
  const [, lowStock] = filters(search);
  const rows = await db
    .select({ category: products.category, count: sql<number>`count(*)::int` })
    .from(products)
    .where(lowStock)
    .groupBy(products.category)
    .orderBy(asc(products.category));
  return rows as CategoryCount[];
}

/**
 * A search's counts per category and the ids of its page, in one statement: the matches are
 * read from the table once (a broad search matches a tenth of the catalogue, and reading those
 * rows is most of its cost; docs/performance.md), then grouped for the counts and sorted for the
 * page.
 */
async function readMatches(db: Db, match: SQL, search: ProductSearch) {
  const [category, lowStock] = filters(search);
  const sort = sortKey(search);
  const result = await db.execute(sql`
    with matched as materialized (
      select ${products.id} as id, ${products.category} as category, ${products.seq} as seq,
             ${sort.key} as key
      from ${products} where ${and(match, lowStock)}
    )
    select
      (select json_agg(counted order by counted.category) from (
         select category, count(*)::int as count from matched group by category
       ) as counted) as categories,
      (select json_agg(page.id) from (
         select id from matched ${category ? sql`where category = ${search.category}` : sql``}
         order by ${sort.order}
         limit ${search.limit} offset ${(search.page - 1) * search.limit}
       ) as page) as ids`);
  const [row] = rowsOf<{ categories: CategoryCount[] | null; ids: string[] | null }>(result);
  return { categories: row?.categories ?? [], ids: row?.ids ?? [] };
}

/** The products with these ids (and `where`), in this order. */
async function productsInOrder(db: Db, ids: string[], where?: SQL) {
  if (ids.length === 0) return [];
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(and(inArray(products.id, ids), where));
  const byId = new Map(rows.map((row) => [row._id, productAnswer(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function searchProducts(db: Db, search: ProductSearch): Promise<ProductPage> {
  const paging = { page: search.page, limit: search.limit };
  if (!search.q) {
    const categories = await countByCategory(db, search);
    const total = totalOf(categories, search);
    const items =
      total === 0
        ? []
        : await db
            .select(productColumns)
            .from(products)
            .where(and(...filters(search)))
            .orderBy(...orderBy(search))
            .limit(search.limit)
            .offset((search.page - 1) * search.limit)
            .then((rows) => rows.map(productAnswer));
    return { items, total, ...paging, categories };
  }
  const words = wordsOf(search.q);
  let found = await readMatches(db, matching(words), search);
  // Nothing holds every word: read it as a typo, with unknown words corrected.
  if (found.categories.length === 0) {
    const corrected = await correctedWords(db, words);
    if (corrected) found = await readMatches(db, matching(corrected), search);
  }
  const items = await productsInOrder(db, found.ids);
  return {
    items,
    total: totalOf(found.categories, search),
    ...paging,
    categories: found.categories,
  };
}

/** How many products the page's filter holds: the category's count, or all of them. */
const totalOf = (categories: CategoryCount[], search: ProductSearch) =>
  categories
    .filter((row) => !search.category || row.category === search.category)
    .reduce((sum, row) => sum + row.count, 0);

/**
 * GET /products?updatedSince= (issue 32, docs/decisions/055): the products changed at or after
 * that time, in change order, a page at a time by `nextUpdatedSince`. Stock taken by purchases is
 * a change: an ERP syncing stock reads it here.
 */
export async function productChanges(
  db: Db,
  { since, limit }: { since: string; limit: number },
): Promise<ProductPage> {
  const changes = await changedSince(
    db,
    products,
    { id: products.id, updatedAt: products.updatedAt },
    { since, limit },
  );
  return {
    items: await productsInOrder(db, changes.ids, changes.unchanged),
    total: changes.total,
    page: 1,
    limit,
    categories: [],
    nextUpdatedSince: changes.next,
  };
}
