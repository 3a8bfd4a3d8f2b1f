// Short-lived one-time codes: captcha answers bound to a browser cookie, and SMS codes per phone.
// Kept in memory on purpose: they live minutes, and a restart only asks users for a new code.
import { randomBytes, randomInt } from 'node:crypto';
import svgCaptcha from 'svg-captcha';

export const CAPTCHA_TTL_MS = 5 * 60_000;
export const SMS_TTL_MS = 5 * 60_000;
export const SMS_RESEND_MS = 60_000;
const SMS_MAX_ATTEMPTS = 5;
/** Bounds memory if someone requests captchas in a loop. */
const MAX_CAPTCHAS = 20_000;
// Characters people confuse (0/o, 1/l/i) are left out.
const CAPTCHA_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

type RenderSvg = (text: string, options?: { width?: number; height?: number; noise?: number; color?: boolean; background?: string; fontSize?: number }) => string;
// svg-captcha's module value is itself the renderer; its typings only declare the named helpers.
const renderSvg = svgCaptcha as unknown as RenderSvg;

export class CaptchaStore {
  private readonly answers = new Map<string, { answer: string; expiresAt: number }>();
  private readonly fixed: string | null;

  constructor(fixed: string | null) {
    this.fixed = fixed;
  }

  /** A new captcha: its id (for the cookie) and the SVG image. */
  create(now = Date.now()): { id: string; svg: string } {
    if (this.answers.size >= MAX_CAPTCHAS) this.prune(now);
    if (this.answers.size >= MAX_CAPTCHAS) {
      const oldest = this.answers.keys().next();
      if (!oldest.done) this.answers.delete(oldest.value);
    }
    let text = this.fixed ?? '';
    if (!this.fixed) for (let i = 0; i < 4; i += 1) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
    const id = randomBytes(18).toString('base64url');
    this.answers.set(id, { answer: text.toLowerCase(), expiresAt: now + CAPTCHA_TTL_MS });
    return { id, svg: renderSvg(text, { width: 120, height: 40, noise: 2, color: true, background: '#f5f7fa', fontSize: 44 }) };
  }

  /** Checks an answer and burns the captcha either way, so one image allows one guess. */
  take(id: string | undefined, answer: string, now = Date.now()): boolean {
    const given = answer.trim().toLowerCase();
    if (!id) return false;
    const entry = this.answers.get(id);
    this.answers.delete(id);
    return !!entry && entry.expiresAt > now && given !== '' && entry.answer === given;
  }

  /** Only for tests: the answer of a captcha without using it up. */
  peek(id: string): string | undefined {
    return this.answers.get(id)?.answer;
  }

  prune(now = Date.now()): void {
    for (const [id, entry] of this.answers) if (entry.expiresAt <= now) this.answers.delete(id);
  }
}

export class SmsStore {
  private readonly codes = new Map<string, { code: string; sentAt: number; expiresAt: number; attempts: number }>();
  private readonly fixed: string | null;

  constructor(fixed: string | null) {
    this.fixed = fixed;
  }

  /** A new code for the phone, or null when one was sent less than a minute ago. */
  issue(phone: string, now = Date.now()): string | null {
    const current = this.codes.get(phone);
    if (current && now - current.sentAt < SMS_RESEND_MS) return null;
    const code = this.fixed ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.codes.set(phone, { code, sentAt: now, expiresAt: now + SMS_TTL_MS, attempts: 0 });
    return code;
  }

  /** True when the code matches; a match uses it up, and so do too many wrong guesses. */
  verify(phone: string, code: string, now = Date.now()): boolean {
    const entry = this.codes.get(phone);
    if (!entry || entry.expiresAt <= now) return false;
    if (entry.code === code.trim()) {
      this.codes.delete(phone);
      return true;
    }
    entry.attempts += 1;
    if (entry.attempts >= SMS_MAX_ATTEMPTS) entry.expiresAt = 0;
    return false;
  }

  prune(now = Date.now()): void {
    for (const [phone, entry] of this.codes) {
      if (entry.expiresAt <= now && now - entry.sentAt >= SMS_RESEND_MS) this.codes.delete(phone);
    }
  }
}
