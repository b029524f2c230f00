import { z } from 'zod';

/** Paged admin lists (the audit log; DESIGN section 8's `{ items, total, page, limit }`). */
export const PAGE_LIMIT_MAX = 100;
export const PAGE_LIMIT_DEFAULT = 20;
/** GET /purchases and GET /approvals (DESIGN section 9): 50 a page unless asked otherwise. */
export const PURCHASE_PAGE_LIMIT_DEFAULT = 50;

export const pagingMessages = {
  page: 'Please give a whole page number of 1 or more.',
  limit: `Please give a whole number from 1 to ${PAGE_LIMIT_MAX}.`,
} as const;

/**
 * A whole number as a query string carries it: digits only, so "1e3", " 2", "0x10" and a
 * repeated parameter (which arrives as an array) are refused with 400 rather than guessed at.
 */
const wholeNumberText = (max: number, message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(max, message));

/** `?page=&limit=`: page from 1, limit from 1 to PAGE_LIMIT_MAX, `defaultLimit` when omitted. */
export const pageQuery = (defaultLimit: number) =>
  z.object({
    page: wholeNumberText(999_999_999, pagingMessages.page).default(1),
    limit: wholeNumberText(PAGE_LIMIT_MAX, pagingMessages.limit).default(defaultLimit),
  });

export const pageQuerySchema = pageQuery(PAGE_LIMIT_DEFAULT);
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** GET /purchases and GET /approvals: `?page=&limit=`, 50 a page by default. */
export const purchasePageQuerySchema = pageQuery(PURCHASE_PAGE_LIMIT_DEFAULT);

/**
 * SPEC's lists that answer a plain array (GET /orders, GET /allorders, GET /users) keep that
 * shape and are bounded instead: at most PAGE_LIMIT_MAX items an answer, `?page=&limit=` reaching
 * the rest (DESIGN section 9: every list paged; docs/decisions/010).
 */
export const specListQuerySchema = pageQuery(PAGE_LIMIT_MAX);

/** The answer of a paged list: one page of items and how many there are in all. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
