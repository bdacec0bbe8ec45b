import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../../config.js';

/** Whether the peer `hop` steps away (0: our socket's peer) is a proxy whose X-Forwarded-For we believe. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * Fastify reads the client's address right to left in X-Forwarded-For, stopping at the first peer it
 * does not trust; the left-most entries are written by the client and never believed on their own.
 * A hop count trusts whatever sits at those hops, so Sync must then be reachable only through them.
 */
export function proxyTrust(trust: TrustProxy): ProxyTrust {
  if (trust === false) return () => false;
  if ('hops' in trust) return (_address, hop) => hop < trust.hops;
  return proxyAddr.compile(trust.addresses);
}
