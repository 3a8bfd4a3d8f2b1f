// SPEC §8 as one mapping: what an answer (or its absence) means for the caller and the user.
import type { Notice } from './notify.ts';

export type NoticeSpec = Omit<Notice, 'id' | 'onClose'>;

export interface Answer {
  /** HTTP status; 0 when no answer came (network failure or timeout). */
  status: number;
  body: unknown;
}

export type Outcome =
  /** code 0: the data field; the session-timeout counter resets. */
  | { type: 'data'; data: unknown }
  /** token_type bearer: the whole body (sign-in, refresh). */
  | { type: 'whole'; body: unknown }
  | {
      type: 'reject';
      code: number | null;
      message: string;
      notice: NoticeSpec | null;
      /** What the session must do: count a login timeout, or end the session after a dialog. */
      session?: 'login-timeout' | 'logout';
    };

interface Envelope {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
  token_type?: unknown;
  status?: unknown;
}

const toast = (level: Notice['level'], duration: number, msg: { text?: string; key?: string }): NoticeSpec => ({
  kind: 'toast',
  level,
  duration,
  ...msg,
});

const dialog = (titleKey: string, key: string): NoticeSpec => ({ kind: 'dialog', level: 'error', titleKey, key });

export function interpret(answer: Answer): Outcome {
  const body = (typeof answer.body === 'object' && answer.body !== null ? answer.body : {}) as Envelope;
  const msg = typeof body.msg === 'string' && body.msg !== '' ? body.msg : undefined;
  const code = typeof body.code === 'number' ? body.code : null;
  const reject = (notice: NoticeSpec | null, message: string, session?: 'login-timeout' | 'logout'): Outcome => ({
    type: 'reject',
    code,
    message,
    notice,
    ...(session ? { session } : {}),
  });

  if (answer.status === 0) return reject(toast('error', 5000, { key: 'http.networkTimeout' }), 'network timeout');
  if (answer.status >= 500 || body.status === 500)
    return reject(toast('error', 5000, { key: 'http.cannotConnect' }), 'cannot connect to the server');
  if (body.token_type === 'bearer') return { type: 'whole', body: answer.body };
  if (answer.status === 400 && code === 40403)
    return reject(toast('error', 5000, msg ? { text: msg } : { key: 'http.requestError' }), msg ?? 'request error');

  switch (code) {
    case 0:
      return { type: 'data', data: body.data };
    case -1:
      return reject(toast('error', 2000, msg ? { text: msg } : { key: 'http.requestError' }), msg ?? 'request error');
    case 40101:
      // Counted by the session: the first two are silent, the third raises the dialog.
      return reject(null, msg ?? 'session expired', 'login-timeout');
    case 40102:
      return reject(dialog('http.loggedElsewhere.title', 'http.loggedElsewhere.message'), msg ?? 'logged in elsewhere', 'logout');
    case 40301:
      return reject(toast('warning', 2000, { key: 'http.noPermission' }), msg ?? 'no function permission');
    case 40401:
      return reject(dialog('http.illegalLicense.title', 'http.illegalLicense.message'), msg ?? 'illegal license', 'logout');
    case null:
      if (answer.status >= 200 && answer.status < 300) return { type: 'data', data: answer.body };
      return reject(toast('error', 5000, msg ? { text: msg } : { key: 'http.requestError' }), msg ?? `HTTP ${answer.status}`);
    default:
      return reject(toast('error', 5000, msg ? { text: msg } : { key: 'http.requestError' }), msg ?? `code ${code}`);
  }
}

/** The dialog raised on the third consecutive login timeout. */
export const SESSION_EXPIRED_DIALOG: NoticeSpec = dialog('http.sessionExpired.title', 'http.sessionExpired.message');
