// Unhandled client errors (SPEC §8), loaded on the first one: the browser has already logged it to the
// console; here it is scrubbed of what may identify someone or open a session (query strings and
// fragments, token-like runs, e-mail addresses, mobile numbers) and sent to the platform's error log in
// small batches — at most 10 a minute from this page, never while signed out, and never about a failed
// call (the client told the user already). Sending never throws and never reports its own failure.
import { CLIENT_ERRORS_PER_CALL, type ClientErrorReport } from '../../shared/api/client-error-types.ts';
import { http, RequestError } from '../../shared/http/index.ts';
import { scrub } from '../../shared/http/scrub.ts';
import { session } from '../../shared/session/store.ts';

const PER_MINUTE = 10;
const SEND_AFTER_MS = 2000;

const state = { windowStart: 0, sent: 0, queue: [] as ClientErrorReport[], timer: null as ReturnType<typeof setTimeout> | null };

function describe(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack ?? '' };
  if (typeof error === 'string') return { message: error, stack: '' };
  try {
    return { message: JSON.stringify(error) ?? String(error), stack: '' };
  } catch {
    return { message: String(error), stack: '' };
  }
}

function flush(): void {
  state.timer = null;
  if (!session.token || state.queue.length === 0) {
    state.queue.length = 0;
    return;
  }
  const items = state.queue.splice(0, CLIENT_ERRORS_PER_CALL);
  void http.post('/api/ops/client-error', { items }, { quiet: true }).catch(() => undefined);
}

export function reportError(error: unknown): void {
  if (error instanceof RequestError) return;
  const now = Date.now();
  if (now - state.windowStart >= 60_000) {
    state.windowStart = now;
    state.sent = 0;
  }
  if (state.sent >= PER_MINUTE) return;
  state.sent += 1;
  const { message, stack } = describe(error);
  state.queue.push({ message: scrub(message, 500), stack: scrub(stack, 4000), path: location.pathname, at: now });
  state.timer ??= setTimeout(flush, SEND_AFTER_MS);
}
