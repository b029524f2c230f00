import { accountEmailSchema } from '@shop/shared';
import { ConfigError, loadConfig } from '../config/config.js';
import { connectDatabase } from '../db/client.js';
import { makeAdmin } from '../modules/users/service.js';

/**
 * `npm run make-admin -- <email>` (DESIGN section 4): promotes one user on the database the
 * shop is configured with (same environment as `npm start`). The user need not have signed in
 * yet: the shop user is created with the admin right, which is in force once that person has
 * signed up and verified the address (DESIGN section 8: no admin right for an unverified address).
 */
async function main(args: string[]): Promise<number> {
  const parsed = accountEmailSchema.safeParse(args[0] ?? '');
  if (args.length !== 1 || !parsed.success) {
    console.error('Usage: npm run make-admin -- <email>');
    return 2;
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const database = await connectDatabase(config.database);
  try {
    await database.migrate();
    const { email, alreadyAdmin, verified } = await makeAdmin(database.db, parsed.data);
    console.log(makeAdminLine(email, alreadyAdmin, verified));
    return 0;
  } finally {
    await database.close();
  }
}

function makeAdminLine(email: string, alreadyAdmin: boolean, verified: boolean) {
  if (verified) return alreadyAdmin ? `${email} is already an admin.` : `${email} is now an admin.`;
  const when = 'once they have signed up and verified the address';
  return alreadyAdmin
    ? `${email} already has the admin right; it takes effect ${when}.`
    : `${email} will be an admin ${when}.`;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`make-admin failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
