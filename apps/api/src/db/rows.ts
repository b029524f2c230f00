/**
 * The rows of `db.execute`: node-postgres answers a result with `rows`, and some drivers the
 * array itself.
 */
export function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}
