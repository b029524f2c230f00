// The yardstick of `npm run bench`: a bare Fastify server answering the shop's own answers to
// GET /api/items byte for byte: the same body (already encoded as the shop sent it) under the
// same headers, all constant. It runs in its own process like the shop, so both are measured
// the same way and the ratio shows only what the shop does per request (issue 12: "the same
// body with the same headers").
// Usage: node bench-bare.mjs PORT FILE, FILE being JSON `{ [path]: { headers, body } }` with
// each `body` in base64 (see `captureAnswer` in bench.mjs).
import { readFileSync } from 'node:fs';
import { api, apiPath } from '@shop/shared';
import Fastify from 'fastify';

const [port, answersFile] = process.argv.slice(2);
const answers = JSON.parse(readFileSync(answersFile, 'utf8'));
const app = Fastify({ logger: false });
// The shop's health path, which `waitForHealth` asks before the measuring starts.
app.get(apiPath(api.settings.health), async () => ({ ok: true }));
for (const [path, answer] of Object.entries(answers)) {
  const { headers } = answer;
  const body = Buffer.from(answer.body, 'base64');
  app.get(path, async (_request, reply) => reply.headers(headers).send(body));
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => app.close().then(() => process.exit(0)));
