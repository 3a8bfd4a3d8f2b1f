// Shared by the wall-* specs and the wall benchmark: open the wall embed page signed in, reset and
// read the stored wall config, and find panes and list rows inside the element's shadow root.
import type { Locator, Page } from '@playwright/test';
import { call } from './video-helpers.ts';

export const WALL_KEY = 'videoWallConfig';

export async function openWall(page: Page, token: string, query = ''): Promise<Locator> {
  await page.goto(`/embed/wall-test.html${query}`);
  await page.waitForFunction(() => Boolean((window as { Atrium?: unknown }).Atrium) && Boolean(customElements.get('atrium-video-wall')));
  await page.evaluate((t) => (window as unknown as { Atrium: { configure(o: object): void } }).Atrium.configure({ token: t, lang: 'en', reloadOnLogout: false }), token);
  return page.locator('#wall');
}

export interface StoredWall {
  id: number;
  customKey: string;
  customValue: string;
  version: number;
}

export async function storedWall(base: string, token: string): Promise<StoredWall | null> {
  const body = await call(base, token, 'GET', '/api/admin/custom/data', { query: { customKey: WALL_KEY } });
  return (body.data as StoredWall[])[0] ?? null;
}

/** Empties the stored wall so each test starts from blank panes. */
export async function resetWall(base: string, token: string): Promise<void> {
  const item = await storedWall(base, token);
  if (item) await call(base, token, 'PUT', '/api/admin/custom/data', { body: { id: item.id, customKey: WALL_KEY, customValue: '[]', version: item.version } });
}

export const pane = (wall: Locator, n: number): Locator => wall.locator(`[data-pane="${n}"]`);
export const row = (wall: Locator, cameraId: number): Locator => wall.locator(`[role=option][data-camera-id="${cameraId}"]`);

/** True once the pane's <video> shows decoded pictures with time moving. */
export async function paneIsPlaying(wall: Locator, n: number): Promise<boolean> {
  const read = () =>
    wall.evaluate((el, n) => {
      const v = el.shadowRoot?.querySelector<HTMLVideoElement>(`[data-pane="${n}"] video`);
      return v ? { w: v.videoWidth, t: v.currentTime } : null;
    }, n);
  const a = await read();
  if (!a || a.w === 0 || a.t === 0) return false;
  await new Promise((r) => setTimeout(r, 400));
  const b = await read();
  return Boolean(b && b.t > a.t);
}
