// Requests the platform makes to addresses a tenant typed in (webhooks, OAuth issuers, LDAP
// directories): only the expected schemes, and never to a
// loopback, link-local, private or otherwise non-public address unless the operator allowed its network
// (ATRIUM_OUTBOUND_NETWORKS). The check runs on the address the connection actually uses — the name is
// resolved by a lookup that refuses non-public answers — so a name that resolves to 127.0.0.1, or
// changes its answer between check and connect, reaches nothing inside.
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { inNetworks, isNonPublicAddress } from './security.ts';

export type HostProblem = 'scheme' | 'private';

/** Thrown (as the request's error) when a name resolves only to addresses the platform may not reach. */
export class PrivateAddressError extends Error {
  readonly address: string;
  constructor(address: string) {
    super(`refused: ${address} is a local or private address`);
    this.address = address;
  }
}

const allowed = (ip: string, networks: readonly string[]) => !isNonPublicAddress(ip) || inNetworks(ip, networks);

/** What is wrong with an outbound URL as written (before any lookup), or null. */
export function outboundUrlProblem(url: string, networks: readonly string[], schemes: readonly string[] = ['http:', 'https:']): HostProblem | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'scheme';
  }
  if (!schemes.includes(parsed.protocol)) return 'scheme';
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return inNetworks('127.0.0.1', networks) ? null : 'private';
  if (isIP(host) && !allowed(host, networks)) return 'private';
  return null;
}

// dns.lookup and net's LookupFunction are overloaded on `all`; the two casts below pick the `all: true`
// form, which is the one asked for and answered.
type BaseLookup = (hostname: string, options: LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/** A DNS lookup that answers only addresses the platform may reach (`base` resolves; tests pass their own). */
export function guardedLookup(networks: readonly string[], base: BaseLookup = dnsLookup as unknown as BaseLookup): LookupFunction {
  return (hostname, options, callback) => {
    base(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses;
      const usable = list.filter((a) => allowed(a.address, networks));
      if (usable.length === 0) return callback(new PrivateAddressError(list[0]?.address ?? hostname), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

export interface OutboundAnswer {
  status: number;
}

/**
 * POSTs `body` to `url` (no redirects followed, a bounded answer read and dropped), connecting only to
 * addresses the platform may reach. Rejects on a refused address, a network error or the timeout.
 */
export function postOutbound(url: string, headers: Record<string, string>, body: string, networks: readonly string[], options: { timeoutMs?: number; lookup?: BaseLookup } = {}): Promise<OutboundAnswer> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const problem = outboundUrlProblem(url, networks);
  if (problem === 'private') return Promise.reject(new PrivateAddressError(new URL(url).hostname));
  if (problem) return Promise.reject(new Error('refused: only http and https addresses'));
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: guardedLookup(networks, options.lookup), timeout: timeoutMs, signal: AbortSignal.timeout(timeoutMs) },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > 64 * 1024) res.destroy();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('close', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * For clients that connect themselves (the OpenID client, the LDAP client): the written check, then
 * the name resolved through the guarded lookup. A name could still change its answer between this and
 * the client's own lookup; webhooks, which connect through postOutbound, have no such gap.
 */
export async function reachableProblem(url: string, networks: readonly string[], schemes: readonly string[], lookup?: BaseLookup): Promise<HostProblem | null> {
  const written = outboundUrlProblem(url, networks, schemes);
  if (written) return written;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return null;
  return new Promise((resolve) => guardedLookup(networks, lookup)(host, { all: true }, (error) => resolve(error instanceof PrivateAddressError ? 'private' : null)));
}
