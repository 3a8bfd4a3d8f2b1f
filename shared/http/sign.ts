// Request signing (ARCHITECTURE "Signing"): md5 over payload + timestamp + nonce + token prefix.
import { md5 } from './md5.ts';

export type Hash = (input: string) => string;

let hash: Hash = (input) => md5(input);

/** Replaces the hash function (the platform may move off md5 without touching callers). */
export function setHash(next: Hash): void {
  hash = next;
}

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;
export type Query = Record<string, QueryValue>;

/** Drops null, undefined and '' values and joins arrays with ',' — the form both the query string and the payload use. */
export function cleanQuery(query: Query | undefined): Array<[string, string]> {
  if (!query) return [];
  const out: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (text === '') continue;
    out.push([key, text]);
  }
  return out;
}

/** The signed payload: the exact JSON body string when there is one, else the sorted query. */
export function signPayload(query: Query | undefined, body: string | undefined): string {
  if (body !== undefined) return body;
  return cleanQuery(query)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function createNonce(length = 24): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  let out = '';
  for (const b of bytes) out += NONCE_ALPHABET[b % NONCE_ALPHABET.length];
  return out;
}

export interface SignHeaders {
  timestamp: string;
  nonce: string;
  sign: string;
}

export function signRequest(
  token: string,
  payload: string,
  timestamp: number = Date.now(),
  nonce: string = createNonce(),
): SignHeaders {
  const secret = token.slice(0, 9);
  return { timestamp: String(timestamp), nonce, sign: hash(payload + timestamp + nonce + secret) };
}
