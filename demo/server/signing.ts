// Verifies the request signature of every /api call (ARCHITECTURE "Signing", SPEC §7):
// sign = md5(payload + timestamp + nonce + token.slice(0, 9)), written here independently of the client.
import { isDocsPath } from './openapi.ts';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import { failWith } from './http.ts';
import type { MessageKey } from './messages.ts';

export const SIGN_WINDOW_MS = 5 * 60_000;
/** Nonces are kept longer than the timestamp window, so a replay can never outlive its nonce record. */
export const NONCE_KEEP_MS = 10 * 60_000;
const MIN_NONCE = 16;
const MAX_NONCE = 128;

export const isApiPath = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** The query part of the payload: decoded, empty values dropped, repeated keys joined by ',', sorted by key. */
export function queryPayload(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return '';
  const grouped = new Map<string, string[]>();
  for (const [key, value] of new URLSearchParams(url.slice(at + 1))) {
    if (value === '') continue;
    grouped.set(key, [...(grouped.get(key) ?? []), value]);
  }
  return [...grouped.keys()]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => `${key}=${grouped.get(key)!.join(',')}`)
    .join('&');
}

const header = (request: FastifyRequest, name: string): string => {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : '';
};

/** What is wrong with the request's signature, or null when it is good (the nonce is then used up). */
export function signatureProblem(ctx: AppContext, request: FastifyRequest, now = Date.now()): MessageKey | null {
  const timestamp = header(request, 'timestamp');
  const nonce = header(request, 'nonce');
  const sign = header(request, 'sign');
  if (!timestamp || !nonce || !sign) return 'sign.missingHeaders';
  if (nonce.length < MIN_NONCE || nonce.length > MAX_NONCE) return 'sign.nonceShort';
  const time = /^\d{1,16}$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!Number.isFinite(time) || Math.abs(now - time) > SIGN_WINDOW_MS) return 'sign.stale';

  const raw = request.rawBody;
  const payload = raw !== undefined && raw !== '' ? raw : queryPayload(request.url);
  const secret = (request.token ?? '').slice(0, 9);
  const expected = createHash('md5').update(payload + timestamp + nonce + secret, 'utf8').digest('hex');
  const given = Buffer.from(sign, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected, 'utf8'))) return 'sign.wrong';

  const inserted = ctx.db.prepare('INSERT OR IGNORE INTO seen_nonce (nonce, seen_at) VALUES (?, ?)').run(nonce, now);
  return inserted.changes === 0 ? 'sign.replayed' : null;
}

/** The query's keys that carry a value, each once, and the first key given more than once. */
function queryKeys(url: string): { keys: string[]; repeated: string | null } {
  const at = url.indexOf('?');
  const keys: string[] = [];
  let repeated: string | null = null;
  if (at < 0) return { keys, repeated };
  const seen = new Set<string>();
  for (const [key, value] of new URLSearchParams(url.slice(at + 1))) {
    if (seen.has(key)) repeated ??= key;
    seen.add(key);
    if (value !== '') keys.push(key);
  }
  return { keys, repeated };
}

/**
 * Global preValidation hook: a bad /api signature answers 40103 before any route logic runs. So does a
 * query beside a body, which the signature (over the body alone) does not cover: a handler must never
 * act on what nobody signed. A key repeated in the query is refused too: the client joins several values
 * with commas, and a handler expecting one text must never receive a list.
 */
export async function verifySignature(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
  if (!isApiPath(request.url) || isDocsPath(request.url)) return;
  const problem = signatureProblem(request.server.atrium, request);
  if (problem) return reply.send(failWith(request, problem, undefined, 40103));
  const { keys, repeated } = queryKeys(request.url);
  if (request.rawBody !== undefined && request.rawBody !== '' && keys.length > 0) {
    return reply.send(failWith(request, 'sign.unsignedQuery', { fields: keys.join(', ') }, 40103));
  }
  if (repeated !== null) return reply.send(failWith(request, 'validate.repeated', { field: repeated }));
}

export function pruneNonces(ctx: AppContext, now = Date.now()): void {
  ctx.db.prepare('DELETE FROM seen_nonce WHERE seen_at < ?').run(now - NONCE_KEEP_MS);
}
