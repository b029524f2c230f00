import { OAuth2Server } from 'oauth2-mock-server';

export interface GoogleAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

/** The Google account of the tests; the end-to-end tests use the same person. */
export const gina: GoogleAccount = {
  sub: 'google-gina-0001',
  email: 'gina@example.com',
  email_verified: true,
  name: 'Gina Google',
};

export interface OidcStandIn {
  /** What GOOGLE_ISSUER is set to. */
  issuer: string;
  server: OAuth2Server;
  close(): Promise<void>;
}

/**
 * A local OpenID Connect server (oauth2-mock-server) standing in for Google, on a free port.
 * Its id tokens and userinfo answer carry `account`'s claims; `idTokenClaims: 'sub-only'`
 * leaves the profile out of the id token, so the sign-in must read it from userinfo.
 */
export async function startOidcStandIn(
  account: GoogleAccount = gina,
  { idTokenClaims = 'all' }: { idTokenClaims?: 'all' | 'sub-only' } = {},
): Promise<OidcStandIn> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, idTokenClaims === 'all' ? account : { sub: account.sub });
  });
  server.service.on('beforeUserinfo', (response: { body: unknown }) => {
    response.body = account;
  });
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url;
  if (!issuer) throw new Error('The OpenID Connect stand-in has no issuer URL.');
  return { issuer, server, close: () => server.stop() };
}
