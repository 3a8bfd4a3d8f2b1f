// Uploads that report their progress (documents): XMLHttpRequest, because fetch tells nothing about
// the bytes sent. Signed and answered like every other call: the same envelope rules, notices and
// session counting (settle), the token in a header and never in the URL. No timeout of its own — a
// large file on a slow line takes as long as it takes — but the caller's signal aborts it at once.
import { kitConfig } from '../kit.ts';
import { session } from '../session/store.ts';
import { interpret } from './catalogue.ts';
import { settle } from './client.ts';
import { signPayload, signRequest } from './sign.ts';

export interface UploadOptions {
  /** Bytes sent so far and in all (0 when the browser cannot tell). */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
  quiet?: boolean;
}

/** Posts a multipart form to an /api path; resolves with the envelope's data. */
export function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${kitConfig.apiBase.replace(/\/$/, '')}${path}`);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    const token = session.token ?? '';
    const headers: Record<string, string> = { lang: document.documentElement.lang || 'zh', ...signRequest(token, signPayload(undefined, undefined)) };
    if (token) headers['access-token'] = token;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    const answer = (status: number, body: unknown) => {
      try {
        resolve(settle(interpret({ status, body }), status, options.quiet ?? false, body) as T);
      } catch (error) {
        reject(error);
      }
    };
    xhr.upload.onprogress = (e) => options.onProgress?.(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onload = () => answer(xhr.status, xhr.response);
    xhr.onerror = () => answer(0, null);
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
