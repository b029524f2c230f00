import { z } from 'zod';
import { hasAtMostTwoDecimals, MONEY_MAX_DOLLARS } from './money.js';

/**
 * An amount of dollars a caller sends (a price, a tier's price, a contract price, a spending
 * limit): a number of at least 0 with at most two decimals (89, 89.5, 89.50), at most
 * MONEY_MAX_DOLLARS. It stays dollars here: the web app sends what it parses, and the server
 * converts to cents once, as it takes the body (money.ts `toCents`). `message` says what an amount
 * is, for anything that is not one (a third decimal, a negative, text).
 */
export const dollarsSchema = (message: string, tooBig = message) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(MONEY_MAX_DOLLARS, tooBig)
    .refine(hasAtMostTwoDecimals, message);
