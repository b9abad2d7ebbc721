/**
 * Which proxies the app believes (TRUST_PROXY). The client writes X-Forwarded-For and
 * X-Request-Id as it likes; only entries added by trusted proxies count, so a forged address
 * neither escapes the per-IP rate limits nor lands in the audit log, and a forged request id
 * does not end up in our logs as if a proxy had assigned it.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import net from 'node:net';
import type { Config, TrustProxySetting } from './config.js';

/** Fastify's (proxy-addr's) trust test: is the hop `index` from the app, at `address`, a proxy we trust? */
export type TrustFunction = (address: string, index: number) => boolean;

const REQUEST_ID = /^[\w-]{8,64}$/;

const blockLists = new WeakMap<TrustProxySetting, net.BlockList>();

function blockListOf(setting: Extract<TrustProxySetting, { mode: 'addresses' }>): net.BlockList {
  let list = blockLists.get(setting);
  if (!list) {
    list = new net.BlockList();
    for (const entry of setting.addresses) {
      const [address, prefix] = entry.split('/');
      const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
      if (prefix === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(prefix), type);
    }
    blockLists.set(setting, list);
  }
  return list;
}

/** Whether an address is one of the trusted proxies (by address; a hop count trusts by position instead). */
function isListed(setting: Extract<TrustProxySetting, { mode: 'addresses' }>, address: string): boolean {
  const family = net.isIP(address);
  if (!family) return false;
  // BlockList matches IPv4-mapped IPv6 ("::ffff:10.0.0.1") against IPv4 ranges too.
  return blockListOf(setting).check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export function trustFunction(setting: TrustProxySetting): TrustFunction {
  switch (setting.mode) {
    case 'none':
      return () => false;
    case 'hops':
      // Hop 0 is the socket's peer; trusting hops 0..N-1 makes the client the Nth entry from
      // the right of X-Forwarded-For. (Fastify 5 treats a numeric trustProxy as "trust nobody",
      // so the count is given to it as this function.)
      return (_address, index) => index < setting.hops;
    case 'addresses':
      return (address) => isListed(setting, address);
  }
}

/** The `trustProxy` option for Fastify: false, or a trust function for proxy-addr. */
export function trustProxyOption(config: Pick<Config, 'TRUST_PROXY'>): false | TrustFunction {
  return config.TRUST_PROXY.mode === 'none' ? false : trustFunction(config.TRUST_PROXY);
}

/** Whether the peer of the socket (the request's immediate sender) is a trusted proxy. */
export function isTrustedPeer(config: Pick<Config, 'TRUST_PROXY'>, remoteAddress: string | undefined): boolean {
  if (!remoteAddress) return false;
  return trustFunction(config.TRUST_PROXY)(remoteAddress, 0);
}

interface RawRequestLike {
  headers: IncomingHttpHeaders;
  socket?: { remoteAddress?: string } | null;
}

/**
 * The request id: the proxy's X-Request-Id when the request came from a trusted proxy and the
 * id looks like one (8–64 word characters or hyphens), a fresh UUID otherwise.
 */
export function requestIdFrom(req: RawRequestLike, config: Pick<Config, 'TRUST_PROXY'>): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && REQUEST_ID.test(given) && isTrustedPeer(config, req.socket?.remoteAddress)) return given;
  return randomUUID();
}
