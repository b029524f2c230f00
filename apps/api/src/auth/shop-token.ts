import { hkdfSync } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** Who signs and who accepts shop tokens: a token made for something else is refused. */
export const SHOP_TOKEN_ISSUER = 'partsworks-shop';
export const SHOP_TOKEN_AUDIENCE = 'partsworks-shop-api';
const ALGORITHM = 'HS256';

export interface ShopTokenClaims {
  /** The shop user's id (`users.id`). */
  sub: string;
  email: string;
  /**
   * The id of the Better Auth session the token was traded for. The token is good only while
   * that session lives: a sign-out or a password reset ends both (DESIGN section 8).
   */
  sid: string;
}

/** Why a bearer token was refused; the guard turns each into a 401 with its own message. */
export type TokenProblem = 'expired' | 'invalid';

export class ShopTokenError extends Error {
  constructor(readonly problem: TokenProblem) {
    super(problem === 'expired' ? 'The token has expired.' : 'The token is not valid.');
    this.name = 'ShopTokenError';
  }
}

export interface ShopTokens {
  sign(claims: ShopTokenClaims): Promise<string>;
  /** The claims of a good token; throws ShopTokenError otherwise. */
  verify(token: string): Promise<ShopTokenClaims>;
}

/**
 * The signed, expiring shop token of DESIGN section 4 (a JWT, HS256). Its key is derived from
 * the auth secret with HKDF, so it differs from the keys Better Auth derives from the same
 * secret, and a new AUTH_SECRET retires every token.
 */
export function createShopTokens(secret: string, ttlMinutes: number): ShopTokens {
  const key = new Uint8Array(hkdfSync('sha256', secret, 'partsworks', 'shop-token:v1', 32));
  return {
    async sign({ sub, email, sid }) {
      const now = Math.floor(Date.now() / 1000);
      return (
        new SignJWT({ email, sid })
          .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
          .setSubject(sub)
          .setIssuer(SHOP_TOKEN_ISSUER)
          .setAudience(SHOP_TOKEN_AUDIENCE)
          // One reading of the clock for both, so the lifetime is exactly TOKEN_TTL_MINUTES.
          .setIssuedAt(now)
          .setExpirationTime(now + ttlMinutes * 60)
          .sign(key)
      );
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: SHOP_TOKEN_ISSUER,
          audience: SHOP_TOKEN_AUDIENCE,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const { sub, email, sid } = payload;
        if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string') {
          throw new ShopTokenError('invalid');
        }
        return { sub, email, sid };
      } catch (error) {
        if (error instanceof ShopTokenError) throw error;
        if (error instanceof errors.JWTExpired) throw new ShopTokenError('expired');
        throw new ShopTokenError('invalid');
      }
    },
  };
}
