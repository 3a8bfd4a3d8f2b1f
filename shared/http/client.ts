// The one HTTP client of the kit (redaxios underneath): signs every /api call, enforces the 30 s
// timeout by really aborting, and turns every answer into data or a rejection with a notice (SPEC §7, §8).
import redaxios from 'redaxios';
import { kitConfig, singleton } from '../kit.ts';
import { session } from '../session/store.ts';
import { interpret, SESSION_EXPIRED_DIALOG, type Outcome } from './catalogue.ts';
import { notify } from './notify.ts';
import { cleanQuery, signPayload, signRequest, type Query } from './sign.ts';

export const REQUEST_TIMEOUT_MS = 30000;

export interface RequestOptions {
  params?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Overrides the 30 s timeout (tests only need this). */
  timeout?: number;
  /** Do not raise notices for failures (the caller shows its own message). */
  quiet?: boolean;
  /** The request outlives the page (a shut sent on page leave). */
  keepalive?: boolean;
}

export interface Client {
  get<T>(url: string, options?: RequestOptions): Promise<T>;
  post<T>(url: string, data?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(url: string, data?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(url: string, data?: unknown, options?: RequestOptions): Promise<T>;
}

/** A failed call: carries the envelope code (null for transport failures) and a message a person can read. */
export class RequestError extends Error {
  readonly code: number | null;
  readonly status: number;
  /** The field a refused write names (envelope `data.field`), so a form can show the message beside it. */
  readonly field: string | null;
  constructor(message: string, code: number | null, status: number, field: string | null = null) {
    super(message);
    this.name = 'RequestError';
    this.code = code;
    this.status = status;
    this.field = field;
  }
}

/** What the session layer plugs in: the HTTP client must not import session actions (cycle). */
export interface SessionHooks {
  /** Ends the session after a forced-logout dialog. */
  logout(): void;
  /** The UI language, sent so the server answers in it. */
  language(): string;
  /** A 40101 answer: true when the session layer ended the session itself (an embedding page, issue 41). */
  expired?(): boolean;
}

const hooks = singleton<{ current: SessionHooks }>('http-hooks', () => ({
  current: { logout: () => undefined, language: () => 'zh' },
}));

export function setSessionHooks(next: SessionHooks): void {
  hooks.current = next;
}

/** The UI language every request carries (the `lang` header); file downloads send it too. */
export const requestLanguage = (): string => hooks.current.language();

type Method = 'get' | 'post' | 'put' | 'delete';

function buildUrl(url: string, params: Query | undefined): string {
  const base = /^https?:\/\//.test(url) ? url : kitConfig.apiBase.replace(/\/$/, '') + url;
  const pairs = cleanQuery(params);
  if (pairs.length === 0) return base;
  const qs = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return base + (base.includes('?') ? '&' : '?') + qs;
}

function isBinary(data: unknown): boolean {
  return typeof FormData !== 'undefined' && data instanceof FormData;
}

/** Applies an outcome to the session (counter, forced logout) and raises its notice; the data, or a RequestError thrown. */
export function settle(outcome: Outcome, status: number, quiet: boolean, body: unknown = null): unknown {
  if (outcome.type === 'data' || outcome.type === 'whole') {
    session.sysStatus = 0;
    return outcome.type === 'data' ? outcome.data : outcome.body;
  }
  if (outcome.session === 'login-timeout' && hooks.current.expired?.()) {
    /* ended by the session layer: events to the host, widgets to their sign-in state */
  } else if (outcome.session === 'login-timeout') {
    session.sysStatus += 1;
    if (session.sysStatus === 3) {
      notify({ ...SESSION_EXPIRED_DIALOG, onClose: () => hooks.current.logout() });
    }
  } else if (outcome.session === 'logout') {
    if (outcome.notice) notify({ ...outcome.notice, onClose: () => hooks.current.logout() });
  } else if (outcome.notice && !quiet) {
    notify(outcome.notice);
  }
  throw new RequestError(outcome.message, outcome.code, status, fieldOf(body));
}

function fieldOf(body: unknown): string | null {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : null;
  const field = typeof data === 'object' && data !== null ? (data as { field?: unknown }).field : null;
  return typeof field === 'string' && /^[A-Za-z][\w.]{0,63}$/.test(field) ? field : null;
}

async function request<T>(method: Method, url: string, data: unknown, options: RequestOptions = {}): Promise<T> {
  const isApi = url.startsWith('/api');
  const body = data === undefined || data === null ? undefined : isBinary(data) ? data : JSON.stringify(data);
  const headers: Record<string, string> = { lang: hooks.current.language(), ...options.headers };
  if (typeof body === 'string') headers['content-type'] = 'application/json';
  const token = session.token;
  if (token) headers['access-token'] = token;
  if (isApi) {
    const payload = signPayload(options.params, typeof body === 'string' ? body : undefined);
    Object.assign(headers, signRequest(token ?? '', payload));
  }

  // A plain timer rather than AbortSignal.timeout: the same thing, and a test can drive its clock.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeout ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  let status = 0;
  let responseBody: unknown = null;
  try {
    const response = await redaxios<unknown>({
      url: buildUrl(url, options.params),
      method,
      data: body,
      headers,
      withCredentials: true,
      validateStatus: () => true,
      fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, { ...init, signal, ...(options.keepalive ? { keepalive: true } : {}) }),
    });
    status = response.status;
    responseBody = response.data;
  } catch (error) {
    // A caller's own abort is not a network failure: nothing to tell the user.
    if (options.signal?.aborted) throw error;
  } finally {
    clearTimeout(timer);
  }
  // redaxios swallows a failure while reading the body and answers with no data: an abort that
  // strikes after the headers must not pass for an empty success.
  if (signal.aborted) {
    options.signal?.throwIfAborted();
    status = 0;
  }
  return settle(interpret({ status, body: responseBody }), status, options.quiet ?? false, responseBody) as T;
}

export const http: Client = {
  get: (url, options) => request('get', url, undefined, options),
  post: (url, data, options) => request('post', url, data, options),
  put: (url, data, options) => request('put', url, data, options),
  delete: (url, data, options) => request('delete', url, data, options),
};
