import { z } from 'zod';
import {
  LIMITS,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RATING_MAX,
  RATING_MIN,
} from './constants.js';
import { messages } from './messages.js';

/**
 * Field rules of SPEC section 5. The patterns are the specification's, word for word; the
 * browser forms and the server both validate with these schemas.
 */

/** Lowercase letters and digits, an @, lowercase letters, a dot, then 2 to 3 letters. */
export const EMAIL_PATTERN = /^[a-z0-9]+@[a-z]+\.[a-z]{2,3}$/;
/** 6 to 16 of letters, digits and !@#$%^&*, with at least one digit and one of the symbols. */
export const PASSWORD_PATTERN = new RegExp(
  `^(?=.*\\d)(?=.*[!@#$%^&*])[A-Za-z\\d!@#$%^&*]{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`,
);
/** Letters and spaces only, 2 to 30 characters. */
export const NAME_PATTERN = new RegExp(`^[A-Za-z ]{${NAME_MIN_LENGTH},${NAME_MAX_LENGTH}}$`);
/** Optional plus, 3 digits with optional parentheses, optional separator, 3 digits, optional separator, 4 to 6 digits. */
export const PHONE_PATTERN = /^\+?\(?\d{3}\)?[-.\s]?\d{3}[-.\s]?\d{4,6}$/;
/** At least 3 characters from letters, digits, whitespace and , . ' - */
export const ADDRESS_PATTERN = /^[A-Za-z0-9\s,.'-]{3,}$/;

/**
 * A control character other than tab, line feed and carriage return, or half of a UTF-16
 * surrogate pair. PostgreSQL refuses NUL in text (the request would fail in the database) and a
 * lone surrogate cannot be written as UTF-8 (the driver would store U+FFFD instead), so free text
 * that the shop stores is refused with a 400 when it holds one.
 */
const UNSAFE_TEXT = /[^\P{Cc}\t\n\r]|\p{Cs}/u;
export const isSafeText = (value: string) => !UNSAFE_TEXT.test(value);

/** Free text a person types and the shop stores: trimmed, required, at most `max` characters. */
export const freeTextSchema = (max: number) =>
  z.string().trim().min(1, messages.required).max(max).refine(isSafeText, messages.unsafeText);

const requiredString = () => z.string({ error: messages.required }).min(1, messages.required);

export const emailSchema = requiredString()
  .max(LIMITS.email, messages.invalidEmail)
  .regex(EMAIL_PATTERN, messages.invalidEmail);

export const passwordSchema = requiredString().regex(PASSWORD_PATTERN, messages.invalidPassword);

export const nameSchema = requiredString().regex(NAME_PATTERN, messages.invalidName);

export const phoneSchema = requiredString().regex(PHONE_PATTERN, messages.invalidPhone);

export const addressSchema = requiredString()
  .max(LIMITS.address, messages.invalidAddress)
  .regex(ADDRESS_PATTERN, messages.invalidAddress);

/** The newsletter input is a plain `type="email"` field (SPEC section 5), not the login rule. */
export const newsletterEmailSchema = z
  .string({ error: messages.required })
  .trim()
  .toLowerCase()
  .min(1, messages.required)
  .max(LIMITS.email, messages.invalidEmail)
  .pipe(z.email({ error: messages.invalidEmail }));

export const ratingSchema = z.number().int().min(RATING_MIN).max(RATING_MAX);

/** A whole number in PostgreSQL's `integer` range, at least `min`. */
export const wholeNumber = (min: number) => z.number().int().min(min).max(LIMITS.maxInt);

/**
 * A product image: an absolute http(s) URL, or a path on this site ("/images/...") for the
 * pictures the shop serves itself.
 */
export const imageUrlSchema = requiredString()
  .max(LIMITS.imageUrl)
  .refine(isSafeText, messages.unsafeText)
  .refine((value) => {
    if (/^\/[^/\\]/.test(value)) return true;
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Please give an http(s) image URL.');
