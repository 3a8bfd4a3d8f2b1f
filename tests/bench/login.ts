// Benchmark of the sign-in page on the built console served by the demo platform (issue 3):
// JavaScript transferred (gzip), first contentful paint and time to interactive, median of 5 cold
// loads in headless Chromium. Run after `npx vite build`: `node tests/bench/login.ts`.
// Writes tests/bench/results/login.json and fails when the sign-in JS exceeds its 150 KB budget.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, findChromium } from '../chromium.ts';

const RUNS = 5;
const BUDGET_KB = 150;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, 'localhost', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`demo platform did not answer ${url} within ${timeoutMs} ms`);
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

interface Run {
  jsFiles: number;
  jsBytes: number;
  jsGzipBytes: number;
  fcpMs: number;
  ttiMs: number;
}

/**
 * Time to interactive, as measured here: the later of (a) the moment the sign-in form is on screen
 * with its handlers attached (the submit button exists and React has committed) and (b) the end of the
 * last long task (> 50 ms) before the page went quiet for 1 s.
 */
const PAGE_PROBE = `
  window.__atriumLongTaskEnd = 0;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__atriumLongTaskEnd = Math.max(window.__atriumLongTaskEnd, entry.startTime + entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
`;

async function measure(baseUrl: string, executablePath: string): Promise<Run> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(PAGE_PROBE);
    const scripts: Promise<{ bytes: number; gzip: number }>[] = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() !== 'script' && !type.includes('javascript')) return;
      scripts.push(
        response.body().then((body) => ({
          bytes: body.length,
          // What the transfer costs gzip-compressed (level 6, as web servers use), whether or not this server compresses.
          gzip: response.headers()['content-encoding'] === 'gzip' ? Number(response.headers()['content-length'] ?? gzipSync(body).length) : gzipSync(body, { level: 6 }).length,
        })),
      );
    });
    await page.goto(`${baseUrl}/login`, { waitUntil: 'load' });
    await page.locator('form[data-testid="password-form"] button[type="submit"]').waitFor({ state: 'visible' });
    const formReady = await page.evaluate(() => performance.now());
    await page.waitForTimeout(1000);
    const timings = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      return { fcp, longTaskEnd: (window as unknown as { __atriumLongTaskEnd: number }).__atriumLongTaskEnd };
    });
    const files = await Promise.all(scripts);
    return {
      jsFiles: files.length,
      jsBytes: files.reduce((sum, f) => sum + f.bytes, 0),
      jsGzipBytes: files.reduce((sum, f) => sum + f.gzip, 0),
      fcpMs: timings.fcp,
      ttiMs: Math.max(formReady, timings.longTaskEnd),
    };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const executablePath = await findChromium();
  const port = await freePort();
  const mediaPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-'));
  const server: ChildProcess = spawn(process.execPath, ['demo/server/main.ts'], {
    env: { ...process.env, PORT: String(port), MEDIA_PORT: String(mediaPort), ATRIUM_DATA: dataDir },
    stdio: 'ignore',
  });
  try {
    const baseUrl = `http://localhost:${port}`;
    await waitFor(`${baseUrl}/jwt/captcha`, 60000);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await measure(baseUrl, executablePath));
    const result = {
      benchmark: 'sign-in page (/login) of the built console',
      runs: RUNS,
      measuredAt: new Date().toISOString(),
      environment: { node: process.version, cpus: (await import('node:os')).cpus().length, browser: 'headless Chromium' },
      jsFiles: median(runs.map((r) => r.jsFiles)),
      jsTransferredKB: Number((median(runs.map((r) => r.jsBytes)) / 1024).toFixed(1)),
      jsTransferredGzipKB: Number((median(runs.map((r) => r.jsGzipBytes)) / 1024).toFixed(1)),
      budgetGzipKB: BUDGET_KB,
      firstContentfulPaintMs: Math.round(median(runs.map((r) => r.fcpMs))),
      timeToInteractiveMs: Math.round(median(runs.map((r) => r.ttiMs))),
      samples: runs.map((r) => ({ fcpMs: Math.round(r.fcpMs), ttiMs: Math.round(r.ttiMs), jsGzipKB: Number((r.jsGzipBytes / 1024).toFixed(1)) })),
    };
    mkdirSync('tests/bench/results', { recursive: true });
    writeFileSync('tests/bench/results/login.json', JSON.stringify(result, null, 2) + '\n');
    console.log(JSON.stringify(result, null, 2));
    if (result.jsTransferredGzipKB > BUDGET_KB) {
      console.error(`sign-in JS ${result.jsTransferredGzipKB} KB gzip exceeds the ${BUDGET_KB} KB budget`);
      process.exitCode = 1;
    }
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
