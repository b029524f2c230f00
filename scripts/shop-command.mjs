// `npm run backup|restore|move-to-postgres -- ...`: an operator's command of
// apps/api/src/scripts, run from the production build (built first when missing or older than the
// sources, as `npm start` does): a restore is often the first command on a new machine.
import { ensureBuild } from './ensure-build.mjs';

const [command] = process.argv.splice(2, 1);
if (!/^[a-z-]+$/.test(command ?? '')) {
  console.error('Usage: node scripts/shop-command.mjs <command> [arguments]');
  process.exit(2);
}
ensureBuild();
process.env.NODE_ENV ??= 'production';
await import(`../apps/api/dist/scripts/${command}.js`);
