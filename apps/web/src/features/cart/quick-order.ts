import { nearestValidQuantity, type Product } from '@shop/shared';
import { CART_LINES_MAX, type CartLine } from '../../lib/cart-store';
import { formatNumber } from '../../lib/format';
import { checkCartQuantity } from './line-check';

/**
 * The quick order: lines a purchasing clerk pastes or uploads from a spreadsheet, each
 * `identifier,quantity` (or `identifier;quantity`, or tab-separated, as spreadsheets export).
 * The identifier is a product's sku, its id, or its name (any case, nothing else), tried in that
 * order so a sku that happens to read like another product's name still names its own product.
 * Each distinct identifier is looked up in the whole catalogue (the cart's api/find-product.ts),
 * a few at a time. Every bad line is named with its number and why, so the clerk fixes the sheet
 * in one go; the good lines go into the cart. A line is checked, before it is added, by the rule
 * the cart and the server apply (packages/shared/src/quantity.ts) to the quantity the cart will
 * then hold, and a refused one is told the nearest quantity that fits.
 */

/** A product as the quick order reads it; `sku` is optional until issue 15 gives every product one. */
export type QuickOrderProduct = Pick<
  Product,
  | '_id'
  | 'name'
  | 'minimum'
  | 'available'
  | 'increment'
  | 'maximum'
  | 'price'
  | 'priceTiers'
  | 'contractPrice'
> & {
  sku?: string | null;
};

export interface QuickOrderProblem {
  /** 1-based, as an editor or spreadsheet numbers the lines. */
  line: number;
  message: string;
}

export interface QuickOrderResult {
  /** The good lines, a product named twice added together. */
  lines: CartLine[];
  problems: QuickOrderProblem[];
}

/** A spreadsheet's export of a few thousand rows is well under this; more is not a quick order. */
export const QUICK_ORDER_FILE_MAX_BYTES = 1024 * 1024;

const HEADER_IDENTIFIERS = new Set(['sku', 'name', 'product', 'id', 'product id', 'identifier']);
const HEADER_QUANTITIES = new Set(['quantity', 'qty']);

const isHeader = (cells: string[]) =>
  cells.length === 2 &&
  HEADER_IDENTIFIERS.has(cells[0]!.toLowerCase()) &&
  HEADER_QUANTITIES.has(cells[1]!.toLowerCase());

/** "1200", " 1200 " or "1,200" (a spreadsheet's own formatting, quoted): a whole number. */
function wholeNumber(text: string): number | null {
  const digits = /^\d{1,3}(,\d{3})+$/.test(text) ? text.replaceAll(',', '') : text;
  if (!/^\d+$/.test(digits)) return null;
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * Finds one product in some candidates (a search's answer): the one whose sku is the identifier
 * (any case), else the one with that id, else the one with that name (any case). Names are unique
 * in the catalogue; should two ever differ only in case, the first wins.
 */
export function exactMatch<P extends QuickOrderProduct>(
  identifier: string,
  candidates: readonly P[],
): P | null {
  const key = identifier.toLowerCase();
  return (
    candidates.find((product) => product.sku?.toLowerCase() === key) ??
    candidates.find((product) => product._id === identifier) ??
    candidates.find((product) => product.name.toLowerCase() === key) ??
    null
  );
}

/** Looks one identifier up; null when no product has it. */
export type QuickOrderLookup = (
  identifier: string,
  signal: AbortSignal,
) => Promise<QuickOrderProduct | null>;

/** At most this many lookups are in flight at once, so a 500-line order does not flood the API. */
export const QUICK_ORDER_LOOKUPS_AT_ONCE = 6;

/** Lines that name the same product in another case are looked up once. */
const lookupKey = (identifier: string) => identifier.toLowerCase();

/** A line that says something: its cells, or null when it is not `identifier,quantity`. */
interface OrderRow {
  /** 1-based, as an editor or spreadsheet numbers the lines. */
  line: number;
  cells: [identifier: string, quantity: string] | null;
}

/** The rows that say something, numbered: blank lines and a first header line are left out. */
function orderRows(rows: readonly string[][]): OrderRow[] {
  const result: OrderRow[] = [];
  let seenContent = false;
  rows.forEach((row, index) => {
    const cells = row.map((cell) => cell.trim());
    if (cells.every((cell) => cell === '')) return;
    const first = !seenContent;
    seenContent = true;
    if (first && isHeader(cells)) return;
    const wellFormed = cells.length === 2 && cells[0] !== '' && cells[1] !== '';
    result.push({ line: index + 1, cells: wellFormed ? (cells as [string, string]) : null });
  });
  return result;
}

/**
 * What the line says instead of the refused quantity: the nearest quantity the cart may hold,
 * less what the cart and the lines before already hold of the product, when that is a piece or more.
 */
function suggestion(product: QuickOrderProduct, already: number, wanted: number): string {
  const nearest = nearestValidQuantity(product, already + wanted);
  const line = nearest === null ? 0 : nearest - already;
  if (line <= 0) return '';
  return already > 0
    ? ` Try ${formatNumber(line)} (${formatNumber(nearest!)} in all).`
    : ` Try ${formatNumber(line)}.`;
}

/**
 * Reads the rows of a quick order (one array of cells per line), `find` naming each identifier's
 * product. `inCart` holds the quantity of each product the cart holds already: a line is checked
 * with it (the cart adds the two), and lines past the cart's limit are named instead of dropped.
 */
export function readQuickOrder(
  rows: readonly string[][],
  find: (identifier: string) => QuickOrderProduct | null | undefined,
  inCart: ReadonlyMap<string, number> = new Map(),
): QuickOrderResult {
  const quantities = new Map<string, number>();
  const problems: QuickOrderProblem[] = [];
  const refuse = (line: number, message: string) =>
    problems.push({ line, message: `Line ${line}: ${message}` });
  let newProducts = 0;

  for (const { line, cells } of orderRows(rows)) {
    if (!cells) {
      refuse(line, 'write it as name,quantity (a name with a comma in double quotes)');
      continue;
    }
    const [identifier, quantityText] = cells;
    const product = find(identifier);
    if (!product) {
      refuse(line, `no product named '${identifier}'`);
      continue;
    }
    const quantity = wholeNumber(quantityText);
    if (quantity === null || quantity === 0) {
      refuse(line, 'quantity must be a whole number');
      continue;
    }
    const already = (quantities.get(product._id) ?? 0) + (inCart.get(product._id) ?? 0);
    const verdict = checkCartQuantity(String(already + quantity), product);
    if (!verdict.ok) {
      refuse(line, `${product.name}: ${verdict.message}${suggestion(product, already, quantity)}`);
      continue;
    }
    const isNew = !quantities.has(product._id) && !inCart.has(product._id);
    if (isNew && inCart.size + newProducts >= CART_LINES_MAX) {
      refuse(line, `the cart is full (at most ${formatNumber(CART_LINES_MAX)} products)`);
      continue;
    }
    if (isNew) newProducts += 1;
    quantities.set(product._id, (quantities.get(product._id) ?? 0) + quantity);
  }

  return {
    lines: [...quantities].map(([productId, quantity]) => ({ productId, quantity })),
    problems,
  };
}

/**
 * Looks up each distinct identifier of the rows, at most QUICK_ORDER_LOOKUPS_AT_ONCE at a time.
 * The first failure stops the others (their answers would be thrown away) and is thrown.
 */
async function lookUpAll(
  rows: readonly string[][],
  lookup: QuickOrderLookup,
  signal?: AbortSignal,
): Promise<Map<string, QuickOrderProduct | null>> {
  const pending = new Map<string, string>();
  for (const { cells } of orderRows(rows)) {
    if (cells && !pending.has(lookupKey(cells[0]))) pending.set(lookupKey(cells[0]), cells[0]);
  }
  const queue = [...pending];
  const found = new Map<string, QuickOrderProduct | null>();
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort);
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      stop.signal.throwIfAborted();
      const [key, identifier] = next;
      found.set(key, await lookup(identifier, stop.signal));
    }
  };
  try {
    if (signal?.aborted) onAbort();
    const workers = Math.min(QUICK_ORDER_LOOKUPS_AT_ONCE, queue.length);
    await Promise.all(
      Array.from({ length: workers }, () =>
        worker().catch((error: unknown) => {
          stop.abort(error);
          throw error;
        }),
      ),
    );
    return found;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * A line's separator: a tab, else a semicolon (the comma is the decimal mark where spreadsheets
 * export `;`), else a comma; only one outside double quotes counts, so `"Fan; 120 mm",5` is
 * still a comma line.
 */
export function separatorOf(line: string): ',' | ';' | '\t' {
  let quoted = false;
  let semicolon = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '\t') return '\t';
    else if (!quoted && char === ';') semicolon = true;
  }
  return semicolon ? ';' : ',';
}

/**
 * Splits a quick order's text into rows with papaparse (quoted names with commas, CRLF files,
 * a byte-order mark), loaded here: only a clerk who uses the quick order downloads the parser.
 * Each line is read with its own separator, so a sheet pasted from two sources still reads.
 */
export async function parseQuickOrderText(text: string): Promise<string[][]> {
  const { default: Papa } = await import('papaparse');
  // Every line is kept, empty ones too, so a row's index is its line number in the text or file.
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .map((line) => Papa.parse<string[]>(line, { delimiter: separatorOf(line) }).data[0] ?? ['']);
}

/** Pasted text or an uploaded file's text, each distinct identifier looked up with `lookup`. */
export async function quickOrder(
  text: string,
  lookup: QuickOrderLookup,
  inCart: ReadonlyMap<string, number> = new Map(),
  signal?: AbortSignal,
): Promise<QuickOrderResult> {
  const rows = await parseQuickOrderText(text);
  const found = await lookUpAll(rows, lookup, signal);
  return readQuickOrder(rows, (identifier) => found.get(lookupKey(identifier)), inCart);
}

/** An uploaded file's text (UTF-8), through FileReader, which every browser has. */
export function readQuickOrderFile(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}
