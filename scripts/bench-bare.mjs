// The yardstick of `npm run bench`: a bare Fastify server answering a constant JSON body, in its
// own process like the shop, so both are measured the same way. Usage: node bench-bare.mjs PORT FILE
import { readFileSync } from 'node:fs';
import { api, apiPath } from '@shop/shared';
import Fastify from 'fastify';

const [port, bodyFile] = process.argv.slice(2);
const payload = readFileSync(bodyFile, 'utf8');
const app = Fastify({ logger: false });
// The shop's health path, which `waitForHealth` asks before the measuring starts.
app.get(apiPath(api.settings.health), async () => ({ ok: true }));
app.get('/bare', async (_request, reply) =>
  reply.type('application/json; charset=utf-8').send(payload),
);
await app.listen({ port: Number(port), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => app.close().then(() => process.exit(0)));
