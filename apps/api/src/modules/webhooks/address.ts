import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/*
 * Where the shop may send a webhook (issue 32, docs/decisions/054): public addresses only, so a
 * subscription cannot make the shop call into its own network (SSRF: the cloud's metadata
 * service, a database's admin port, another instance). The host is resolved when a subscription
 * is made, and again at every connection (a name may point elsewhere later), unless
 * WEBHOOK_ALLOW_PRIVATE=true (a shop whose ERP sits beside it, and the tests' local receivers).
 */

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the cloud's metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Whether `address` (an IP) is one the shop never sends to. IPv4 inside IPv6 counts as IPv4. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return blocked.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
}

export type AddressVerdict = 'ok' | 'private' | 'unresolvable';

/** Whether the URL's host resolves, and only to addresses the shop may send to. */
export async function checkWebhookHost(
  url: string,
  allowPrivate: boolean,
): Promise<AddressVerdict> {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return 'unresolvable';
  }
  if (addresses.length === 0) return 'unresolvable';
  if (allowPrivate) return 'ok';
  return addresses.some(isPrivateAddress) ? 'private' : 'ok';
}
