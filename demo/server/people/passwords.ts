// Password hashing with scrypt and a per-password random salt; the parameters travel with the hash
// so they can be raised later without breaking stored passwords.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * A cheaper cost for initial passwords set in bulk (an import of 1000 users): the hash records its
 * cost, and the first successful sign-in re-hashes with the standard one (needsRehash).
 */
const BULK_N = 2048;

export async function hashPassword(password: string, cost: 'standard' | 'bulk' = 'standard'): Promise<string> {
  const salt = randomBytes(16);
  const n = cost === 'bulk' ? BULK_N : N;
  const key = await derive(password, salt, n, R, P);
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Whether a stored hash is below the standard cost (set in bulk) and should be replaced at sign-in. */
export function needsRehash(stored: string): boolean {
  const [scheme, n] = stored.split('$');
  return scheme === 'scrypt' && Number(n) < N;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash no password matches, checked for unknown users so a miss takes as long as a wrong password. */
export const DUMMY_HASH = `scrypt$${N}$${R}$${P}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;
