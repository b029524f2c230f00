// `npm start`: build once if the build is missing or older than the sources, then run the
// production server (API + built web app on one port). See README "Quick start".
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
process.env.NODE_ENV ??= 'production';
await import('../apps/api/dist/main.js');
