import { useSyncExternalStore } from 'react';

/**
 * The cart: product ids and quantities, kept in this browser's localStorage so it survives a
 * reload and signing out and in again (DESIGN section 8). Prices, names and stock are never
 * stored here: the cart page reads them from the catalogue, and the server prices the checkout.
 * Every tab sees the same cart (the `storage` event).
 */

export interface CartLine {
  productId: string;
  quantity: number;
}

export const CART_STORAGE_KEY = 'partsworks-cart';
/** The cart page, which the navbar's badge and every "Added to cart" toast link to. */
export const CART_PATH = '/cart';
/** The checkout's own limit (CHECKOUT_LINES_MAX); the cart refuses to grow past it. */
export const CART_LINES_MAX = 500;

const listeners = new Set<() => void>();
let cached: { raw: string | null; lines: CartLine[] } = { raw: null, lines: [] };

function isLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const { productId, quantity } = value as Record<string, unknown>;
  return (
    typeof productId === 'string' &&
    productId.length > 0 &&
    typeof quantity === 'number' &&
    Number.isSafeInteger(quantity) &&
    quantity > 0
  );
}

function readRaw(): string | null {
  try {
    return localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The cart as stored; anything unreadable (an old shape, a hand edit) is an empty cart. */
export function cartLines(): CartLine[] {
  const raw = readRaw();
  if (raw === cached.raw) return cached.lines;
  let lines: CartLine[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) lines = parsed.filter(isLine);
  } catch {
    lines = [];
  }
  cached = { raw, lines };
  return lines;
}

function write(lines: CartLine[]) {
  try {
    if (lines.length === 0) localStorage.removeItem(CART_STORAGE_KEY);
    else localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Storage full or blocked (private mode): the cart lives until the page closes.
  }
  cached = { raw: readRaw(), lines };
  listeners.forEach((notify) => notify());
}

/**
 * Adds lines to the cart: a product already in it gets the quantities added together (a
 * checkout takes each product once). Answers the cart after the change.
 */
export function addToCart(add: CartLine[]): CartLine[] {
  const next = [...cartLines()];
  for (const line of add) {
    const existing = next.findIndex((item) => item.productId === line.productId);
    if (existing >= 0) {
      const item = next[existing]!;
      next[existing] = { ...item, quantity: item.quantity + line.quantity };
    } else if (next.length < CART_LINES_MAX) {
      next.push({ productId: line.productId, quantity: line.quantity });
    }
  }
  write(next);
  return next;
}

/** Sets one line's quantity (the cart page's field). */
export function setCartQuantity(productId: string, quantity: number) {
  write(cartLines().map((line) => (line.productId === productId ? { ...line, quantity } : line)));
}

export function removeFromCart(productId: string) {
  write(cartLines().filter((line) => line.productId !== productId));
}

/** After a checkout went through: the ordered lines leave the cart. */
export function clearCart() {
  write([]);
}

function subscribe(notify: () => void) {
  listeners.add(notify);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('storage', onStorage);
  };
}

const serverLines: CartLine[] = [];

/** The cart's lines; re-renders on every change, in this tab or another. */
export function useCart(): CartLine[] {
  return useSyncExternalStore(subscribe, cartLines, () => serverLines);
}
