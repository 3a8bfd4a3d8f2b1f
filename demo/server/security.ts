// Platform-wide protections that no single route should have to remember: the path a request is
// judged by (decoded and canonical, as the router sees it), security headers on every answer, and
// which camera sources the media server may be told to fetch.
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STREAM_SCHEMES as SHARED_STREAM_SCHEMES } from '../../shared/validate/text.ts';

// ---- canonical paths ----------------------------------------------------------------------------

/**
 * The path as the router matches it: percent-decoded, or null when it cannot be decoded or is not
 * canonical (encoded slashes, dot segments, doubled slashes) — such a request is refused outright, so
 * no check can be decided on a spelling the router then reads differently.
 */
export function canonicalPath(url: string): string | null {
  const at = url.indexOf('?');
  const raw = at < 0 ? url : url.slice(0, at);
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (/%2f|%5c/i.test(raw) || decoded.includes('\\') || decoded.includes('\u0000')) return null;
  if (decoded.split('/').some((part) => part === '.' || part === '..') || decoded.includes('//')) return null;
  return decoded;
}

/** onRequest: a path that is not canonical is refused before any route, hook or check sees it. */
export async function refuseOddPaths(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
  const path = canonicalPath(request.url);
  if (path === null) return reply.code(400).send({ code: -1, msg: 'invalid path' });
  // An /api or /jwt path spelled with escapes is answered as if it were plain: refuse the spelling.
  const at = request.url.indexOf('?');
  const raw = at < 0 ? request.url : request.url.slice(0, at);
  if (raw !== path && /^\/(api|jwt)(\/|$)/.test(path)) return reply.code(400).send({ code: -1, msg: 'invalid path' });
}

// ---- headers ------------------------------------------------------------------------------------

export interface HeaderOptions {
  /** Origins (scheme://host[:port]) that may frame the console's pages, besides the platform itself. */
  frameAncestors: readonly string[];
  /** The media server's port, which the console connects to for live video. */
  mediaPort: number | null;
  /** External media servers' origins (ATRIUM_MEDIA_ORIGINS, each with its ws/http twin), allowed beside the own media port. */
  mediaOrigins?: readonly string[];
}

/** What the console may connect to for live video: the own media port on any host, and the configured origins. */
export function mediaSources(options: Pick<HeaderOptions, 'mediaPort' | 'mediaOrigins'>): string {
  const own = options.mediaPort ? `http://*:${options.mediaPort} ws://*:${options.mediaPort} https://*:${options.mediaPort} wss://*:${options.mediaPort}` : 'http: https: ws: wss:';
  return [own, ...(options.mediaOrigins ?? [])].join(' ');
}

function contentSecurityPolicy(options: HeaderOptions): string {
  const media = mediaSources(options);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    // flv.js and mpegts.js feed <video> through MediaSource (blob:), so streams need connect-src only.
    "media-src 'self' blob:",
    `connect-src 'self' ${media}`,
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors 'self'${options.frameAncestors.length ? ` ${options.frameAncestors.join(' ')}` : ''}`,
  ].join('; ');
}

/**
 * Every answer: nosniff and a referrer policy; the console's HTML also a strict CSP (no inline
 * script or style, no eval). The /embed/ demos stand for third-party portals and keep their own.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HeaderOptions): void {
  const csp = contentSecurityPolicy(options);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !request.url.startsWith('/embed/') && !reply.getHeader('content-security-policy')) reply.header('Content-Security-Policy', csp);
    return payload;
  });
}

// ---- camera sources -----------------------------------------------------------------------------

/** Stream protocols a camera speaks (the form's list, shared/validate). Files, data:, ftp: and everything else are refused. */
const STREAM_SCHEMES = new Set(SHARED_STREAM_SCHEMES);

/** ffmpeg reads only these protocols for a relayed camera (no file:, no concat:, no data:). */
export const FFMPEG_PROTOCOLS = 'tcp,tls,udp,rtp,rtsp,rtsps,rtmp,rtmps,http,https,httpproxy,crypto';

export type SourceProblem = 'scheme' | 'host' | 'private';

function ipv4Parts(ip: string): number[] {
  return ip.split('.').map(Number);
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function ipv6Groups(ip: string): number[] {
  let v = ip.toLowerCase().split('%')[0]!;
  const dotted = v.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const [a, b, c, d] = ipv4Parts(dotted[2]!) as [number, number, number, number];
    v = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = v.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => parseInt(g, 16) || 0);
}

/** Loopback, link-local, private, unspecified and other non-public addresses. */
export function isNonPublicAddress(ip: string): boolean {
  const kind = isIP(ip);
  if (kind === 4) {
    const [a, b] = ipv4Parts(ip) as [number, number];
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224;
  }
  if (kind === 6) {
    const groups = ipv6Groups(ip);
    if (groups.slice(0, 7).every((g) => g === 0) && groups[7]! <= 1) return true; // :: and ::1
    // IPv4 inside IPv6 (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::a.b.c.d), however
    // spelt — the URL parser writes ::ffff:127.0.0.1 as ::ffff:7f00:1.
    const embedsV4 = (groups.slice(0, 5).every((g) => g === 0) && (groups[5] === 0xffff || groups[5] === 0)) || (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0));
    if (embedsV4) return isNonPublicAddress(`${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`);
    const first = groups[0]!;
    return (first & 0xffc0) === 0xfe80 || (first & 0xfe00) === 0xfc00 || (first & 0xff00) === 0xff00 || (first & 0xffc0) === 0xfec0;
  }
  return false;
}

/** Whether `ip` lies in one of the CIDR ranges (IPv4 only; e.g. 192.168.10.0/24). */
export function inNetworks(ip: string, networks: readonly string[]): boolean {
  if (isIP(ip) !== 4) return false;
  const value = ipv4Parts(ip).reduce((n, part) => n * 256 + part, 0);
  return networks.some((cidr) => {
    const [base, bits = '32'] = cidr.trim().split('/');
    if (!base || isIP(base) !== 4) return false;
    const size = 2 ** (32 - Number(bits));
    const start = ipv4Parts(base).reduce((n, part) => n * 256 + part, 0);
    return value >= start - (start % size) && value < start - (start % size) + size;
  });
}

/**
 * Why a camera source URL may not be used, or null when it may: a stream protocol, a host, and — for
 * an address literal or a local name — not a non-public address unless its network is allowed
 * (ATRIUM_CAMERA_NETWORKS). Names are checked again once resolved, when the relay starts.
 */
export function sourceProblem(url: string, allowedNetworks: readonly string[]): SourceProblem | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'scheme';
  }
  if (!STREAM_SCHEMES.has(parsed.protocol)) return 'scheme';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (!host) return 'host';
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return allowedNetworks.length > 0 && inNetworks('127.0.0.1', allowedNetworks) ? null : 'private';
  if (isIP(host) && isNonPublicAddress(host) && !inNetworks(host, allowedNetworks)) return 'private';
  return null;
}

// ---- credentials in source URLs ------------------------------------------------------------------

const MASK = '***';

/**
 * A source URL as it may be shown or logged: the password of its userinfo replaced by ***
 * (`rtsp://user:***@host/…`); a URL without a password is answered as it is. The stored value keeps
 * the password; only what people see is masked.
 */
export function maskSourceUrl(url: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(url);
  if (!scheme) return url;
  const rest = url.slice(scheme[0].length);
  const end = rest.search(/[/?#]/);
  const authority = end < 0 ? rest : rest.slice(0, end);
  const at = authority.lastIndexOf('@');
  if (at < 0) return url;
  const userinfo = authority.slice(0, at);
  const colon = userinfo.indexOf(':');
  if (colon < 0) return url;
  return `${scheme[0]}${userinfo.slice(0, colon)}:${MASK}${rest.slice(at)}`;
}

/** Every URL with a password inside a line of text (a log line, an ffmpeg error) masked like maskSourceUrl. */
export function maskUrlsIn(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@:]*):([^\s/?#]*)@/gi, (_, scheme: string, user: string) => `${scheme}${user}:${MASK}@`);
}

/** Whether `url` is what maskSourceUrl shows for a stored URL with a password (sent back unchanged by a form). */
export function isMaskedOf(url: string, stored: string): boolean {
  return stored !== '' && maskSourceUrl(stored) !== stored && url === maskSourceUrl(stored);
}

/** Whether `url` carries the mask as its password (a shown value, not a typed one). */
export function carriesMask(url: string): boolean {
  return maskSourceUrl(url) === url && /^[a-z][a-z0-9+.-]*:\/\/[^/?#@]*:\*\*\*@/i.test(url);
}

// ---- cross-origin embedding ---------------------------------------------------------------------

/** Headers the kit sends on API calls (signing, session, language). */
const KIT_HEADERS = ['access-token', 'timestamp', 'nonce', 'sign', 'lang', 'content-type'];

/**
 * CORS for portals on the configured origins (ATRIUM_ALLOWED_ORIGINS): the kit's files and the API
 * answer them, preflights are answered before any signature or sign-in check, and credentials are
 * allowed only for those exact origins. Any other origin gets no CORS headers, so its browser refuses.
 */
export async function installCors(app: FastifyInstance, allowed: readonly string[]): Promise<void> {
  const origins = new Set(allowed.map((o) => o.replace(/\/$/, '')));
  const { default: cors } = await import('@fastify/cors');
  await app.register(cors, {
    origin: (origin, done) => done(null, origin !== undefined && origins.has(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: KIT_HEADERS,
    exposedHeaders: ['content-disposition'],
    maxAge: 600,
    // Preflights end in the cors hook itself, before signing is checked.
    preflight: true,
    strictPreflight: false,
    hook: 'onRequest',
  });
}
