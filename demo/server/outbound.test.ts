// Outbound requests (webhooks) connect only to addresses the platform may reach: the check runs on
// the address a name resolves to when the connection is made, so a name answering 127.0.0.1 (or
// rebinding to it after a save) reaches nothing; an allowed network is reached.
import type { LookupAddress } from 'node:dns';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedLookup, outboundUrlProblem, postOutbound, PrivateAddressError } from './outbound.ts';

/** A resolver answering fixed addresses for every name, as a hostile DNS would. */
const answering = (...ips: string[]) => (_host: string, _o: unknown, cb: (e: null, a: LookupAddress[]) => void) => cb(null, ips.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

describe('outbound requests', () => {
  let hits = 0;
  const inside = createServer((_req, res) => {
    hits++;
    res.end('{}');
  });
  let port = 0;
  beforeAll(() => new Promise<void>((r) => inside.listen(0, '127.0.0.1', () => r())).then(() => (port = (inside.address() as AddressInfo).port)));
  afterAll(() => new Promise<void>((r) => inside.close(() => r())));

  it('judges the written address: schemes, literals in any spelling, local names', () => {
    expect(outboundUrlProblem('ftp://example.com/x', [])).toBe('scheme');
    expect(outboundUrlProblem('http://2130706433/x', [])).toBe('private');
    expect(outboundUrlProblem('http://[::ffff:7f00:1]/x', [])).toBe('private');
    expect(outboundUrlProblem('http://metadata.google.internal/x', [])).toBe('private');
    expect(outboundUrlProblem('https://hooks.example.com/x', [])).toBeNull();
    expect(outboundUrlProblem('http://127.0.0.1:9/x', ['127.0.0.0/8'])).toBeNull();
  });

  it('answers only reachable addresses from a lookup, and refuses a name that answers only private ones', async () => {
    const lookup = guardedLookup([], answering('10.0.0.5', '93.184.216.34') as never);
    const mixed = await new Promise<unknown>((r) => lookup('mixed.example', { all: true }, (_e, a) => r(a)));
    expect(mixed).toEqual([{ address: '93.184.216.34', family: 4 }]);
    const error = await new Promise<unknown>((r) => guardedLookup([], answering('127.0.0.1') as never)('evil.example', {}, (e) => r(e)));
    expect(error).toBeInstanceOf(PrivateAddressError);
  });

  it('does not connect when the name resolves to loopback at send time; does when the network is allowed', async () => {
    await expect(postOutbound(`http://rebind.example:${port}/x`, {}, '{}', [], { lookup: answering('127.0.0.1') as never })).rejects.toBeInstanceOf(PrivateAddressError);
    await expect(postOutbound(`http://rebind.example:${port}/x`, {}, '{}', [], { lookup: answering('::1') as never })).rejects.toBeInstanceOf(PrivateAddressError);
    expect(hits).toBe(0);
    await expect(postOutbound(`http://rebind.example:${port}/x`, {}, '{}', ['127.0.0.0/8'], { lookup: answering('127.0.0.1') as never })).resolves.toEqual({ status: 200 });
    expect(hits).toBe(1);
  });
});
