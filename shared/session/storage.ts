// Cookie and localStorage access that never throws (sandboxed frames and private modes deny storage).
// An embedded kit whose platform (apiBase) is another origin keeps nothing on the host's origin: no
// cookie, no localStorage; the token lives in memory, handed in by the host (docs/embedding.md).
import { kitConfig } from '../kit.ts';

/** Whether the kit stays off the host origin's cookies and storage (embedded, platform on another origin). */
export function hostStorageOff(): boolean {
  if (!kitConfig.embedded || !kitConfig.apiBase || typeof location === 'undefined') return false;
  try {
    return new URL(kitConfig.apiBase, location.href).origin !== location.origin;
  } catch {
    return false;
  }
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined' || hostStorageOff()) return null;
  const match = document.cookie.match(new RegExp('(?:^|; )' + name.replace(/[.$?*|{}()[\]\\/+^]/g, '\\$&') + '=([^;]*)'));
  return match?.[1] !== undefined ? decodeURIComponent(match[1]) : null;
}

export function writeCookie(name: string, value: string | null, days = 30): void {
  if (typeof document === 'undefined' || hostStorageOff()) return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  const expires = value === null ? 'Thu, 01 Jan 1970 00:00:00 GMT' : new Date(Date.now() + days * 864e5).toUTCString();
  document.cookie = `${name}=${encodeURIComponent(value ?? '')}; expires=${expires}; path=/; SameSite=Lax${secure}`;
}

export function readLocal(key: string): string | null {
  if (hostStorageOff()) return null;
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string | null): void {
  if (hostStorageOff()) return;
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    /* storage denied: the value lives in memory only */
  }
}

export function readJson<T>(key: string, fallback: T): T {
  const raw = readLocal(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}
