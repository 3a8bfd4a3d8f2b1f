// Benchmark of replay like an NVR (issue 22), headless Chromium against the real demo platform on
// loopback, a busy camera (300+ recordings a day):
//   1. seek: releasing a drag on the timeline → the first picture whose burnt-in time is the target
//      (target ≤ 500 ms median);
//   2. the timeline while dragging across a day of 300+ segments: frame intervals and long tasks
//      (target ≤ 16 ms per frame of work, no long task over 50 ms);
//   3. 8× playback for REPLAY_BENCH_SECONDS (default 300): stalls, restarts, buffer ahead over time,
//      and the JS heap after GC before and after (targets: no stall, no growing latency, heap flat).
// Run: npm run build && node --experimental-strip-types tests/bench/replay.ts
// Writes tests/bench/results/replay.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Locator, type Page } from 'playwright';
import { findChromium, CHROMIUM_ARGS } from '../chromium.ts';
import { addPlayer, call, openVideoPage, signIn } from '../e2e/video-helpers.ts';
import { CLOCK_BITS, CLOCK_STRIP } from '../../demo/media/timed-replay.ts';
import { snapToPlayable, type RecordSegment } from '../../shared/media/recording.ts';
import { heapMB } from './lib/heap.ts';
import { startPlatform } from '../e2e/wall-helpers.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SECONDS = Number(process.env.REPLAY_BENCH_SECONDS ?? 300);
const SEEKS = Number(process.env.REPLAY_BENCH_SEEKS ?? 20);
const CAMERA = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pad = (n: number) => String(n).padStart(2, '0');
const y = new Date(Date.now() - 24 * 3600_000);
const DAY = `${y.getFullYear()}-${pad(y.getMonth() + 1)}-${pad(y.getDate())}`;
const DAY_START = new Date(y.getFullYear(), y.getMonth(), y.getDate()).getTime();

const quantile = (xs: number[], q: number): number | null => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]! : null);
const round = (x: number | null, d = 1) => (x === null ? null : Number(x.toFixed(d)));
const summary = (xs: number[], d = 1) => ({ n: xs.length, median: round(quantile(xs, 0.5), d), p95: round(quantile(xs, 0.95), d), max: round(xs.length ? Math.max(...xs) : null, d) });

/** In the page: resolves with ms from the track's next pointerup to a picture showing `second` (±2 s). */
function armSeekWatch(player: Locator, second: number): Promise<number> {
  return player.evaluate(
    (el, { second, strip }) =>
      new Promise<number>((resolve, reject) => {
        const root = el.shadowRoot!;
        const track = root.querySelector('[role=slider]')!;
        const canvas = document.createElement('canvas');
        const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
        const read = (v: HTMLVideoElement) => {
          canvas.width = v.videoWidth;
          canvas.height = v.videoHeight;
          ctx.drawImage(v, 0, 0);
          let value = 0;
          for (let k = 0; k < strip.bits; k++) {
            const [r, g, b] = ctx.getImageData(strip.x0 + k * strip.step + strip.size / 2, strip.y0 + strip.size / 2, 1, 1).data;
            value = value * 2 + ((r! + g! + b!) / 3 > 128 ? 1 : 0);
          }
          return value;
        };
        track.addEventListener(
          'pointerup',
          () => {
            const t0 = performance.now();
            const check = () => {
              const v = root.querySelector('[data-pane=replay] video') as HTMLVideoElement | null;
              if (v && v.videoWidth && v.readyState >= 2 && Math.abs(read(v) - second) <= 2) return resolve(performance.now() - t0);
              if (performance.now() - t0 > 10_000) return reject(new Error(`no picture at ${second}`));
              requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          },
          { once: true },
        );
      }),
    { second, strip: { ...CLOCK_STRIP, bits: CLOCK_BITS } },
  );
}

async function main(): Promise<void> {
  const platform = await startPlatform({});
  const base = platform.base;
  const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
  const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version, browser: browser.version(), camera: CAMERA };
  const met: Record<string, boolean> = {};
  try {
    const token = await signIn(base, 'admin', 'admin123');
    const segments = (await call(base, token, 'GET', '/api/cctv/video/client/record', { query: { id: String(CAMERA), day: DAY } })).data[0].segments as RecordSegment[];
    results.segments = segments.length;
    const page: Page = await (await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } })).newPage();
    await openVideoPage(page, token);
    const player = await addPlayer(page, { 'camera-id': String(CAMERA), 'play-type': '1', 'start-time': `${DAY} 09:00:00`, 'end-time': `${DAY} 23:59:59`, muted: true });
    await page.evaluate(() => {
      const p = document.getElementById('player')!;
      p.style.width = '1200px';
      p.style.height = '600px';
    });
    await player.locator('[data-pane=replay][data-status=playing]').waitFor({ timeout: 15_000 });
    const track = player.locator('[role=slider]');
    await track.locator('[data-segment]').first().waitFor();
    const box = (await track.boundingBox())!;
    const mid = box.y + box.height / 2;

    // 1. Seeks to spread-out instants of the day (each a drag released over the track).
    const seeks: number[] = [];
    for (let i = 0; i < SEEKS; i++) {
      const ratio = 0.05 + ((i * 0.37) % 0.9);
      const x = box.x + ratio * box.width;
      const targetMs = Math.round(DAY_START + ratio * 86_400_000);
      const landed = snapToPlayable(segments, targetMs)!;
      const second = Math.round((landed - DAY_START) / 1000);
      await page.mouse.move(x - 20, mid);
      await page.mouse.down();
      await page.mouse.move(x, mid, { steps: 3 });
      const watch = armSeekWatch(player, second);
      await sleep(50);
      await page.mouse.up();
      seeks.push(await watch);
      console.log(`seek ${i + 1}: ${Math.round(seeks[seeks.length - 1]!)} ms`);
      await sleep(700);
    }
    results.seekMs = { ...summary(seeks, 0), all: seeks.map(Math.round) };
    met.seek = (quantile(seeks, 0.5) ?? Infinity) <= 500;
    console.log('seek (ms):', results.seekMs);

    // 2. Dragging across the whole day: the browser's own work per frame (script, style, layout, from
    // its performance metrics), pointer events whose handling took longer than a frame (Event Timing),
    // long tasks, and frame intervals — while the replay keeps playing.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const work = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
      return (get('ScriptDuration') + get('LayoutDuration') + get('RecalcStyleDuration')) * 1000;
    };
    await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __long: number[]; __slowEvents: number[]; __run: boolean };
      w.__frames = [];
      w.__long = [];
      w.__slowEvents = [];
      w.__run = true;
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__long.push(e.duration))).observe({ type: 'longtask', buffered: false });
      new PerformanceObserver((list) =>
        list.getEntries().forEach((e) => {
          const t = e as PerformanceEventTiming;
          if (t.name.startsWith('pointer')) w.__slowEvents.push(t.processingEnd - t.processingStart);
        }),
      ).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
      let last = performance.now();
      const tick = () => {
        const now = performance.now();
        w.__frames.push(now - last);
        last = now;
        if (w.__run) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.mouse.move(box.x + 2, mid);
    await page.mouse.down();
    const workBefore = await work();
    await page.mouse.move(box.x + box.width - 2, mid, { steps: 240 });
    await page.mouse.move(box.x + 2, mid, { steps: 240 });
    const workAfter = await work();
    const drag = await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __long: number[]; __slowEvents: number[]; __run: boolean };
      w.__run = false;
      return { frames: w.__frames.slice(1), long: w.__long, slowEvents: w.__slowEvents };
    });
    await page.mouse.up();
    await sleep(1500);
    const workPerFrame = (workAfter - workBefore) / Math.max(1, drag.frames.length);
    results.drag = {
      segmentsShown: await track.locator('[data-segment]').count(),
      pointerMoves: 480,
      workPerFrameMs: round(workPerFrame, 2),
      pointerEventsOver16msHandling: drag.slowEvents.filter((d) => d > 16).length,
      frameIntervalMs: summary(drag.frames, 1),
      longTasks: drag.long.length,
      longestTaskMs: round(drag.long.length ? Math.max(...drag.long) : 0, 0),
    };
    met.drag = drag.long.every((d) => d <= 50) && workPerFrame <= 16 && drag.slowEvents.every((d) => d <= 16);
    console.log('drag:', results.drag);

    // 3. 8× from the first recording of the day, for SECONDS.
    await page.mouse.move(box.x + 1, mid);
    await page.mouse.down();
    await page.mouse.up();
    await player.locator('button[data-rate="8"]').click();
    await player.locator('[data-pane=replay][data-status=playing]').waitFor({ timeout: 15_000 });
    await sleep(3000);
    const heapBefore = await heapMB(page);
    const samples: Array<{ t: number; ahead: number; status: string; restarts: number }> = [];
    const started = Date.now();
    while (Date.now() - started < SECONDS * 1000) {
      await sleep(1000);
      const s = await player.evaluate((el) => {
        const v = el.shadowRoot!.querySelector('[data-pane=replay] video') as HTMLVideoElement | null;
        const stats = (el as unknown as { stats(): Array<{ status: string; restarts?: number }> }).stats().find((p) => p) ?? { status: 'none' };
        return { ahead: v && v.buffered.length ? v.buffered.end(v.buffered.length - 1) - v.currentTime : -1, status: stats.status, restarts: stats.restarts ?? 0 };
      });
      samples.push({ t: (Date.now() - started) / 1000, ...s });
    }
    const heapAfter = await heapMB(page);
    const win = Math.max(5, Math.floor(SECONDS / 5));
    const first = samples.filter((s) => s.t <= win).map((s) => s.ahead);
    const last = samples.filter((s) => s.t > SECONDS - win).map((s) => s.ahead);
    const notPlaying = samples.filter((s) => s.status !== 'playing').length;
    const restarts = samples.length ? samples[samples.length - 1]!.restarts : 0;
    results.fast = {
      seconds: SECONDS,
      rate: 8,
      bufferAheadS: summary(samples.map((s) => s.ahead), 2),
      firstWindowMedianAheadS: round(quantile(first, 0.5), 2),
      lastWindowMedianAheadS: round(quantile(last, 0.5), 2),
      samplesNotPlaying: notPlaying,
      restarts,
      heapBeforeMB: heapBefore,
      heapAfterMB: heapAfter,
      heapGrowthMB: round(heapAfter - heapBefore, 2),
    };
    met.fast = notPlaying === 0 && restarts === 0 && heapAfter - heapBefore < 2;
    console.log('8x:', results.fast);
  } finally {
    await browser.close();
    await platform.stop();
  }
  results.met = met;
  mkdirSync(join(ROOT, 'tests/bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'tests/bench/results/replay.json'), JSON.stringify(results, null, 2) + '\n');
  console.log('wrote tests/bench/results/replay.json', met);
  process.exit(Object.values(met).every(Boolean) ? 0 : 1);
}

await main();
