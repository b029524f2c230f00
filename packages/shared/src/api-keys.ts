import { z } from 'zod';
import { idSchema } from './answers.js';
import { pageOf, pageQuerySchema } from './paging.js';
import { isOneLine } from './fields.js';

/**
 * API keys (issue 32, DESIGN section 9, docs/decisions/053): a program's way in. A company owner
 * makes keys for the company's purchasing system, an admin for the shop's ERP; each key may do
 * what its scopes name, as the person who made it, and nothing else.
 */

/** What a key may do; each endpoint a program may call names one (`EndpointSpec.scope`). */
export const API_KEY_SCOPES = [
  'catalog:read',
  'catalog:write',
  'purchases:read',
  'purchases:write',
  'invoices:read',
  'orders:read',
  'orders:write',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The scopes of a company's buying: what a company owner's key may be given. */
export const COMPANY_KEY_SCOPES: readonly ApiKeyScope[] = [
  'catalog:read',
  'purchases:read',
  'purchases:write',
  'invoices:read',
];

/** What each scope lets a program do, for the pages that create keys. */
export const apiKeyScopeLabels: Record<ApiKeyScope, string> = {
  'catalog:read': 'Read the catalogue and your prices',
  'catalog:write': 'Add and edit products and stock',
  'purchases:read': "Read purchases, quotes and the company's members and spending",
  'purchases:write': 'Place purchases and accept quotes',
  'invoices:read': 'Read invoices, the account and statements',
  'orders:read': "Read every customer's orders",
  'orders:write': 'Ship orders',
};

/** Every key's secret starts so: `Authorization: Bearer pk_live_...` is a key, not a token. */
export const API_KEY_PREFIX = 'pk_live_';
export const API_KEY_NAME_MAX = 80;
/** Keys a company (or the shop's admins together) may hold unrevoked at once. */
export const API_KEYS_MAX = 20;

export const apiKeyMessages = {
  name: `Please name the key (what uses it) in at most ${API_KEY_NAME_MAX} characters.`,
  scopes: 'Please choose at least one scope, each once.',
  scope: `A scope is one of ${API_KEY_SCOPES.join(', ')}.`,
  companyScopes: `A company's key may have these scopes: ${COMPANY_KEY_SCOPES.join(', ')}.`,
  notOwner: "Only the company's owner or an admin may manage its API keys.",
  noCompany: 'Create a company first: its owner makes the keys for its purchasing system.',
  tooMany: `At most ${API_KEYS_MAX} keys at once: revoke one you no longer use first.`,
  notFound: 'This API key does not exist.',
  revokedAlready: 'This API key has been revoked already.',
  /** 401s and 403s of a request made with a key. */
  invalid: 'The API key is not valid: it was revoked or never existed.',
  ownerGone:
    'The API key no longer works: the person who made it is no longer an admin or the owner of its company.',
  noScope: 'API keys cannot call this endpoint.',
  tooManyRefused: 'Too many requests with API keys that are not valid: please wait a minute.',
  missingScope: (scope: ApiKeyScope) =>
    `This API key may not do this: it needs the ${scope} scope.`,
} as const;

/** POST /api-keys: a name and the scopes (an owner's key buys for the owner's company). */
export const apiKeyInputSchema = z.object({
  name: z
    .string({ error: apiKeyMessages.name })
    .trim()
    .min(1, apiKeyMessages.name)
    .max(API_KEY_NAME_MAX, apiKeyMessages.name)
    .refine(isOneLine, apiKeyMessages.name),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: apiKeyMessages.scope }), {
      error: apiKeyMessages.scopes,
    })
    .min(1, apiKeyMessages.scopes)
    .max(API_KEY_SCOPES.length, apiKeyMessages.scopes)
    .refine((scopes) => new Set(scopes).size === scopes.length, apiKeyMessages.scopes),
});
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>;

/** A key as every answer shows it: never its secret, which only the create answer carries. */
export const apiKeySchema = z.object({
  _id: idSchema,
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** The secret's first characters, to tell keys apart ("pk_live_3fK9..."). */
  prefix: z.string(),
  /** The company it buys for; null for the shop's own (an admin's) keys. */
  companyId: z.nullable(idSchema),
  createdBy: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** POST /api-keys' answer: the key with its secret, shown this once. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

/** GET /api-keys?page=&limit=&revoked=: newest first. */
export const apiKeyQuerySchema = pageQuerySchema.extend({
  /** `true`: the revoked keys too (kept for the record). */
  revoked: z.enum(['true', 'false']).optional(),
});
export const apiKeyListSchema = pageOf(apiKeySchema);
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;
