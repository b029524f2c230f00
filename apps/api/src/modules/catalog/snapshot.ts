import { type Product, productSchema } from '@shop/shared';
import { catalogVersion } from '../../db/changes.js';
import type { Db } from '../../db/client.js';
import { type PreparedAnswer, prepareJsonText } from '../../http/prepared-answer.js';

/**
 * The catalogue as it goes on the wire, kept in memory.
 *
 * Every page of the shop reads the catalogue and few requests change it, so GET /items and
 * GET /item/{id} answer from one serialized copy with its ETag instead of querying, validating
 * and serializing on every request (docs/decisions/006). That is what lets them keep up with a
 * bare server (`npm run bench`).
 *
 * Freshness: every write to `products` in this process (add, edit, delete, an order taking
 * stock, a cancelled or expired order giving it back) calls `catalogChanged` after it commits,
 * so this instance never answers with a catalogue older than its own writes. Another instance
 * on the same PostgreSQL learns of a change when its copy expires, after at most `MAX_AGE_MS`.
 * Stock shown a moment late is harmless: POST /order checks the stock in the database.
 */
export const MAX_AGE_MS = 1_000;

/**
 * A serialized answer with its weak ETag, and its compressed copies once asked for
 * (http/prepared-answer.ts).
 */
export type WireBody = PreparedAnswer;

interface Snapshot {
  version: number;
  builtAt: number;
  list: WireBody;
  byId: Map<string, WireBody>;
}

interface CatalogState {
  snapshot: Snapshot | null;
  /** The copy last read, current or not: what a new copy reuses its unchanged answers from. */
  last: Snapshot | null;
  /** The read in progress, so a burst of requests after a change queries the database once. */
  building: { version: number; promise: Promise<Snapshot> } | null;
}

// Keyed by the database handle: each app (and each test) has its own database and catalogue.
const states = new WeakMap<Db, CatalogState>();

function stateOf(db: Db): CatalogState {
  let state = states.get(db);
  if (!state) {
    state = { snapshot: null, last: null, building: null };
    states.set(db, state);
  }
  return state;
}

/**
 * The answer for `value`, reusing the previous copy's when the text is the same. The copy is
 * read again every second and after every stock change, and most of the time nothing it shows
 * changed (an order moves one product's stock): the unchanged answers keep their ETag and
 * compressed copies instead of being hashed and compressed again.
 */
function wire(value: unknown, previous: WireBody | undefined): WireBody {
  const body = JSON.stringify(value);
  return previous?.body === body ? previous : prepareJsonText(body);
}

function done(state: CatalogState, building: CatalogState['building']) {
  if (state.building === building) state.building = null;
}

/**
 * The current copy if there is one, without waiting: the routes answer from it synchronously
 * (no promise per request), and fall back to `catalogSnapshot` when it is missing or old.
 */
export function freshCatalog(db: Db): Pick<Snapshot, 'list' | 'byId'> | null {
  const state = states.get(db);
  const current = state?.snapshot;
  return current && isFresh(db, current) ? current : null;
}

function isFresh(db: Db, snapshot: Snapshot): boolean {
  return snapshot.version === catalogVersion(db) && Date.now() - snapshot.builtAt < MAX_AGE_MS;
}

/**
 * The current catalogue, newest first, serialized. `load` reads it from the database; it is
 * called at most once at a time, and again only after a change or `MAX_AGE_MS`.
 */
export async function catalogSnapshot(
  db: Db,
  load: () => Promise<Product[]>,
): Promise<Pick<Snapshot, 'list' | 'byId'>> {
  const state = stateOf(db);
  const current = state.snapshot;
  if (current && isFresh(db, current)) return current;
  // A read that began before the latest change cannot answer for it: start another.
  const version = catalogVersion(db);
  if (state.building?.version === version) return state.building.promise;
  const read = async (): Promise<Snapshot> => {
    // Parsed once per copy, so the wire format is exactly the schema's, as the serializer
    // would have made it.
    const products = productSchema.array().parse(await load());
    const previous = state.last;
    const snapshot: Snapshot = {
      version,
      builtAt: Date.now(),
      list: wire(products, previous?.list),
      byId: new Map(
        products.map((product) => [product._id, wire(product, previous?.byId.get(product._id))]),
      ),
    };
    state.last = snapshot;
    // A change that committed while we read makes this copy stale at once; it still answers
    // the requests that were already waiting on it.
    if (catalogVersion(db) === version) state.snapshot = snapshot;
    return snapshot;
  };
  const building = { version, promise: read() };
  void building.promise.then(
    () => done(state, building),
    () => done(state, building),
  );
  state.building = building;
  return building.promise;
}
