// Files from the platform (finished exports, import reports, templates): fetched with the token in
// the header — never in the URL — signed like every /api call, and handed to the browser as a
// download. Only same-origin /api paths are accepted: a path the server sent is not trusted blindly.
import { kitConfig } from '../kit.ts';
import { session } from '../session/store.ts';
import { RequestError } from './client.ts';
import { notify } from './notify.ts';
import { signPayload, signRequest } from './sign.ts';

const SAFE_PATH = /^\/api\/[A-Za-z0-9/_.-]+(\?[A-Za-z0-9_.~%=&-]*)?$/;

/** The name from Content-Disposition (RFC 5987 filename* first), or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      /* a malformed name: use the plain one */
    }
  }
  const plain = disposition?.match(/filename="?([^";]+)"?/i);
  return (plain?.[1] ?? fallback).replace(/[\\/]/g, '_');
}

/** Fetches `path` (an /api path with an optional query) as a file; rejects with the platform's message. */
export async function fetchFile(path: string, fallbackName: string, options: { signal?: AbortSignal } = {}): Promise<{ blob: Blob; name: string }> {
  if (!SAFE_PATH.test(path)) throw new RequestError('invalid download path', null, 0);
  const [pathname, query = ''] = path.split('?') as [string, string?];
  const params = Object.fromEntries(new URLSearchParams(query));
  const token = session.token ?? '';
  const headers: Record<string, string> = { ...signRequest(token, signPayload(params, undefined)), lang: document.documentElement.lang || 'zh' };
  if (token) headers['access-token'] = token;
  const base = kitConfig.apiBase.replace(/\/$/, '');
  const response = await fetch(`${base}${pathname}${query ? `?${query}` : ''}`, { headers, credentials: 'include', ...(options.signal ? { signal: options.signal } : {}) });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.startsWith('application/json')) {
    const body = (await response.json().catch(() => ({}))) as { code?: number; msg?: string };
    const message = body.msg || `HTTP ${response.status}`;
    notify({ kind: 'toast', level: 'error', duration: 5000, text: message });
    throw new RequestError(message, body.code ?? null, response.status);
  }
  return { blob: await response.blob(), name: fileNameOf(response.headers.get('content-disposition'), fallbackName) };
}

/** Fetches `path` and saves it; rejects with the platform's message. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const { blob, name } = await fetchFile(path, fallbackName);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
