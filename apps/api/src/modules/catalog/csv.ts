import {
  moneyText,
  PRODUCT_PLACEHOLDER_IMG,
  productInputSchema,
  productProblems,
  productUpdateSchema,
  type CatalogImportReport,
  type ImportProblem,
  type Product,
  type ProductUpdate,
} from '@shop/shared';
import { asc, gt, inArray } from 'drizzle-orm';
import Papa from 'papaparse';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { csvCell, unneutralised } from '../../http/csv.js';
import { HttpError } from '../../http/errors.js';
import { recordAudits, type AuditActor } from '../../kernel/audit.js';
import { emitEvents } from '../../kernel/events.js';
import {
  changesOf,
  createdRecord,
  productEvent,
  updateInTransaction,
  withUniqueSku,
} from './admin-service.js';
import { pricesInCents, productAnswer, productColumns } from './service.js';
import { catalogChanged } from '../../db/changes.js';
import { jobsQueued } from '../../kernel/jobs.js';

/**
 * The catalogue as CSV (GET /admin/products.csv) and back (POST /admin/products/import), keyed by
 * part number: an admin exports, edits in a spreadsheet, imports. docs/decisions/019.
 *
 * Prices are dollars, with two decimals where there are cents (`89.50`); a CSV saved with
 * semicolons, where the comma is the decimal sign, may write them `89,50`.
 * Weights are kilograms per piece (`1.25`, or `1,25` in a semicolon CSV).
 * Volume prices are written `100:9; 500:8.50` (from 100 pieces $9 each, from 500 $8.50) and
 * specifications one per line, `Label: value`, in one cell. A column left out of an import
 * leaves that field as it is; an empty cell clears the fields that may be empty (maximum, tiers,
 * specs) and is refused for the others.
 */

type Column = keyof Omit<Product, '_id'>;

export const CATALOG_CSV_COLUMNS: readonly Column[] = [
  'sku',
  'name',
  'category',
  'price',
  'minimum',
  'increment',
  'maximum',
  'available',
  'lowStockThreshold',
  'weightKg',
  'priceTiers',
  'specs',
  'img',
  'description',
];

const NUMBER_COLUMNS = new Set<Column>([
  'price',
  'minimum',
  'increment',
  'maximum',
  'available',
  'lowStockThreshold',
  'weightKg',
]);

export const csvMessages = {
  noSku: 'The CSV needs a header row with a sku column.',
  unknownColumn: (name: string) =>
    `Unknown column "${name}". The columns are: ${CATALOG_CSV_COLUMNS.join(', ')}.`,
  skuMissing: 'This row has no sku.',
  repeated: (line: number) => `This sku is also on line ${line}; each product once, please.`,
  tiers: 'Write volume prices as quantity:price pairs, e.g. "100:9; 500:8".',
  specs: 'Write one specification per line as "Label: value".',
  raced: 'Another change took one of these part numbers meanwhile; please import again.',
  refused: (count: number) =>
    `${count} line${count === 1 ? '' : 's'} of the CSV could not be imported; nothing was changed.`,
  parse: (line: number, message: string) => `Line ${line}: ${message}`,
} as const;

const formatTiers = (tiers: Product['priceTiers']) =>
  tiers.map((tier) => `${tier.minQuantity}:${moneyText(tier.price)}`).join('; ');
const formatSpecs = (specs: Product['specs']) =>
  specs.map((spec) => `${spec.label}: ${spec.value}`).join('\n');

function cellOf(product: Product, column: Column): string | number | null {
  if (column === 'priceTiers') return formatTiers(product.priceTiers);
  if (column === 'specs') return formatSpecs(product.specs);
  if (column === 'price') return moneyText(product.price);
  return product[column] ?? null;
}

const CSV_BATCH = 1000;
/** Rows per INSERT of an import's new products (14 parameters each, well under 65,535). */
const INSERT_BATCH = 1000;
/** Part numbers per lookup of an import's existing products (one parameter each). */
const LOOKUP_BATCH = 10_000;

/**
 * Every product in part-number order, as chunks of CSV read a batch at a time (keyset on sku),
 * so a 100,000-product export never holds the catalogue in memory.
 */
export async function* catalogCsv(db: Db): AsyncGenerator<string> {
  yield `${CATALOG_CSV_COLUMNS.join(',')}\r\n`;
  let after: string | null = null;
  for (;;) {
    const rows: Product[] = await db
      .select(productColumns)
      .from(products)
      .where(after === null ? undefined : gt(products.sku, after))
      .orderBy(asc(products.sku))
      .limit(CSV_BATCH)
      .then((found) => found.map(productAnswer));
    if (rows.length === 0) return;
    let text = '';
    for (const row of rows)
      text += `${CATALOG_CSV_COLUMNS.map((column) => csvCell(cellOf(row, column))).join(',')}\r\n`;
    yield text;
    after = rows[rows.length - 1]!.sku;
    if (rows.length < CSV_BATCH) return;
  }
}

/**
 * An amount of a price cell: with a decimal point, or (in a semicolon CSV, `decimalComma`) a
 * decimal comma, `89,50`. A third decimal stays a number, so the schema says why it is refused.
 */
const amountOf = (text: string, decimalComma: boolean) =>
  Number(decimalComma && /^\d+,\d+$/.test(text) ? text.replace(',', '.') : text);
const AMOUNT = /^-?\d+([.,]\d+)?$/;

/** A cell as the schemas take it: numbers as numbers (a fraction too, so its message is said). */
function valueOf(
  column: Column,
  raw: string,
  decimalComma = false,
): { value: unknown } | { problem: string } {
  const text = unneutralised(raw).trim();
  if (NUMBER_COLUMNS.has(column)) {
    if (text === '') return { value: column === 'maximum' ? null : undefined };
    if ((column === 'price' || column === 'weightKg') && AMOUNT.test(text))
      return { value: amountOf(text, decimalComma) };
    return { value: /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text };
  }
  if (column === 'priceTiers') {
    if (text === '') return { value: [] };
    const tiers = [];
    for (const pair of text.split(/\s*;\s*/).filter(Boolean)) {
      const match = /^(\d+)\s*:\s*(\d+(?:[.,]\d+)?)$/.exec(pair);
      if (!match || (!decimalComma && match[2]!.includes(',')))
        return { problem: csvMessages.tiers };
      tiers.push({ minQuantity: Number(match[1]), price: amountOf(match[2]!, decimalComma) });
    }
    return { value: tiers };
  }
  if (column === 'specs') {
    if (text === '') return { value: [] };
    const specs = [];
    for (const line of text.split(/\r?\n/).filter((l) => l.trim())) {
      const at = line.indexOf(':');
      if (at <= 0) return { problem: csvMessages.specs };
      specs.push({ label: line.slice(0, at).trim(), value: line.slice(at + 1).trim() });
    }
    return { value: specs };
  }
  // No picture: the product shows the shop's placeholder (decision 031).
  if (column === 'img' && text === '') return { value: PRODUCT_PLACEHOLDER_IMG };
  // The text fields: the shared schema trims and says "required" for an empty one.
  return { value: unneutralised(raw) };
}

const describeIssue = (issue: { path: PropertyKey[]; message: string }) =>
  `${issue.path.map(String).join('.') || 'row'}: ${issue.message}`;

type Planned =
  | {
      kind: 'create';
      line: number;
      sku: string;
      input: ReturnType<typeof productInputSchema.parse>;
    }
  | {
      kind: 'update';
      line: number;
      sku: string;
      id: string;
      name: string;
      update: ProductUpdate;
      changes: ReturnType<typeof changesOf>;
    };

interface Plan {
  steps: Planned[];
  unchanged: number;
  problems: ImportProblem[];
}

function parseCsv(csv: string) {
  const text = csv.replace(/^\uFEFF/, '');
  // The delimiter is read off the header row, whose names hold neither: a comma as RFC 4180 and
  // our export write, or the semicolon spreadsheets save with where the comma is the decimal
  // sign. Papa's guess over the data rows could take the tiers' "; " for one.
  const header = text.slice(0, text.search(/\r?\n|$/));
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    delimiter: header.includes(',') || !header.includes(';') ? ',' : ';',
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  return parsed;
}

/** Whether the CSV is separated by semicolons: then a price may carry a decimal comma. */
const semicolonSeparated = (parsed: ReturnType<typeof parseCsv>) => parsed.meta.delimiter === ';';

/**
 * The products of these part numbers (locked for the import's transaction when `lock`), a batch
 * per statement: one parameter per sku, and PostgreSQL takes at most 65,535 in one statement.
 */
async function productsBySku(db: Db, skus: string[], lock: boolean): Promise<Product[]> {
  const found: Product[] = [];
  for (let first = 0; first < skus.length; first += LOOKUP_BATCH) {
    const query = db
      .select(productColumns)
      .from(products)
      .where(inArray(products.sku, skus.slice(first, first + LOOKUP_BATCH)));
    found.push(...(lock ? await query.for('update') : await query));
  }
  return found;
}

/** Reads the CSV and decides, row by row against the products it names, what would change. */
async function plan(db: Db, csv: string, lock: boolean): Promise<Plan> {
  const parsed = parseCsv(csv);
  const header = parsed.meta.fields ?? [];
  const problems: ImportProblem[] = [];
  if (!header.includes('sku')) throw new HttpError(400, csvMessages.noSku);
  const unknown = header.find((name) => !CATALOG_CSV_COLUMNS.includes(name as Column));
  if (unknown !== undefined) throw new HttpError(400, csvMessages.unknownColumn(unknown));
  const columns = header as Column[];
  for (const error of parsed.errors)
    problems.push({ line: (error.row ?? 0) + 2, sku: null, message: error.message });

  const skus = parsed.data.map((row) => (row.sku ?? '').trim().toUpperCase()).filter(Boolean);
  const existing = await productsBySku(db, skus, lock);
  // Judged and compared in dollars, as the CSV writes them; written in cents.
  const bySku = new Map(existing.map((product) => [product.sku, productAnswer(product)]));
  const decimalComma = semicolonSeparated(parsed);

  const steps: Planned[] = [];
  const seen = new Map<string, number>();
  let unchanged = 0;
  parsed.data.forEach((row, index) => {
    const line = index + 2; // the header is line 1
    const sku = (row.sku ?? '').trim().toUpperCase();
    const fail = (message: string) => problems.push({ line, sku: sku || null, message });
    if (!sku) return fail(csvMessages.skuMissing);
    const earlier = seen.get(sku);
    if (earlier !== undefined) return fail(csvMessages.repeated(earlier));
    seen.set(sku, line);

    // Every problem of the row is told at once (issue 28): the admin fixes the line in one go.
    const problemsBefore = problems.length;
    const fields: Record<string, unknown> = {};
    for (const column of columns) {
      const result = valueOf(column, row[column] ?? '', decimalComma);
      if ('problem' in result) fail(`${column}: ${result.problem}`);
      else if (result.value !== undefined) fields[column] = result.value;
    }
    const product = bySku.get(sku);
    if (!product) {
      const input = productInputSchema.safeParse(fields);
      if (!input.success) input.error.issues.forEach((issue) => fail(describeIssue(issue)));
      if (!input.success || problems.length > problemsBefore) return;
      steps.push({ kind: 'create', line, sku: input.data.sku ?? sku, input: input.data });
      return;
    }
    delete fields.sku;
    const update = productUpdateSchema.safeParse(fields);
    if (!update.success) {
      // A row that repeats the product as it is, with only its sku, changes nothing.
      if (Object.keys(fields).length === 0 && problems.length === problemsBefore)
        return void unchanged++;
      return update.error.issues.forEach((issue) => fail(describeIssue(issue)));
    }
    for (const problem of productProblems({ ...product, ...update.data }))
      fail(`${problem.field}: ${problem.message}`);
    if (problems.length > problemsBefore) return;
    const changes = changesOf(product, update.data);
    if (changes.length === 0) return void unchanged++;
    steps.push({
      kind: 'update',
      line,
      sku,
      id: product._id,
      name: product.name,
      update: update.data,
      changes,
    });
  });
  return { steps, unchanged, problems };
}

function report(result: Plan, dryRun: boolean, applied: boolean): CatalogImportReport {
  return {
    dryRun,
    applied,
    created: result.steps.flatMap((step) =>
      step.kind === 'create' ? [{ line: step.line, sku: step.sku, name: step.input.name }] : [],
    ),
    updated: result.steps.flatMap((step) =>
      step.kind === 'update'
        ? [{ line: step.line, sku: step.sku, name: step.name, changes: step.changes }]
        : [],
    ),
    unchanged: result.unchanged,
    problems: result.problems,
  };
}

/**
 * POST /admin/products/import. A dry run reports what the CSV would create and change, line by
 * line, and changes nothing. Otherwise every row is applied in one transaction, with the named
 * products locked while it is planned, or none when any row is refused (400 listing them all).
 */
export async function importCatalog(
  db: Db,
  actor: AuditActor,
  csv: string,
  dryRun: boolean,
): Promise<CatalogImportReport> {
  if (dryRun) return report(await plan(db, csv, false), true, false);
  const result = await withUniqueSku(
    undefined,
    () =>
      db.transaction(async (tx) => {
        const planned = await plan(tx, csv, true);
        if (planned.problems.length > 0) {
          const lines = new Set(planned.problems.map((problem) => problem.line)).size;
          throw new HttpError(400, csvMessages.refused(lines), {
            problems: planned.problems,
          });
        }
        // New products go in batches of one statement each (the plan has checked their part
        // numbers against the catalogue and each other); changes one by one, each audited.
        const creates = planned.steps.flatMap((step) => (step.kind === 'create' ? [step] : []));
        for (let first = 0; first < creates.length; first += INSERT_BATCH) {
          const batch = creates.slice(first, first + INSERT_BATCH);
          const rows = await tx
            .insert(products)
            .values(batch.map((step) => pricesInCents({ ...step.input, sku: step.sku })))
            .returning(productColumns);
          const added = rows.map(productAnswer);
          await recordAudits(
            tx,
            added.map((row) => createdRecord(actor, row)),
          );
          await emitEvents(tx, added.map(productEvent));
        }
        for (const step of planned.steps)
          if (step.kind === 'update') await updateInTransaction(tx, actor, step.id, step.update);
        return planned;
      }),
    csvMessages.raced,
  );
  if (result.steps.length > 0) {
    catalogChanged(db);
    jobsQueued(db);
  }
  return report(result, false, true);
}
