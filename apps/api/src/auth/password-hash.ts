import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing under NODE_ENV=test only (docs/decisions/046): the same scrypt, the same
 * `salt:key` hex form as Better Auth's own, at a cost 16 times lower (N = 1024 instead of 16384).
 * The API suite signs up thousands of people on two databases; at Better Auth's cost each costs
 * 160 ms of CPU, minutes of a CI run that tests no password strength. Every other mode, and every
 * shop started by `npm start`, keeps Better Auth's default.
 */
const TEST_COST: ScryptOptions = { N: 1024, r: 8, p: 1, maxmem: 32 * 1024 * 1024 };
const KEY_LENGTH = 64;

const derive = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, TEST_COST, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

export async function hashForTests(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${(await derive(password, salt)).toString('hex')}`;
}

export async function verifyForTests({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const [salt, key] = hash.split(':');
  if (!salt || !key) return false;
  const expected = Buffer.from(key, 'hex');
  const actual = await derive(password, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
