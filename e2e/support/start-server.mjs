// Starts the shop for the end-to-end tests exactly as `npm start` does, on an empty data
// folder so every run begins from the demo seed, with two local stand-ins beside it:
// - an SMTP server that writes every message it receives to E2E_MAIL_DIR, where the tests read
//   the password-reset email as a person reads their inbox;
// - an OpenID Connect server (oauth2-mock-server) standing in for Google through GOOGLE_ISSUER.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';

const env = process.env;
for (const dir of [env.DATA_DIR, env.E2E_MAIL_DIR])
  if (dir) rmSync(dir, { recursive: true, force: true });
mkdirSync(env.E2E_MAIL_DIR, { recursive: true });

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      writeFileSync(
        join(env.E2E_MAIL_DIR, `${Date.now()}-${++received}-${to}.eml`),
        Buffer.concat(chunks),
      );
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(Number(env.E2E_SMTP_PORT), '127.0.0.1', resolve));

/** The one Google account of the tests; e2e/support/google.ts names the same person. */
const googleUser = {
  sub: 'google-gina-0001',
  email: 'gina@example.com',
  email_verified: true,
  name: 'Gina Google',
};
const oidc = new OAuth2Server();
await oidc.issuer.keys.generate('RS256');
oidc.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, googleUser));
oidc.service.on('beforeUserinfo', (response) => {
  response.body = googleUser;
});
await oidc.start(Number(env.E2E_OIDC_PORT), '127.0.0.1');
env.GOOGLE_ISSUER = oidc.issuer.url;

await import('../../scripts/start.mjs');
