import { hashForTests, verifyForTests } from './password-hash.js';
import { API_PREFIX, AUTH_PREFIX, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shop/shared';
import { redisStorage } from '@better-auth/redis-storage';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { genericOAuth, type GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/config.js';
import type { Db } from '../db/client.js';
import {
  authAccounts,
  authRateLimits,
  authSessions,
  authUsers,
  authVerifications,
} from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import { passwordResetEmail, verificationEmail } from '../mail/templates.js';
import type { SharedRedis } from '../redis/client.js';
import { upsertShopUser } from '../modules/users/service.js';
import { displayName, validateAuthInput } from './rules.js';

export interface CreateAuthOptions {
  config: AppConfig;
  db: Db;
  secret: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** REDIS_URL: sessions are cached and rate limits counted there, shared by every instance. */
  redis?: SharedRedis;
}

/** Better Auth's routes live under /api/auth, beside the shop API (DESIGN section 3). */
export const AUTH_BASE_PATH = `${API_PREFIX}${AUTH_PREFIX}`;

const DAY = 60 * 60 * 24;

/** The web app's page that says whether an address was verified (Better Auth redirects there). */
export const EMAIL_VERIFIED_PAGE = '/email-verified';

/** Paths whose abuse costs the most: password guessing, account spam, reset-email floods. */
const GUARDED_PATHS = [
  '/sign-in/email',
  '/sign-up/email',
  '/sign-in/social',
  '/request-password-reset',
  '/send-verification-email',
] as const;

function googleProvider(config: AppConfig): GenericOAuthConfig | null {
  const { clientId, clientSecret, issuer } = config.google;
  if (!clientId || !clientSecret) return null;
  return {
    providerId: 'google',
    name: 'Google',
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    // The account is keyed on the id token's `sub`; accept only tokens checked against the
    // issuer's published keys.
    requireIdTokenVerification: true,
    clientId,
    clientSecret,
    scopes: ['openid', 'email', 'profile'],
    // The plugin reads the profile from the id token when it carries `sub` and `email`, else
    // from the userinfo endpoint. Google gives `name`; other issuers may give only its parts.
    mapProfileToUser: (profile) => {
      const email = typeof profile.email === 'string' ? profile.email.toLowerCase() : undefined;
      const parts = [profile.given_name, profile.family_name].filter(
        (part): part is string => typeof part === 'string' && part.trim() !== '',
      );
      const name =
        (typeof profile.name === 'string' && profile.name.trim()) ||
        parts.join(' ') ||
        email?.split('@')[0] ||
        'Google user';
      return { email, name };
    },
  };
}

const CHANGE_PASSWORD_PATH = '/change-password';

type AuthHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * After a password change, every other session of the account ends, and with it every shop token
 * traded for one (the guard reads the session of a token on each request): whoever knew the old
 * password is out, on every instance, since the sessions are deleted from the database and from
 * Redis. The session that changed the password keeps its id, so its shop token keeps working.
 * Better Auth's own `revokeOtherSessions` would replace that session with a new one as well, ending
 * the caller's shop token; a caller who asks for it gets that (and a new cookie), and nothing is
 * left here to end.
 */
async function endOtherSessions(ctx: AuthHookContext) {
  const returned: unknown = ctx.context.returned;
  if (returned && typeof returned === 'object' && 'token' in returned && returned.token) return;
  const current = await getSessionFromCtx(ctx);
  if (!current) return;
  const { internalAdapter } = ctx.context;
  const others = (await internalAdapter.listSessions(current.user.id))
    .map((session) => session.token)
    .filter((token) => token !== current.session.token);
  if (others.length > 0) await internalAdapter.deleteSessions(others);
}

/**
 * The Better Auth instance: email and password with SPEC section 5's rules, Google through
 * OpenID Connect discovery, password reset by email, sessions in the shop's database and rate
 * limits on sign-in, sign-up and reset in every mode.
 */
export function createAuth({ config, db, secret, mailer, log, redis }: CreateAuthOptions) {
  const google = googleProvider(config);
  const guardedRule = { window: 60, max: config.authRateLimitMax };

  return betterAuth({
    appName: config.shopName,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    logger: {
      // Not "debug", "warn" or "error": at those levels Better Auth also prints every client
      // error (a wrong password, a refused name) to the console, outside this logger.
      level: 'info',
      log: (level, message, ...args) => {
        const details = args.length > 0 ? { details: args } : {};
        log[level]({ ...details, module: 'better-auth' }, message);
      },
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        auth_users: authUsers,
        auth_sessions: authSessions,
        auth_accounts: authAccounts,
        auth_verifications: authVerifications,
        auth_rate_limits: authRateLimits,
      },
    }),
    // With Redis, sessions are read from it first; the database stays the record (storeInDatabase),
    // so an emptied or restarted Redis signs no one out and loses no reset link.
    ...(redis
      ? {
          secondaryStorage: redisStorage({
            client: redis.client,
            keyPrefix: `${redis.keyPrefix}auth:`,
          }),
        }
      : {}),
    user: { modelName: 'auth_users' },
    account: { modelName: 'auth_accounts' },
    verification: { modelName: 'auth_verifications', storeInDatabase: true },
    session: {
      modelName: 'auth_sessions',
      storeSessionInDatabase: true,
      expiresIn: 7 * DAY,
      // A session used at least once a day never expires; the expiry moves on each day of use.
      updateAge: DAY,
      // Every request reads the session row, so a sign-out or password reset ends it at once.
      cookieCache: { enabled: false },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Tests hash at a lower scrypt cost (password-hash.ts); every real shop at Better Auth's.
      ...(config.nodeEnv === 'test'
        ? { password: { hash: hashForTests, verify: verifyForTests } }
        : {}),
      // Awaited by Better Auth. A mail failure is logged and swallowed: the answer must stay
      // the same whether or not the address has an account.
      sendResetPassword: async ({ user, url }) => {
        try {
          await mailer.send(
            passwordResetEmail({ shopName: config.shopName, to: user.email, name: user.name, url }),
          );
        } catch (error) {
          log.error({ err: error, mailer: mailer.kind }, 'could not send the password-reset email');
        }
      },
    },
    // Unverified customers may sign in and order (SPEC's sign-up-then-buy journey); what needs a
    // verified address is the admin right (docs/decisions/010).
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: DAY,
      // Always back to the shop's own page, whatever callbackURL the client asked for: it says
      // "verified" or why not.
      sendVerificationEmail: async ({ user, url }) => {
        const link = new URL(url);
        link.searchParams.set('callbackURL', `${config.publicUrl}${EMAIL_VERIFIED_PAGE}`);
        try {
          await mailer.send(
            verificationEmail({
              shopName: config.shopName,
              to: user.email,
              name: user.name,
              url: link.toString(),
            }),
          );
        } catch (error) {
          log.error({ err: error, mailer: mailer.kind }, 'could not send the verification email');
        }
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: { ...user, name: displayName(user.name) } }),
          // Every account is a shop user from its first moment, so an admin finds it in the users
          // list (Make Admin, Remove User) even before it has taken a shop token.
          after: async (user) => {
            await upsertShopUser(db, user.email, {
              admin: config.adminEmails.includes(user.email.toLowerCase()),
            });
          },
        },
        update: {
          before: async (user) =>
            typeof user.name === 'string'
              ? { data: { ...user, name: displayName(user.name) } }
              : undefined,
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        validateAuthInput(ctx.path, ctx.body);
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== CHANGE_PASSWORD_PATH || isAPIError(ctx.context.returned)) return;
        await endOtherSessions(ctx);
      }),
    },
    rateLimit: {
      // Better Auth limits only in production by default; the shop limits in every mode.
      enabled: true,
      // Shared by every instance either way: in Redis when there is one (no database write per
      // guarded request), else in the database.
      storage: redis ? 'secondary-storage' : 'database',
      modelName: 'auth_rate_limits',
      window: 60,
      max: config.rateLimitMax,
      customRules: {
        ...Object.fromEntries(GUARDED_PATHS.map((path) => [path, guardedRule])),
        // Read on every page load; the API-wide limit of @fastify/rate-limit covers it
        // without a database write per read.
        '/get-session': false,
      },
    },
    advanced: {
      // Better Auth skips the origin check when NODE_ENV is "test"; the tests check it too.
      disableOriginCheck: false,
      // The Fastify mount sets this header from request.ip (which honours TRUST_PROXY) and
      // drops whatever the client sent, so the rate limit keys on the real address.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    plugins: google ? [genericOAuth({ config: [google] })] : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
