// Benchmark of the two monitors (issue 17): each page open for an hour of live updates, with a fast
// clock — the platform samples itself every 100 ms instead of 5 s (ATRIUM_MONITOR_MS), so 72 s bring
// an hour's 720 samples, and the page's own polling timers run 60 times faster — while the point
// simulator sends changes through the event queue every second. The JS heap after GC is compared
// between the start (after the first charts) and the end. Target: ≤ 10 MB growth per page.
// Run: npm run build && node tests/bench/monitors.ts — writes tests/bench/results/monitors.json;
// exits 1 when a target is missed.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, findChromium } from '../chromium.ts';
import { heapMB } from './lib/heap.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TARGETS = { heapGrowthMB: 10 };
const SPEED = 60;
const REAL_SECONDS = 72;

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = createServer().listen(0, 'localhost', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

/** The page's polling delays of a second or more run SPEED times faster. */
const FAST_TIMERS = (speed: number) => {
  const original = window.setTimeout.bind(window);
  window.setTimeout = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => original(fn, ms !== undefined && ms >= 1000 ? ms / speed : ms, ...args)) as typeof window.setTimeout;
};

async function main(): Promise<void> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-monitors-'));
  const server = spawn(process.execPath, ['--experimental-strip-types', '--experimental-sqlite', 'demo/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), MEDIA_PORT: String(await freePort()), ATRIUM_DATA: dataDir, ATRIUM_FIXED_CAPTCHA: '4242', ATRIUM_MONITOR_MS: '100', ATRIUM_POINT_INTERVAL_MS: '1000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
  let failed: boolean;
  try {
    for (let i = 0; i < 100; i++) {
      if (await fetch(`${base}/jwt/captcha`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const login = await fetch(`${base}/jwt/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'vendor', password: 'vendor123', model: 'password', verifyCode: '4242' }),
    });
    const { token } = (await login.json()) as { token: string };

    const pages: Record<string, { heapBeforeMB: number; heapAfterMB: number; heapGrowthMB: number; polls: number; shown: string }> = {};
    for (const [path, ready, call] of [
      ['/clustermonitor', '[data-testid=chart-memory] canvas', '/api/monitor/cluster'],
      ['/mqmonitor', '[data-testid="chart-point.changed"] canvas', '/api/monitor/mq'],
    ] as const) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      await context.addInitScript(() => localStorage.setItem('atrium.tourSeen.vendor', '1'));
      await context.addInitScript(FAST_TIMERS, SPEED);
      const page = await context.newPage();
      let polls = 0;
      page.on('response', (r) => {
        if (r.url().includes(call)) polls += 1;
      });
      await page.goto(`${base}${path}?token=${encodeURIComponent(token)}`);
      await page.waitForSelector(ready, { timeout: 30_000 });
      await page.waitForTimeout(3000);
      const before = await heapMB(page);
      await page.waitForTimeout(REAL_SECONDS * 1000);
      const after = await heapMB(page);
      const shown = (await page.locator('[data-page] section').first().textContent())?.slice(0, 80) ?? '';
      pages[path] = { heapBeforeMB: before, heapAfterMB: after, heapGrowthMB: round(after - before), polls, shown };
      await context.close();
    }

    const results = {
      benchmark: 'cluster and queue monitors: an hour of live updates (fast clock), JS heap after GC',
      measuredAt: new Date().toISOString(),
      simulated: { samplesPerNode: (REAL_SECONDS * 1000) / 100, pollSpeedup: SPEED, realSecondsPerPage: REAL_SECONDS },
      pages,
      targets: TARGETS,
    };
    failed = Object.values(pages).some((p) => p.heapGrowthMB > TARGETS.heapGrowthMB || p.polls < 100);
    mkdirSync(join(ROOT, 'tests/bench/results'), { recursive: true });
    writeFileSync(join(ROOT, 'tests/bench/results/monitors.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log(JSON.stringify(results, null, 2));
  } finally {
    await browser.close();
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

void main();
