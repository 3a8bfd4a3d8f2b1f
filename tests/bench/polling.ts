// Benchmark of shared polling (issue 6): three tabs, each with two alarm bells and two task badges,
// signed in as admin against a real demo platform, for 60 s. The server's request log must show one
// alarm-count and one progress request per 5 s in total; the hidden tab must send none of its own;
// on becoming visible its bell must show a changed count within 1 s; and when the polling tab closes,
// another takes over in rhythm.
// Run: npx vite build && npx vite build --mode kit && node tests/bench/polling.ts [seconds]
// Writes tests/bench/results/polling.json.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright';
import { findChromium, CHROMIUM_ARGS } from '../chromium.ts';
import {
  ALARM_COUNT_PATH,
  PROGRESS_PATH,
  VISIBILITY_SCRIPT,
  clearRequests,
  createAlarms,
  openEmbed,
  requestsTo,
  signIn,
} from '../e2e/alarm-progress-helpers.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SECONDS = Number(process.argv[2] ?? 60);
const INTERVAL_MS = 5000;
const VISIBILITY_ROUNDS = 5;
const port = 19000 + (process.pid % 400) * 2;
const base = `http://localhost:${port}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['demo/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      MEDIA_PORT: String(port + 1),
      ATRIUM_DATA: dataDir,
      ATRIUM_FIXED_CAPTCHA: '4242',
      ATRIUM_FAULTS: '1',
      ATRIUM_ALARM_RATE: '0',
    },
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
  });
  return child;
}

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/jwt/captcha`)).ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  throw new Error('demo platform did not start');
}

function stats(times: number[]) {
  const gaps = times.slice(1).map((t, i) => t - times[i]!);
  const mean = gaps.length ? gaps.reduce((a, b) => a + b, 0) / gaps.length : 0;
  return {
    requests: times.length,
    gapMinMs: gaps.length ? Math.min(...gaps) : null,
    gapMaxMs: gaps.length ? Math.max(...gaps) : null,
    gapMeanMs: Math.round(mean),
  };
}

/** Requests in each consecutive 5 s window of the measurement (the target is exactly 1 in each). */
function perWindow(times: number[], start: number, end: number): number[] {
  const windows: number[] = [];
  for (let t = start; t + INTERVAL_MS <= end; t += INTERVAL_MS) windows.push(times.filter((x) => x >= t && x < t + INTERVAL_MS).length);
  return windows;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? null;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-'));
  const server = startServer(dataDir);
  const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
  try {
    await waitForServer();
    const token = await signIn(base, 'admin', 'admin123');
    const context = await browser.newContext({ baseURL: base });
    await context.addInitScript(VISIBILITY_SCRIPT);

    // What each tab sends, seen from the browser side (the server log cannot tell tabs apart).
    const sentBy: Array<{ alarm: number[]; progress: number[] }> = [];
    const tabs: Page[] = [];
    for (let i = 0; i < 3; i++) {
      const page = await context.newPage();
      const sent = { alarm: [] as number[], progress: [] as number[] };
      sentBy.push(sent);
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (path === ALARM_COUNT_PATH) sent.alarm.push(Date.now());
        if (path === PROGRESS_PATH && r.method() === 'GET') sent.progress.push(Date.now());
      });
      if (i === 2) await page.addInitScript(() => (window as unknown as { __setHidden(h: boolean): void }).__setHidden?.(true));
      await openEmbed(page, token);
      tabs.push(page);
    }
    const hiddenTab = tabs[2]!;
    await hiddenTab.evaluate(() => (window as unknown as { __setHidden(h: boolean): void }).__setHidden(true));
    for (const [i, page] of tabs.entries()) {
      await page
        .locator('#bell-2 [data-part=count]')
        .waitFor({ timeout: 15_000 })
        .catch(async (error: Error) => {
          // What the kit's registry knows in each tab, to tell a dead session from a dead poller.
          const probe = () => {
            type Reg = { singletons: Map<string, { state?: object; users?: number; user?: { id: number } | null; infoStatus?: string }> };
            const reg = (globalThis as unknown as Record<symbol, Reg>)[Symbol.for('atrium')]!.singletons;
            const poller = reg.get('poll:alarm-total');
            const session = reg.get('session');
            return { hidden: document.visibilityState, state: { ...poller?.state }, users: poller?.users, user: session?.user?.id, info: session?.infoStatus };
          };
          const state = await Promise.all(tabs.map((t) => t.evaluate(probe)));
          throw new Error(`tab ${i + 1} shows no count: ${JSON.stringify(state)} (${error.message})`);
        });
    }
    await sleep(INTERVAL_MS + 500); // let the election settle

    // Steady state.
    await clearRequests(base);
    for (const s of sentBy) {
      s.alarm.length = 0;
      s.progress.length = 0;
    }
    const start = Date.now();
    console.log(`measuring ${SECONDS} s: 3 tabs × (2 bells + 2 badges), tab 3 hidden…`);
    await sleep(SECONDS * 1000);
    const end = Date.now();
    const alarmTimes = (await requestsTo(base, ALARM_COUNT_PATH)).map((r) => r.at).filter((t) => t >= start && t < end);
    const progressTimes = (await requestsTo(base, PROGRESS_PATH)).filter((r) => r.method === 'GET').map((r) => r.at).filter((t) => t >= start && t < end);
    const fromTabs = sentBy.map((s) => ({ alarm: s.alarm.filter((t) => t >= start && t < end).length, progress: s.progress.filter((t) => t >= start && t < end).length }));

    // Hidden → visible: the count changes while the tab is hidden; how soon does its bell show it?
    const revealMs: number[] = [];
    const revealRequests: number[] = [];
    let expected = Number(await tabs[0]!.locator('#bell-1 [data-part=count]').textContent());
    for (let round = 0; round < VISIBILITY_ROUNDS; round++) {
      await hiddenTab.evaluate(() => (window as unknown as { __setHidden(h: boolean): void }).__setHidden(true));
      await sleep(1500 + Math.random() * 2500); // anywhere in the poll cycle
      await createAlarms(base, { count: 1, tenantId: 1 });
      expected += 1;
      const before = sentBy[2]!.alarm.length;
      const shown = hiddenTab.waitForFunction(
        (want) => document.querySelector('#bell-1')?.shadowRoot?.querySelector('[data-part=count]')?.textContent === String(want),
        expected,
        { timeout: 10_000, polling: 20 },
      );
      const t0 = Date.now();
      await hiddenTab.evaluate(() => (window as unknown as { __setHidden(h: boolean): void }).__setHidden(false));
      await shown;
      revealMs.push(Date.now() - t0);
      revealRequests.push(sentBy[2]!.alarm.length - before);
    }

    // The leader tab closes: another visible tab takes over without a gap or a double poll.
    await sleep(INTERVAL_MS);
    const closedAt = Date.now();
    await tabs[0]!.close();
    await sleep(3 * INTERVAL_MS);
    const handover = (await requestsTo(base, ALARM_COUNT_PATH)).map((r) => r.at).filter((t) => t >= closedAt - INTERVAL_MS);
    const handoverStats = stats(handover);

    const alarm = { ...stats(alarmTimes), perWindow: perWindow(alarmTimes, start, end) };
    const progress = { ...stats(progressTimes), perWindow: perWindow(progressTimes, start, end) };
    const result = {
      date: new Date().toISOString(),
      setup: { tabs: 3, bellsPerTab: 2, badgesPerTab: 2, hiddenTabs: 1, seconds: SECONDS, intervalMs: INTERVAL_MS, user: 'admin' },
      steadyState: {
        alarmCount: alarm,
        progress,
        sentByTab: fromTabs,
        target: 'one alarm-count and one progress request per 5 s window, none from the hidden tab',
        met:
          alarm.perWindow.every((n) => n === 1) &&
          progress.perWindow.every((n) => n === 1) &&
          fromTabs[2]!.alarm === 0 &&
          fromTabs[2]!.progress === 0,
      },
      hiddenToVisible: {
        rounds: VISIBILITY_ROUNDS,
        freshCountShownMs: revealMs,
        medianMs: median(revealMs),
        maxMs: Math.max(...revealMs),
        requestsSentByTheRevealedTab: revealRequests,
        target: 'fresh count within 1000 ms',
        met: Math.max(...revealMs) <= 1000,
      },
      leaderClosed: {
        ...handoverStats,
        takenOverBy: sentBy[1]!.alarm.some((t) => t > closedAt) ? 'tab 2' : 'none',
        target: 'gaps stay about 5 s across the hand-over',
        met: handoverStats.gapMaxMs !== null && handoverStats.gapMaxMs < INTERVAL_MS + 1000 && (handoverStats.gapMinMs ?? 0) > INTERVAL_MS - 1000,
      },
      note: 'Headless Chromium reports every tab visible; the hidden tab is driven through the Page Visibility API (document.visibilityState plus the real visibilitychange event).',
    };
    const out = join(ROOT, 'tests', 'bench', 'results', 'polling.json');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
    console.log(JSON.stringify(result, null, 2));
    console.log(`written ${out}`);
    if (!result.steadyState.met || !result.hiddenToVisible.met || !result.leaderClosed.met) process.exitCode = 1;
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
