// Files from the platform (finished exports, import reports, templates): fetched with the token in
// the header — never in the URL — signed like every /api call, and handed to the browser as a
// download. Only same-origin /api paths are accepted: a path the server sent is not trusted blindly.
// An answer that is not a file (an envelope, a failed status, no answer) is read the way every other
// request's is: the client's one interpretation (catalogue.ts interpret, client.ts settle) decides
// the notice, the session counter and the rejection.
import { kitConfig } from '../kit.ts';
import { session } from '../session/store.ts';
import { interpret } from './catalogue.ts';
import { RequestError, requestLanguage, settle } from './client.ts';
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

/** Fetches `path` (an /api path with an optional query) as a file; rejects with the platform's message (and its notice, as any request). */
export async function fetchFile(path: string, fallbackName: string, options: { signal?: AbortSignal } = {}): Promise<{ blob: Blob; name: string }> {
  if (!SAFE_PATH.test(path)) throw new RequestError('invalid download path', null, 0);
  const [pathname, query = ''] = path.split('?') as [string, string?];
  const params = Object.fromEntries(new URLSearchParams(query));
  const token = session.token ?? '';
  const headers: Record<string, string> = { ...signRequest(token, signPayload(params, undefined)), lang: requestLanguage() };
  if (token) headers['access-token'] = token;
  const base = kitConfig.apiBase.replace(/\/$/, '');
  let response: Response;
  try {
    response = await fetch(`${base}${pathname}${query ? `?${query}` : ''}`, { headers, credentials: 'include', ...(options.signal ? { signal: options.signal } : {}) });
  } catch (error) {
    // A caller's own abort is not a failure to tell the user about; no answer at all is (status 0).
    if (options.signal?.aborted) throw error;
    return settle(interpret({ status: 0, body: null }), 0, false) as never;
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.startsWith('application/json')) {
    const body: unknown = await response.json().catch(() => null);
    const outcome = interpret({ status: response.status, body });
    // An envelope that says success where a file was due is still no file: a request error.
    settle(outcome.type === 'reject' ? outcome : interpret({ status: response.status, body: { code: -2, msg: '' } }), response.status, false, body);
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
