import type { Product } from '@shop/shared';
import { CART_LINES_MAX, type CartLine } from '../../lib/cart-store';
import { formatNumber, formatPieces } from '../../lib/format';

/**
 * The quick order: lines a purchasing clerk pastes or uploads from a spreadsheet, each
 * `identifier,quantity`. The identifier is a product's sku (issue 15 adds it), its id, or its name
 * (any case, nothing else), tried in that order so a sku that happens to read like another
 * product's name still names its own product. Every bad line is named with its number and why,
 * so the clerk fixes the sheet in one go; the good lines go into the cart.
 */

/** The catalogue as the matcher reads it; `sku` is optional until issue 15 gives every product one. */
export type QuickOrderProduct = Pick<Product, '_id' | 'name' | 'minimum' | 'available'> & {
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

/** Finds products by sku, id or name; the maps are built once per quick order. */
function matcher(products: readonly QuickOrderProduct[]) {
  const bySku = new Map<string, QuickOrderProduct>();
  const byId = new Map<string, QuickOrderProduct>();
  const byName = new Map<string, QuickOrderProduct>();
  for (const product of products) {
    if (product.sku) bySku.set(product.sku.toLowerCase(), product);
    byId.set(product._id, product);
    // Names are unique in the catalogue; should two ever differ only in case, the first wins.
    if (!byName.has(product.name.toLowerCase())) byName.set(product.name.toLowerCase(), product);
  }
  return (identifier: string) => {
    const key = identifier.toLowerCase();
    return bySku.get(key) ?? byId.get(identifier) ?? byName.get(key);
  };
}

/**
 * Reads the rows of a quick order (papaparse's output: one array of cells per line). `cartSize`
 * is how many distinct products the cart holds already, with `inCart` their ids, so lines past
 * the cart's limit are named instead of dropped silently.
 */
export function readQuickOrder(
  rows: readonly string[][],
  products: readonly QuickOrderProduct[],
  inCart: ReadonlySet<string> = new Set(),
): QuickOrderResult {
  const find = matcher(products);
  const quantities = new Map<string, number>();
  const problems: QuickOrderProblem[] = [];
  const refuse = (line: number, message: string) =>
    problems.push({ line, message: `Line ${line}: ${message}` });
  let seenContent = false;
  let newProducts = 0;

  rows.forEach((row, index) => {
    const line = index + 1;
    const cells = row.map((cell) => cell.trim());
    if (cells.every((cell) => cell === '')) return;
    const first = !seenContent;
    seenContent = true;
    if (first && isHeader(cells)) return;

    if (cells.length !== 2 || cells[0] === '' || cells[1] === '') {
      refuse(line, 'write it as name,quantity (a name with a comma in double quotes)');
      return;
    }
    const [identifier, quantityText] = cells as [string, string];
    const product = find(identifier);
    if (!product) {
      refuse(line, `no product named '${identifier}'`);
      return;
    }
    const quantity = wholeNumber(quantityText);
    if (quantity === null || quantity === 0) {
      refuse(line, 'quantity must be a whole number');
      return;
    }
    const least = Math.max(product.minimum, 1);
    if (quantity < least) {
      refuse(line, `below the minimum of ${formatPieces(least)}`);
      return;
    }
    const total = (quantities.get(product._id) ?? 0) + quantity;
    if (total > product.available) {
      refuse(line, `only ${formatNumber(product.available)} in stock of ${product.name}`);
      return;
    }
    const isNew = !quantities.has(product._id) && !inCart.has(product._id);
    if (isNew && inCart.size + newProducts >= CART_LINES_MAX) {
      refuse(line, `the cart is full (at most ${formatNumber(CART_LINES_MAX)} products)`);
      return;
    }
    if (isNew) newProducts += 1;
    quantities.set(product._id, total);
  });

  return {
    lines: [...quantities].map(([productId, quantity]) => ({ productId, quantity })),
    problems,
  };
}

/**
 * Splits a quick order's text into rows with papaparse (quoted names with commas, CRLF files,
 * a byte-order mark), loaded here: only a clerk who uses the quick order downloads the parser.
 */
export async function parseQuickOrderText(text: string): Promise<string[][]> {
  const { default: Papa } = await import('papaparse');
  // Empty lines are kept, so a row's index is its line number in the pasted text or the file.
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: false,
    delimiter: ',',
  });
  return parsed.data;
}

/** Pasted text or an uploaded file's text, read against the catalogue. */
export async function quickOrder(
  text: string,
  products: readonly QuickOrderProduct[],
  inCart: ReadonlySet<string> = new Set(),
): Promise<QuickOrderResult> {
  return readQuickOrder(await parseQuickOrderText(text), products, inCart);
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
