import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/config.js';
import type { Db } from '../db/client.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import type { SharedRedis } from '../redis/client.js';
import { createAuth, type Auth } from './auth.js';
import { createGuards, type Guards } from './guards.js';
import { resolveAuthSecret } from './secret.js';
import { createShopTokens, type ShopTokens } from './shop-token.js';

/** Everything identity: Better Auth, the shop token and the hooks that check it, the mailer. */
export interface Identity {
  auth: Auth;
  tokens: ShopTokens;
  guards: Guards;
  mailer: Mailer;
  /**
   * Ends every session of a Better Auth user. The database drops them with the user; this also
   * drops the copies Redis keeps (REDIS_URL), which would otherwise still be accepted.
   */
  endSessions(accountId: string): Promise<void>;
}

export async function createIdentity(
  config: AppConfig,
  db: Db,
  log: FastifyBaseLogger,
  redis?: SharedRedis,
): Promise<Identity> {
  const secret = await resolveAuthSecret(db, config.authSecret, log);
  const mailer = createMailer(config, log);
  if (mailer.kind === 'outbox' && config.nodeEnv === 'production') {
    log.warn('SMTP_URL is not set: emails (password reset) go to DATA_DIR/outbox, not to people.');
  }
  const auth = createAuth({ config, db, secret, mailer, log, redis });
  const tokens = createShopTokens(secret, config.tokenTtlMinutes);
  const endSessions = async (accountId: string) => {
    const { internalAdapter } = await auth.$context;
    await internalAdapter.deleteUserSessions(accountId);
  };
  return { auth, tokens, guards: createGuards(db, tokens, log), mailer, endSessions };
}
