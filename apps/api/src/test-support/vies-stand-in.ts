import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the EU VIES REST API (`POST /check-vat-number`): answers `{ valid: true }`
 * for the VAT ids it was told are registered, `{ valid: false }` for the others, and, while
 * `silent` is set, nothing at all (it holds the request open) so that the client's timeout is
 * what answers. It records each request's body.
 */
export interface ViesStandIn {
  url: string;
  /** `countryCode + vatNumber`, as VIES keys them: "DE136695976". */
  registered: Set<string>;
  silent: boolean;
  requests: unknown[];
  close(): Promise<void>;
}

export async function startViesStandIn(registered: string[] = []): Promise<ViesStandIn> {
  const held: ServerResponse[] = [];
  const standIn: Omit<ViesStandIn, 'url' | 'close'> = {
    registered: new Set(registered),
    silent: false,
    requests: [],
  };
  const answer = (request: IncomingMessage, response: ServerResponse, text: string) => {
    if (request.method !== 'POST' || request.url !== '/check-vat-number') {
      response.writeHead(404).end();
      return;
    }
    const body = JSON.parse(text) as { countryCode?: string; vatNumber?: string };
    standIn.requests.push(body);
    if (standIn.silent) {
      held.push(response);
      return;
    }
    const valid = standIn.registered.has(`${body.countryCode ?? ''}${body.vatNumber ?? ''}`);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ countryCode: body.countryCode, vatNumber: body.vatNumber, valid }),
    );
  };
  const server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => answer(request, response, text));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
