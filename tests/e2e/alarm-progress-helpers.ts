// Shared by the alarm-* and progress-* specs and the polling benchmark: sign in against the real
// demo platform, open the embed test page signed in, and read the server's request log.
import type { Page } from '@playwright/test';
import type { Envelope } from '../../shared/api/types.ts';
import { api, login } from '../../demo/server/testing.ts';

export const CAPTCHA = '4242';
export const ALARM_COUNT_PATH = '/api/alarm/total/tenant';
export const PROGRESS_PATH = '/api/admin/progress';

export const signIn = (base: string, username: string, password: string): Promise<string> => login(base, username, password, CAPTCHA);

/** A signed /api call from the test, as `username`'s token. */
export const call = <T = unknown>(base: string, token: string, method: string, path: string, options: { body?: unknown; query?: Record<string, string> } = {}) =>
  api(base, method, path, { token, ...options }).then((r) => r.body as Envelope<T> & { data: T });

/** Opens the embed page with two bells and two task badges, signed in with `token`, in English. */
export async function openEmbed(page: Page, token: string, path = '/embed/bell-test.html'): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => Boolean((window as { Atrium?: unknown }).Atrium));
  await page.evaluate((t) => (window as unknown as { Atrium: { configure(o: object): void } }).Atrium.configure({ token: t, lang: 'en', reloadOnLogout: false }), token);
}

/** The text of a bell's count ('' when no count is shown). */
export const bellCount = (page: Page, id = 'bell-1') => page.locator(`#${id}`).locator('[data-part=count]');

export async function clearRequests(base: string): Promise<void> {
  await fetch(`${base}/__test/requests`, { method: 'DELETE' });
}

export async function requestsTo(base: string, path: string): Promise<Array<{ method: string; at: number }>> {
  const res = await fetch(`${base}/__test/requests?path=${encodeURIComponent(path)}`);
  return ((await res.json()) as { data: { requests: Array<{ method: string; at: number }> } }).data.requests;
}

export async function fault(base: string, rule: { path: string; count: number; delayMs?: number; code?: number; status?: number }): Promise<void> {
  const res = await fetch(`${base}/__test/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rule) });
  if (!res.ok) throw new Error(`fault switch answered ${res.status}`);
}

export async function createAlarms(base: string, body: { count: number; tenantId?: number }): Promise<void> {
  const res = await fetch(`${base}/__test/alarms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await res.json()) as { code: number; msg: string };
  if (answer.code !== 0) throw new Error(answer.msg);
}

/**
 * Headless Chromium reports every tab as visible and offers no switch to hide one, so tests drive
 * the Page Visibility API themselves: this init script makes document.visibilityState and
 * document.hidden follow window.__setHidden(bool), which also fires the real visibilitychange event.
 */
export const VISIBILITY_SCRIPT = () => {
  let hidden = false;
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => hidden });
  (window as unknown as { __setHidden(h: boolean): void }).__setHidden = (h: boolean) => {
    hidden = h;
    document.dispatchEvent(new Event('visibilitychange'));
  };
};
