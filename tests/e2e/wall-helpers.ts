// Shared by the wall-* specs and the wall benchmark: open the wall embed page signed in, reset and
// read the stored wall config, and find panes and list rows inside the element's shadow root.
import type { Locator, Page } from '@playwright/test';
import { call } from './video-helpers.ts';
import { PLATFORM_NODE_FLAGS } from '../../demo/server/node-flags.ts';
import { fromTemplate, TEMPLATE_ENV } from '../../demo/server/test-template.ts';

export const WALL_KEY = 'videoWallConfig';

export async function openWall(page: Page, token: string, query = '', base = ''): Promise<Locator> {
  await page.goto(`${base}/embed/wall-test.html${query}`);
  await page.waitForFunction(() => Boolean((window as { Atrium?: unknown }).Atrium) && Boolean(customElements.get('atrium-video-wall')), undefined, { polling: 100 });
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

/**
 * True once the pane's <video> shows decoded pictures with time moving; otherwise a short account of
 * the pane (status, picture size, time, ready state), so a failed poll says what the pane was doing.
 */
export async function paneIsPlaying(wall: Locator, n: number): Promise<true | string> {
  const read = () =>
    wall.evaluate((el, n) => {
      const p = el.shadowRoot?.querySelector<HTMLElement>(`[data-pane="${n}"]`);
      const v = p?.querySelector<HTMLVideoElement>('video');
      return { status: p?.dataset.status ?? 'no pane', w: v?.videoWidth ?? -1, t: v?.currentTime ?? -1, ready: v?.readyState ?? -1, paused: v?.paused ?? null };
    }, n);
  const a = await read();
  const account = (s: typeof a) => `status=${s.status} width=${s.w} time=${s.t} ready=${s.ready} paused=${s.paused}`;
  if (a.w <= 0 || a.t <= 0) return account(a);
  await new Promise((r) => setTimeout(r, 400));
  const b = await read();
  return b.t > a.t ? true : `not moving: ${account(b)}`;
}

export interface Platform {
  /** http://localhost:<port> */
  base: string;
  port: number;
  /** The media server's port (live video). */
  mediaPort: number;
  /** The platform's throwaway data folder (removed by stop()). */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * A demo platform of its own (node demo/server/main.ts) with extra env, e.g. ATRIUM_SEED_CAMERAS —
 * or a function of its ports answering the extra env. Fixed captcha 4242 and the test switch on.
 */
export async function startPlatform(env: Record<string, string> | ((ports: { port: number; mediaPort: number }) => Record<string, string>)): Promise<Platform> {
  // The two ports are found free, then taken by the platform a moment later: on a busy machine another
  // process may take one in between (EADDRINUSE). Then the start is tried again on other ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startPlatformOnce(env);
    } catch (error) {
      if (attempt >= 5 || !String((error as Error).message).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startPlatformOnce(env: Record<string, string> | ((ports: { port: number; mediaPort: number }) => Record<string, string>)): Promise<Platform> {
  const { spawn } = await import('node:child_process');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { createServer } = await import('node:net');
  const freePort = () =>
    new Promise<number>((resolve, reject) => {
      const s = createServer();
      s.once('error', reject);
      s.listen(0, 'localhost', () => {
        const a = s.address();
        s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
      });
    });
  // The media server listens on the next port (video-helpers.ts mediaBaseOf, as a deployment's default).
  const isFree = (p: number) =>
    new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(p, 'localhost', () => s.close(() => resolve(true)));
    });
  let port = await freePort();
  for (let attempt = 0; attempt < 50 && !(await isFree(port + 1)); attempt++) port = await freePort();
  const mediaPort = port + 1;
  const extra = typeof env === 'function' ? env({ port, mediaPort }) : env;
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-wall-'));
  // The run's seeded template (global-setup.ts), unless this platform seeds something of its own.
  const template = process.env[TEMPLATE_ENV];
  if (template && !Object.keys(extra).some((key) => key.startsWith('ATRIUM_SEED_'))) fromTemplate(template, dataDir);
  const child = spawn(process.execPath, [...PLATFORM_NODE_FLAGS, 'demo/server/main.ts'], {
    env: { ...process.env, PORT: String(port), MEDIA_PORT: String(mediaPort), ATRIUM_DATA: dataDir, ATRIUM_FIXED_CAPTCHA: '4242', ATRIUM_FAULTS: '1', ...extra },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // The platform's last words, for a start that fails.
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)));
  let exited = false;
  child.once('exit', () => void (exited = true));
  const base = `http://localhost:${port}`;
  const until = Date.now() + 200000;
  for (;;) {
    try {
      if ((await fetch(`${base}/jwt/captcha`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (exited || Date.now() > until) {
      if (!exited) child.kill('SIGTERM');
      // Its last words may still be on their way when it exits.
      else if (child.stderr && !child.stderr.readableEnded) await new Promise((r) => child.stderr!.once('close', r));
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the demo platform did not start${exited ? ' (it exited)' : ''}\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    port,
    mediaPort,
    dataDir,
    stop: async () => {
      if (!exited) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
