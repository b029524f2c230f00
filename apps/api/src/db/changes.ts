import type { Db } from './client.js';

/*
 * The catalogue's change count, per database handle (each app and each test has its own). Every
 * write to `products` (the catalogue's edits and the stock's holds and releases) calls
 * `catalogChanged` after it commits; caches of the catalogue (catalog/snapshot.ts, search) keep
 * a copy only while the count they read it at is current. It sits here, below the modules, so
 * the modules that write products signal the one that caches them without importing it.
 */

const versions = new WeakMap<Db, number>();

/**
 * Marks the catalogue of this database as changed. Call it after the change has committed: a
 * copy built from a read that began earlier then carries an older version and is not used.
 */
export function catalogChanged(db: Db): void {
  versions.set(db, catalogVersion(db) + 1);
}

/** A number that changes with every change of this database's catalogue (caches key by it). */
export function catalogVersion(db: Db): number {
  return versions.get(db) ?? 0;
}
