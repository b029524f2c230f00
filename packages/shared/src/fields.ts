import { z } from 'zod';
import {
  LIMITS,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RATING_MAX,
  RATING_MIN,
  SPEC_PASSWORD_MAX_LENGTH,
} from './constants.js';
import { messages } from './messages.js';

/**
 * Field rules of SPEC section 5, widened where SPEC turns real customers away (DESIGN section 8,
 * decision 011): every value SPEC accepts is still accepted, and what is still refused gets
 * SPEC's message. SPEC's own patterns stay here, word for word, as the floor the tests hold the
 * wider rules to. The browser forms and the server both validate with these schemas.
 */

/** SPEC: lowercase letters and digits, an @, lowercase letters, a dot, then 2 to 3 letters. */
export const SPEC_EMAIL_PATTERN = /^[a-z0-9]+@[a-z]+\.[a-z]{2,3}$/;
/** SPEC: 6 to 16 of letters, digits and !@#$%^&*, with at least one digit and one of the symbols. */
export const SPEC_PASSWORD_PATTERN = new RegExp(
  `^(?=.*\\d)(?=.*[!@#$%^&*])[A-Za-z\\d!@#$%^&*]{${PASSWORD_MIN_LENGTH},${SPEC_PASSWORD_MAX_LENGTH}}$`,
);
/** SPEC: optional plus, 3 digits with optional parentheses, optional separator, 3 digits, optional separator, 4 to 6 digits. */
export const SPEC_PHONE_PATTERN = /^\+?\(?\d{3}\)?[-.\s]?\d{3}[-.\s]?\d{4,6}$/;
/** SPEC: at least 3 characters from letters, digits, whitespace and , . ' - */
export const SPEC_ADDRESS_PATTERN = /^[A-Za-z0-9\s,.'-]{3,}$/;

/** SPEC: letters and spaces only, 2 to 30 characters (not widened: it is the display name). */
export const NAME_PATTERN = new RegExp(`^[A-Za-z ]{${NAME_MIN_LENGTH},${NAME_MAX_LENGTH}}$`);

/**
 * A real address, by the check Better Auth itself applies (zod's), so the shop never accepts an
 * address that Better Auth then refuses: dots, plus tags and hyphenated or multi-part domains.
 */
export const EMAIL_PATTERN = z.regexes.email;
/**
 * At least one digit and one punctuation mark or symbol of any script (SPEC's eight are all
 * among them), and no control character or half a surrogate pair. Letters of any script and
 * spaces may make up the rest, so a pass phrase is a password.
 */
export const PASSWORD_PATTERN = /^(?=[\s\S]*\d)(?=[\s\S]*[\p{P}\p{S}])[^\p{Cc}\p{Cs}]+$/u;
/**
 * An international number as people write it: an optional +, digits and (groups) with at most
 * one space, dot or dash between them. The digits are counted apart (PHONE_DIGITS).
 */
export const PHONE_PATTERN = /^\+?(?:\(\d{1,5}\)|\d)(?:[ .-]?(?:\(\d{1,5}\)|\d))*$/;
/** E.164 allows at most 15 digits; fewer than 7 is no number anyone can call. */
export const PHONE_DIGITS = { min: 7, max: 15 } as const;
/**
 * Letters and marks of any script, digits, whitespace (SPEC's) and the signs addresses use:
 * , . ' ’ - / # & ° ( ) + º ª №. Not < > : ; " = or control characters other than SPEC's
 * whitespace: nothing markup or a query could be built from.
 */
export const ADDRESS_PATTERN = /^[\p{L}\p{M}\p{N}\s,.'’/#&°()+ºª№-]{3,}$/u;

const digitCount = (value: string) => value.replace(/\D/g, '').length;

/** SPEC's number, or an international one with 7 to 15 digits. */
export const isPhoneNumber = (value: string) =>
  SPEC_PHONE_PATTERN.test(value) ||
  (PHONE_PATTERN.test(value) &&
    digitCount(value) >= PHONE_DIGITS.min &&
    digitCount(value) <= PHONE_DIGITS.max);

/**
 * A control character other than tab, line feed and carriage return, or half of a UTF-16
 * surrogate pair. PostgreSQL refuses NUL in text (the request would fail in the database) and a
 * lone surrogate cannot be written as UTF-8 (the driver would store U+FFFD instead), so free text
 * that the shop stores is refused with a 400 when it holds one.
 */
const UNSAFE_TEXT = /[^\P{Cc}\t\n\r]|\p{Cs}/u;
export const isSafeText = (value: string) => !UNSAFE_TEXT.test(value);

/**
 * A field of one line (a name, phone number, address, PO number, tax id, sku, carrier, ...) holds
 * no control character at all: no tab or line break either, nor the Unicode line and paragraph
 * separators. Such fields are written on one line of a list, a CSV row, an invoice or an email
 * header, where a line break forges a row or a header and a tab a cell (issue 27). A trimmed field
 * is checked after trimming, so a line break pasted at either end is dropped rather than refused.
 * Multi-line fields (descriptions, messages, review text) keep `isSafeText`.
 */
const NOT_ONE_LINE = /[\p{Cc}\p{Cs}\u2028\u2029]/u;
export const isOneLine = (value: string) => !NOT_ONE_LINE.test(value);

/** Free text a person types and the shop stores: trimmed, required, at most `max` characters. */
export const freeTextSchema = (max: number) =>
  z.string().trim().min(1, messages.required).max(max).refine(isSafeText, messages.unsafeText);

const requiredString = () => z.string({ error: messages.required }).min(1, messages.required);

/**
 * Trimmed and lowercased before the check, so `John.Doe@Acme.co.uk ` is `john.doe@acme.co.uk`
 * everywhere an address is compared (Better Auth lowercases too; the shop's `normalizeEmail`).
 */
export const emailSchema = z
  .string({ error: messages.required })
  .trim()
  .toLowerCase()
  .min(1, messages.required)
  .max(LIMITS.email, messages.invalidEmail)
  .regex(EMAIL_PATTERN, messages.invalidEmail);

/** Never trimmed: a space a person typed at either end is part of the pass phrase. */
export const passwordSchema = requiredString()
  .min(PASSWORD_MIN_LENGTH, messages.invalidPassword)
  .max(PASSWORD_MAX_LENGTH, messages.invalidPassword)
  .regex(PASSWORD_PATTERN, messages.invalidPassword);

/**
 * The login form's password: required, nothing more. The format rule is for choosing a password;
 * a login that broke it would only be told the sign-up rule instead of "Incorrect email or
 * password." (issue 28), and the server checks the password against its hash anyway.
 */
export const loginPasswordSchema = requiredString();

export const nameSchema = requiredString().regex(NAME_PATTERN, messages.invalidName);

/**
 * SPEC's `\s` let a tab or line break through; a field of one line refuses them, with its own
 * message after SPEC's (what SPEC refused still gets SPEC's message first).
 */
export const phoneSchema = requiredString()
  .max(LIMITS.phone, messages.invalidPhone)
  .refine(isPhoneNumber, messages.invalidPhone)
  .refine(isOneLine, messages.oneLine);

export const addressSchema = requiredString()
  .max(LIMITS.address, messages.invalidAddress)
  .regex(ADDRESS_PATTERN, messages.invalidAddress)
  .refine(isOneLine, messages.oneLine);

/** The newsletter input is a plain `type="email"` field (SPEC section 5): the same real-address rule. */
export const newsletterEmailSchema = emailSchema;

export const ratingSchema = z.number().int().min(RATING_MIN).max(RATING_MAX);

/** A whole number in PostgreSQL's `integer` range, at least `min`. */
export const wholeNumber = (min: number) => z.number().int().min(min).max(LIMITS.maxInt);

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * A product image: an absolute http(s) URL, or a path on this site ("/images/...") for the
 * pictures the shop serves itself.
 */
export const imageUrlSchema = requiredString()
  .max(LIMITS.imageUrl)
  .refine(isSafeText, messages.unsafeText)
  .refine((value) => /^\/[^/\\]/.test(value) || isHttpUrl(value), messages.invalidImageUrl);

/**
 * A person's picture (Better Auth's `image`, sign-up and update-user): an absolute http(s) URL,
 * or null to remove it. Never a path or another scheme: other sites and mail clients show it.
 */
export const profileImageSchema = z
  .string({ error: messages.invalidImageUrl })
  .max(LIMITS.imageUrl, messages.invalidImageUrl)
  .refine(isSafeText, messages.unsafeText)
  .refine(isHttpUrl, messages.invalidImageUrl)
  .nullable();
