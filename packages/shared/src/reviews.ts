/**
 * Limits on reviews (issue 10, OWASP API6 "unrestricted access to sensitive business flows"):
 * one account could post hundreds of reviews in seconds, and GET /reviews answered every review
 * ever posted. docs/decisions/010-safe-by-default.md, "Reviews".
 */

/** Reviews one customer may post in any 24 hours (a rolling window, not the calendar day). */
export const REVIEWS_PER_DAY = 3;
export const REVIEW_WINDOW_HOURS = 24;
/** GET /reviews answers at most this many: the newest, listed oldest first. */
export const REVIEW_LIST_MAX = 100;

export const reviewMessages = {
  dailyLimit: `You can post at most ${REVIEWS_PER_DAY} reviews in 24 hours. Please try again later.`,
  notFound: 'No review with this id.',
} as const;
