// Sign-in actions for the login pages: password, SMS (with the resend countdown) and directory.
import { proxy } from 'valtio/vanilla';
import { requestSmsCode } from '../../shared/api/auth.ts';
import { http, RequestError } from '../../shared/http/index.ts';
import { login } from '../../shared/session/index.ts';

export const SMS_RESEND_SECONDS = 60;

export const smsCountdown = proxy({ seconds: 0 });
let timer: ReturnType<typeof setInterval> | null = null;

function startCountdown(): void {
  if (timer) clearInterval(timer);
  smsCountdown.seconds = SMS_RESEND_SECONDS;
  // eslint-disable-next-line no-restricted-syntax -- a clock, not a poll: the resend countdown asks nothing and must keep counting in a hidden tab
  timer = setInterval(() => {
    smsCountdown.seconds -= 1;
    if (smsCountdown.seconds <= 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  }, 1000);
}

/** A message the form shows: the server's own text when it gave one, else a generic one. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof RequestError && error.message ? error.message : fallback;
}

/** Asks the platform to text a code; the countdown starts only when it did (the form says so inline). */
export async function sendSmsCode(phone: string): Promise<void> {
  await requestSmsCode(http, phone.trim());
  startCountdown();
}

export const signInWithPassword = (username: string, password: string, captcha: string) =>
  login({ username, password, model: 'password', verifyCode: captcha.trim() });

export const signInWithSms = (phone: string, code: string) =>
  login({ username: phone.trim(), password: '', model: 'sms', verifyCode: code.trim() });

/**
 * Directory (LDAP) sign-in: the same call with model "ldap"; the platform checks the account against
 * its directory. The shared LoginModel type does not list it yet (the demo platform has no directory).
 */
export const signInWithDirectory = (username: string, password: string, captcha: string) =>
  login({ username, password, model: 'ldap', verifyCode: captcha.trim() });
