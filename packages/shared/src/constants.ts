/** Business constants of SPEC section 9, in one place for the web app, the API and the tests. */

/** Product descriptions and review texts are previewed up to this many characters. */
export const PREVIEW_LENGTH = 150;
/** The home page shows this many products. */
export const HOME_PRODUCT_COUNT = 6;

export const RATING_MIN = 0;
export const RATING_MAX = 5;
export const RATING_DEFAULT = 0;

export const PASSWORD_MIN_LENGTH = 6;
/**
 * SPEC says 16; pass phrases are longer (DESIGN section 8 widens it). 128 UTF-16 code units,
 * counted as Better Auth counts them, so its own limit and the shared rule agree.
 */
export const PASSWORD_MAX_LENGTH = 128;
/** SPEC's upper bound on passwords, still the bound of SPEC's pattern. */
export const SPEC_PASSWORD_MAX_LENGTH = 16;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 30;

/** Success toasts close after 1.5 s; every other toast after 5 s. Both appear top-centre. */
export const SUCCESS_TOAST_MS = 1500;
export const DEFAULT_TOAST_MS = 5000;

export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 600;

/** MUI's default breakpoints, which SPEC names: sm 600, md 900, lg 1200, xl 1536. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;

/** The key under which the shop token lives in localStorage. */
export const ACCESS_TOKEN_KEY = 'accessToken';

/** Home page "Business Summary" figures. */
export const BUSINESS_SUMMARY = [
  { figure: '100K+', label: 'Customers Served' },
  { figure: '120M+', label: 'Annual Revenue' },
  { figure: '75K+', label: 'Reviews' },
] as const;

/** Upper bounds that are not in SPEC but keep a real shop's data sane (see docs/decisions). */
export const LIMITS = {
  productName: 120,
  description: 2000,
  imageUrl: 500,
  reviewText: 1000,
  address: 200,
  /** RFC 5321: the longest address a mail server takes. */
  email: 254,
  /** Longer than any number with 15 digits and its separators. */
  phone: 40,
  /** Largest integer any quantity may take: PostgreSQL's `integer` (prices: MONEY_MAX_DOLLARS). */
  maxInt: 2_147_483_647,
} as const;

/**
 * The currency every price, purchase and invoice is in: SPEC's prices are dollars, and the card
 * gateway is charged in them (docs/decisions/038).
 */
export const SHOP_CURRENCY = 'USD';

/** The largest total a card payment can carry: Stripe's limit of 999,999.99 USD, in cents. */
export const MAX_ORDER_TOTAL = 99_999_999;
