import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSellerCountry, isUsState, type SellerCountry } from '@shop/shared';
import { z } from 'zod';

/**
 * Every environment variable the API reads, parsed once at start. A bad value stops the start
 * with one line that names the variable, so a typo in a deployment is found at once instead of
 * as a strange failure later. The README's configuration table documents the same list for people.
 */

/** `src/` and `dist/` sit at the same depth, so this resolves the same from source and build. */
const apiPackageDir = fileURLToPath(new URL('../..', import.meta.url));
const defaultWebDistDir = path.resolve(apiPackageDir, '../web/dist');

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];

const booleanVar = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      const word = value.trim().toLowerCase();
      if (TRUE_WORDS.includes(word)) return true;
      if (FALSE_WORDS.includes(word)) return false;
      ctx.addIssue({ code: 'custom', message: `must be true or false (got "${value}")` });
      return z.NEVER;
    });

const integerVar = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      const trimmed = value.trim();
      const number = Number(trimmed);
      if (!/^\d+$/.test(trimmed) || number < min || number > max) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a whole number from ${min} to ${max} (got "${value}")`,
        });
        return z.NEVER;
      }
      return number;
    });

const optionalText = z.string().trim().min(1).optional();

/** An http(s) address without a trailing slash (`https://shop.example.com`). */
const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash;
      } catch {
        return false;
      }
    }, `must be ${what}, an http:// or https:// URL`)
    .transform((value) => value.replace(/\/+$/, ''));

const originVar = httpUrl('an origin such as https://shop.example.com').refine(
  (value) => new URL(value).pathname === '/',
  'must be an origin (scheme, host and port) without a path',
);

/** A comma-separated list; blanks between commas are ignored. */
const listVar = <T extends z.ZodType<string>>(item: T, what: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const items = (value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      const parsed: string[] = [];
      for (const part of items) {
        const result = item.safeParse(part);
        if (!result.success) {
          ctx.addIssue({
            code: 'custom',
            message: `must be a comma-separated list of ${what} (got "${part}")`,
          });
          return z.NEVER;
        }
        parsed.push(result.data as string);
      }
      return parsed;
    });

const emailItem = z.string().toLowerCase().pipe(z.email().max(254));

/** Fastify's trustProxy: true/false, a number of proxy hops, or a comma-separated list of addresses. */
const trustProxyVar = z
  .string()
  .optional()
  .transform((value): boolean | number | string => {
    if (value === undefined) return false;
    const word = value.trim().toLowerCase();
    if (word === 'true' || word === 'yes') return true;
    if (word === 'false' || word === 'no') return false;
    if (/^\d+$/.test(word)) return Number(word);
    return value.trim();
  });

/** A name both Node (Intl) and PostgreSQL know: IANA's, which is what both read. */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return /^[A-Za-z][\w+-]*(\/[\w+-]+)*$/.test(name);
  } catch {
    return false;
  }
}

const envSchema = z.object({
  PORT: integerVar(3000, 0, 65_535),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).optional(),
  BACKUP_DIR: z.string().trim().min(1).optional(),
  BACKUP_EVERY_HOURS: integerVar(24, 1, 24 * 7),
  BACKUP_KEEP: integerVar(7, 1, 1000),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'must be development, production or test',
    })
    .default('development'),
  WEB_DIST_DIR: z.string().trim().min(1).optional(),
  SHOP_NAME: z.string().trim().min(1).max(100).default('PartsWorks'),
  /** Whose calendar the shop keeps: a day of the Overview, a month of a spending limit. */
  SHOP_TIME_ZONE: z
    .string()
    .trim()
    .refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin or America/Chicago')
    .default('UTC'),
  /** The seller printed on invoices: the manufacturer's legal name, address and tax id. */
  SELLER_NAME: z.string().trim().min(1).max(200).optional(),
  SELLER_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .default('1200 Foundry Road\\nAustin, TX 78701\\nUnited States'),
  SELLER_TAX_ID: z.string().trim().min(1).max(64).optional(),
  /** The seller's country decides the tax model: US sales tax or EU VAT (docs/decisions/035). */
  SELLER_COUNTRY: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isSellerCountry, 'must be US or the ISO code of an EU member state (DE, FR, ...)')
    .default('US'),
  TAX_NEXUS_STATES: listVar(
    z.string().trim().toUpperCase().refine(isUsState, 'must be a US state code'),
    'US state codes such as CA,NY,TX',
  ),
  VIES_URL: httpUrl('the address of the EU VIES REST API').optional(),
  SEED_DEMO_DATA: booleanVar(true),
  DEMO_PASSWORDS: z.enum(['random', 'fixed'], { error: 'must be random or fixed' }).optional(),
  BODY_LIMIT: integerVar(1024 * 1024, 1024, 100 * 1024 * 1024),
  TRUST_PROXY: trustProxyVar,
  RATE_LIMIT_MAX: integerVar(600, 1, 1_000_000),
  API_KEY_RATE_LIMIT_MAX: integerVar(1200, 1, 1_000_000),
  WEBHOOK_ALLOW_PRIVATE: booleanVar(false),
  WEBHOOK_WORKER: booleanVar(true),
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, 'must be at least 16 characters (for example: openssl rand -hex 24)')
    .optional(),
  /** OpenTelemetry's own names (docs/decisions/059): unset, nothing of OpenTelemetry is loaded. */
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl(
    'the address of an OTLP/HTTP receiver, e.g. http://127.0.0.1:4318',
  ).optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(200).default('partsworks-shop'),
  REQUEST_TIMEOUT_SECONDS: integerVar(30, 1, 60 * 60),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: httpUrl('the address of the Stripe API, e.g. http://127.0.0.1:12111')
    .refine(
      (value) => new URL(value).pathname === '/',
      'must be an origin (scheme, host and port) without a path',
    )
    .optional(),
  ORDER_HOLD_HOURS: integerVar(48, 1, 24 * 365),
  ORDER_SWEEP_SECONDS: integerVar(60, 1, 24 * 60 * 60),
  UNPAID_ORDERS_MAX: integerVar(5, 1, 1_000_000),
  UNVERIFIED_HOLD_MINUTES: integerVar(60, 1, 24 * 60),
  APPROVAL_DAYS: integerVar(14, 1, 365),
  OVERDUE_HOLD_DAYS: integerVar(30, 1, 365),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: httpUrl('the OpenID Connect issuer').optional(),
  PUBLIC_URL: originVar.optional(),
  TRUSTED_ORIGINS: listVar(originVar, 'origins such as https://shop.example.com'),
  AUTH_SECRET: z
    .string()
    .trim()
    .min(32, 'must be at least 32 characters (for example: openssl rand -hex 32)')
    .optional(),
  TOKEN_TTL_MINUTES: integerVar(60, 1, 60 * 24 * 30),
  ADMIN_EMAILS: listVar(emailItem, 'email addresses'),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL (e.g. smtp://127.0.0.1:2525)')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(300).optional(),
  AUTH_RATE_LIMIT_MAX: integerVar(10, 1, 1_000_000),
  REDIS_URL: z
    .string()
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'redis:' || url.protocol === 'rediss:') && url.hostname !== '';
      } catch {
        return false;
      }
    }, 'must be a redis:// or rediss:// URL (e.g. redis://127.0.0.1:6379)')
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w:.-]{1,100}$/, 'must be 1 to 100 letters, digits, or _ : . -')
    .default('shop:'),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
    )
    .optional(),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be a region such as us-east-1 (or auto for R2)')
    .optional(),
  S3_ENDPOINT: originVar.optional(),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: httpUrl('the address the bucket is read from, such as https://cdn.example.com')
    .refine(
      (value) => value.startsWith('https://'),
      // The pages' Content-Security-Policy loads images from other origins over https only.
      'must be an https:// URL, the only kind the pages may load pictures from',
    )
    .optional(),
});

/** The environment variables loadConfig reads: the README's configuration table lists each. */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

/** S3 storage is on when all of these are set; some without the others stop the start. */
const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_OPTIONAL = ['S3_ENDPOINT', 'S3_PUBLIC_URL'] as const;

/**
 * Uploaded pictures go to the bucket only when it is fully described. A half-finished setup
 * (a bucket without keys, keys without a bucket) would otherwise start with the disk store and
 * lose pictures to a container's throwaway disk without a word, so it is refused instead.
 */
function s3Storage(e: z.infer<typeof envSchema>): S3Config | undefined {
  const set = [...S3_REQUIRED, ...S3_OPTIONAL].filter((name) => e[name] !== undefined);
  if (set.length === 0) return undefined;
  const {
    S3_BUCKET: bucket,
    S3_REGION: region,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
  } = e;
  if (!bucket || !region || !accessKeyId || !secretAccessKey) {
    const missing = S3_REQUIRED.filter((name) => e[name] === undefined);
    const list = (names: readonly string[]) =>
      names.length === 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
    const are = (names: readonly string[]) => (names.length === 1 ? 'is' : 'are');
    throw new ConfigError(
      `Invalid configuration: S3 storage needs ${list(S3_REQUIRED)} together; ` +
        `${list(set)} ${are(set)} set but ${list(missing)} ${are(missing)} missing`,
    );
  }
  return {
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
    ...(e.S3_PUBLIC_URL ? { publicUrl: e.S3_PUBLIC_URL } : {}),
  };
}

export type DatabaseConfig =
  /**
   * Embedded PostgreSQL; `dataDir: null` keeps it in memory (tests only). `timeZone` (default
   * UTC) is the sessions' TimeZone: the shop's, so the database's days, months and years are
   * the shop's (db/client.ts).
   */
  ({ kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string }) & {
    timeZone?: string;
  };

/** An S3-compatible bucket for uploaded pictures (docs/decisions/021). */
export interface S3Config {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Another S3-compatible service (MinIO, R2, ...) instead of AWS; addressed path-style. */
  endpoint?: string;
  /** Pages load pictures from here (a CDN, a public bucket) instead of the shop's /uploads/. */
  publicUrl?: string;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  logLevel: (typeof LOG_LEVELS)[number];
  nodeEnv: 'development' | 'production' | 'test';
  webDistDir: string;
  shopName: string;
  /** The IANA time zone the shop's days and months are counted in (SHOP_TIME_ZONE). */
  timeZone: string;
  /** The seller on invoices; the address's lines are separated by `\n` in SELLER_ADDRESS. */
  seller: { name: string; address: string; taxId: string | null; country: SellerCountry };
  tax: {
    /** US states where the seller collects sales tax (TAX_NEXUS_STATES). */
    nexusStates: string[];
    /** The EU VIES REST API; unset, VAT ids are checked by their format and check digits only. */
    viesUrl?: string;
  };
  seedDemoData: boolean;
  /**
   * `random` (the default in production): the demo accounts get passwords made at first start,
   * shown once and kept in DATA_DIR/demo-accounts.txt; `fixed`: the README's published ones.
   */
  demoPasswords: 'random' | 'fixed';
  bodyLimit: number;
  trustProxy: boolean | number | string;
  /** Requests per minute per client address. */
  rateLimitMax: number;
  /** Requests a minute per API key (issue 32), apart from people's per-address limit. */
  apiKeyRateLimitMax: number;
  /** Webhooks may go to private and loopback addresses (issue 32; off: SSRF). */
  webhookAllowPrivate: boolean;
  /** METRICS_TOKEN: GET /metrics answers a scraper sending it as a bearer token; unset, 404. */
  metricsToken: string | undefined;
  /** This instance sends webhook deliveries (off: another instance does; the tests drive it). */
  webhookWorker: boolean;
  /**
   * Set (OTEL_EXPORTER_OTLP_ENDPOINT): each request and its database statements are sent as
   * OpenTelemetry traces over OTLP/HTTP to `endpoint`/v1/traces, as `serviceName`; unset,
   * OpenTelemetry is not even loaded (docs/decisions/059).
   */
  traces?: { endpoint: string; serviceName: string };
  /**
   * A request must have arrived whole (headers and body) within this many seconds, or it is
   * answered 408 and its connection closed: a client that dribbles a body cannot hold a
   * connection open forever (docs/decisions/010).
   */
  requestTimeoutSeconds: number;
  stripe: {
    secretKey?: string;
    publishableKey?: string;
    /** Verifies POST /api/webhooks/stripe; unset, that endpoint answers 404. */
    webhookSecret?: string;
    /** Where the Stripe client sends its requests instead of https://api.stripe.com (tests). */
    apiBase?: string;
  };
  orders: {
    /** An unpaid order holds its stock this long, then is cancelled and the stock released. */
    holdHours: number;
    /** How often the sweeper looks for unpaid orders past their hold. */
    sweepSeconds: number;
    /** A customer holds at most this many unpaid orders; the next one is refused with 409. */
    unpaidMax: number;
    /** An account whose email is not verified holds one unpaid purchase, this long. */
    unverifiedHoldMinutes: number;
    /** A purchase waiting for approval this long is rejected by itself. */
    approvalDays: number;
    /** An invoice more than this many days overdue holds its company's account (issue 30). */
    overdueHoldDays: number;
  };
  google: { clientId?: string; clientSecret?: string; issuer: string };
  /** The address people reach the shop at; links in emails and OAuth callbacks use it. */
  publicUrl: string;
  /** Origins allowed to call the identity endpoints with cookies (CSRF) and to be redirected to. */
  trustedOrigins: string[];
  /** Unset: a secret generated once and kept in the database (see src/auth/secret.ts). */
  authSecret?: string;
  /** Lifetime of the shop token that PUT /api/user/{email} hands out. */
  tokenTtlMinutes: number;
  /** Lowercased; these users are made admins when they fetch a shop token. */
  adminEmails: string[];
  mail: { smtpUrl?: string; from: string };
  /** Sign-in, sign-up and reset requests per minute per client address. */
  authRateLimitMax: number;
  /** Set: sessions are cached and rate limits counted in this Redis, shared by every instance. */
  redis?: { url: string; keyPrefix: string };
  /** Set: uploaded pictures are kept in this bucket instead of DATA_DIR/uploads. */
  s3?: S3Config;
  /** Set (BACKUP_DIR): an archive every `everyHours` into `dir`, the newest `keep` kept. */
  backups?: { dir: string; everyHours: number; keep: number };
}

/**
 * Parses the environment. Empty strings count as unset, as with most `.env` tooling.
 * `cwd` anchors the relative defaults (`./data`); `npm start` runs from the repository root.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): AppConfig {
  const present = Object.fromEntries(
    ENV_VARIABLES.map((key) => [key, env[key]] as const).filter(
      ([, value]) => value !== undefined && value.trim() !== '',
    ),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR ?? 'data');
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const s3 = s3Storage(e);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, timeZone: e.SHOP_TIME_ZONE }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db'), timeZone: e.SHOP_TIME_ZONE },
    logLevel: e.LOG_LEVEL,
    nodeEnv: e.NODE_ENV,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(cwd, e.WEB_DIST_DIR) : defaultWebDistDir,
    shopName: e.SHOP_NAME,
    timeZone: e.SHOP_TIME_ZONE,
    seller: {
      name: e.SELLER_NAME ?? `${e.SHOP_NAME} Manufacturing Inc.`,
      address: e.SELLER_ADDRESS.replace(/\\n/g, '\n'),
      taxId: e.SELLER_TAX_ID ?? null,
      country: e.SELLER_COUNTRY as SellerCountry,
    },
    tax: {
      nexusStates: [...new Set(e.TAX_NEXUS_STATES)],
      ...(e.VIES_URL ? { viesUrl: e.VIES_URL } : {}),
    },
    ...(e.BACKUP_DIR
      ? {
          backups: {
            dir: path.resolve(cwd, e.BACKUP_DIR),
            everyHours: e.BACKUP_EVERY_HOURS,
            keep: e.BACKUP_KEEP,
          },
        }
      : {}),
    seedDemoData: e.SEED_DEMO_DATA,
    demoPasswords: e.DEMO_PASSWORDS ?? (e.NODE_ENV === 'production' ? 'random' : 'fixed'),
    bodyLimit: e.BODY_LIMIT,
    trustProxy: e.TRUST_PROXY,
    rateLimitMax: e.RATE_LIMIT_MAX,
    apiKeyRateLimitMax: e.API_KEY_RATE_LIMIT_MAX,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    metricsToken: e.METRICS_TOKEN,
    webhookWorker: e.WEBHOOK_WORKER,
    ...(e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { traces: { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME } }
      : {}),
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    orders: {
      holdHours: e.ORDER_HOLD_HOURS,
      sweepSeconds: e.ORDER_SWEEP_SECONDS,
      unpaidMax: e.UNPAID_ORDERS_MAX,
      unverifiedHoldMinutes: e.UNVERIFIED_HOLD_MINUTES,
      approvalDays: e.APPROVAL_DAYS,
      overdueHoldDays: e.OVERDUE_HOLD_DAYS,
    },
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      issuer: e.GOOGLE_ISSUER ?? 'https://accounts.google.com',
    },
    publicUrl,
    trustedOrigins: [
      ...new Set([
        publicUrl,
        // Without PUBLIC_URL the shop is reached as localhost or as 127.0.0.1 alike.
        ...(e.PUBLIC_URL ? [] : [`http://127.0.0.1:${e.PORT}`]),
        ...e.TRUSTED_ORIGINS,
      ]),
    ],
    authSecret: e.AUTH_SECRET,
    tokenTtlMinutes: e.TOKEN_TTL_MINUTES,
    adminEmails: [...new Set(e.ADMIN_EMAILS)],
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `"${e.SHOP_NAME.replace(/["\\]/g, '')}" <no-reply@partsworks.example>`,
    },
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    ...(e.REDIS_URL ? { redis: { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } } : {}),
    ...(s3 ? { s3 } : {}),
  };
}
