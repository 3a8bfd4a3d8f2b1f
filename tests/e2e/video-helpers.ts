// Shared by the video-* specs and the video benchmark: sign in, open the camera embed page, add
// players, read their <video> inside the shadow root, and read the platform's test hooks.
import type { Locator, Page } from '@playwright/test';
import { api, login } from '../../demo/server/testing.ts';
import type { MediaStats } from '../../demo/media/index.ts';
import type { PtzCommandRecord } from '../../shared/api/video-types.ts';

export const CAPTCHA = '4242';
export const VIDEO_BASE = '/api/cctv/video/client';
export const HEART_PATH = `${VIDEO_BASE}/heart`;
export const SHUT_PATH = `${VIDEO_BASE}/shut`;
export const REQUEST_PATH = `${VIDEO_BASE}/request`;

export const signIn = (base: string, username: string, password: string): Promise<string> => login(base, username, password, CAPTCHA);

export const call = (base: string, token: string, method: string, path: string, options: { body?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {}) =>
  api(base, method, path, { token, ...options }).then((r) => r.body as { code: number; msg: string; data: any });

/** Opens the camera embed page signed in with `token` (English texts). */
export async function openVideoPage(page: Page, token: string): Promise<void> {
  await page.goto('/embed/video-test.html');
  await page.waitForFunction(() => Boolean((window as { Atrium?: unknown }).Atrium) && Boolean(customElements.get('atrium-video-player')));
  await page.evaluate((t) => (window as unknown as { Atrium: { configure(o: object): void } }).Atrium.configure({ token: t, lang: 'en', reloadOnLogout: false }), token);
}

/** Adds <atrium-video-player> with these attributes to the page; answers its locator. */
export async function addPlayer(page: Page, attrs: Record<string, string | boolean>, id = 'player'): Promise<Locator> {
  await page.evaluate(
    ({ attrs, id }) => {
      const el = document.createElement('atrium-video-player');
      el.id = id;
      for (const [k, v] of Object.entries(attrs)) if (v !== false) el.setAttribute(k, v === true ? '' : v);
      document.getElementById('stage')!.append(el);
    },
    { attrs, id },
  );
  return page.locator(`#${id}`);
}

export interface VideoProbe {
  width: number;
  height: number;
  time: number;
  paused: boolean;
  bufferEnd: number;
}

/** The state of every <video> inside a player's shadow root. */
export function probe(player: Locator): Promise<VideoProbe[]> {
  return player.evaluate((el) =>
    [...(el.shadowRoot?.querySelectorAll('video') ?? [])].map((v) => ({
      width: v.videoWidth,
      height: v.videoHeight,
      time: v.currentTime,
      paused: v.paused,
      bufferEnd: v.buffered.length ? v.buffered.end(v.buffered.length - 1) : 0,
    })),
  );
}

/** Waits until `count` videos of the player show decoded pictures with time advancing; answers when that happened. */
export async function waitForPlayback(page: Page, player: Locator, count = 1, timeoutMs = 10000): Promise<number> {
  const started = Date.now();
  let first: VideoProbe[] | null = null;
  for (;;) {
    const now = await probe(player);
    const decoding = now.length >= count && now.slice(0, count).every((v) => v.width > 0 && v.time > 0);
    if (decoding) {
      if (!first) first = now;
      else if (now.slice(0, count).every((v, i) => v.time > first![i]!.time)) return Date.now();
    }
    if (Date.now() - started > timeoutMs) throw new Error(`no playback after ${timeoutMs} ms: ${JSON.stringify(now)}`);
    await page.waitForTimeout(100);
  }
}

export async function clearRequests(base: string): Promise<void> {
  await fetch(`${base}/__test/requests`, { method: 'DELETE' });
}

export async function requestsTo(base: string, path: string): Promise<Array<{ method: string; at: number }>> {
  const res = await fetch(`${base}/__test/requests?path=${encodeURIComponent(path)}`);
  return ((await res.json()) as { data: { requests: Array<{ method: string; at: number }> } }).data.requests;
}

export async function ptzLog(base: string, cameraId: number, since: number): Promise<PtzCommandRecord[]> {
  const res = await fetch(`${base}/__test/ptz?cameraId=${cameraId}&since=${since}`);
  return ((await res.json()) as { data: PtzCommandRecord[] }).data;
}

/** Stops or restarts the media server (test hook; the API and play codes stay up). */
export async function mediaServer(base: string, action: 'stop' | 'start'): Promise<void> {
  const res = await fetch(`${base}/__test/media`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action }) });
  const body = (await res.json()) as { code: number; msg: string };
  if (body.code !== 0) throw new Error(body.msg);
}

export async function mediaStats(mediaBase: string): Promise<MediaStats> {
  return (await fetch(`${mediaBase}/__stats`)).json() as Promise<MediaStats>;
}

/** The media server's address for the API at `base` (the platform puts it on the next port). */
export function mediaBaseOf(base: string): string {
  const url = new URL(base);
  url.port = String(Number(url.port) + 1);
  return url.origin;
}

/**
 * Puts the page's timers on a clock the test can move ahead (it runs on its own otherwise) and makes
 * the page note each request as it sends it. Call before the page loads. Answers how many requests
 * to `path` the page has sent: read right after moving the clock, "none sent" needs no waiting.
 */
export async function controlTime(page: Page): Promise<(path: string) => Promise<number>> {
  await page.clock.install();
  await page.addInitScript(() => {
    const sent: string[] = [];
    (window as unknown as { __sent: string[] }).__sent = sent;
    const send = window.fetch.bind(window);
    window.fetch = (input, init) => {
      sent.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      return send(input, init);
    };
  });
  return (path) => page.evaluate((p) => (window as unknown as { __sent: string[] }).__sent.filter((url) => url.includes(p)).length, path);
}
