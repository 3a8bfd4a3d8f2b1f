// Benchmark of the console's service worker (issue 21): first contentful paint of /login on a repeat
// visit when every static file of the console is served 300 ms late (a slow proxy in front of the
// platform), against the same page on the fast direct connection; and how many of the console's
// script files the repeat visit still fetched from the network (target: none).
// Run: npm run build && node tests/bench/sw.ts — writes tests/bench/results/sw.json; exits 1 when a
// target is missed.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { createServer as netServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright';
import { CHROMIUM_ARGS, findChromium } from '../chromium.ts';

const DELAY_MS = 300;
const RUNS = 5;
const TARGET_RATIO = 1.2;

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = netServer().listen(0, 'localhost', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
const median = (v: number[]): number => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

async function fcp(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  await page.goto(url);
  await page.getByTestId('password-form').waitFor();
  const value = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1);
  await page.close();
  return value;
}

async function main(): Promise<void> {
  const port = await freePort();
  const slowPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-sw-'));
  const server = spawn(process.execPath, ['--experimental-strip-types', 'demo/server/main.ts'], {
    env: { ...process.env, PORT: String(port), MEDIA_PORT: String(await freePort()), ATRIUM_DATA: dataDir, ATRIUM_FIXED_CAPTCHA: '4242' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // The slow network: a proxy that holds every static file of the console for DELAY_MS.
  let slowScripts = 0;
  const proxy = createServer((req, res) => {
    const isStatic = /^\/(assets\/|offline\.|sw\.js)/.test(req.url ?? '');
    if (isStatic && req.url?.endsWith('.js')) slowScripts += 1;
    setTimeout(
      () => {
        const upstream = httpRequest({ host: 'localhost', port, path: req.url, method: req.method, headers: { ...req.headers, host: `localhost:${port}` } }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        upstream.on('error', () => res.destroy());
        req.pipe(upstream);
      },
      isStatic ? DELAY_MS : 0,
    );
  }).listen(slowPort, 'localhost');
  const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
  try {
    for (let i = 0; i < 100; i++) {
      if (await fetch(`http://localhost:${port}/jwt/captcha`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const fast: number[] = [];
    const repeatSlow: number[] = [];
    const fetchedOnRepeat: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const direct = await browser.newContext({ serviceWorkers: 'block' });
      fast.push(await fcp(direct, `http://localhost:${port}/login`));
      await direct.close();

      const context = await browser.newContext({ serviceWorkers: 'allow' });
      const first = await context.newPage();
      await first.goto(`http://localhost:${slowPort}/login`);
      await first.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      // Let the worker finish caching every file before the repeat visit.
      await first.evaluate(async () => {
        for (let n = 0; n < 200; n++) {
          const names = await caches.keys();
          if (names.length > 0 && navigator.serviceWorker.controller === null && (await navigator.serviceWorker.getRegistration())?.active) break;
          await new Promise((r) => setTimeout(r, 50));
        }
      });
      await first.close();
      slowScripts = 0;
      repeatSlow.push(await fcp(context, `http://localhost:${slowPort}/login`));
      fetchedOnRepeat.push(slowScripts);
      await context.close();
    }
    const result = {
      when: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? '' },
      delayPerStaticFileMs: DELAY_MS,
      fastFcpMs: { median: median(fast), samples: fast },
      repeatSlowFcpMs: { median: median(repeatSlow), samples: repeatSlow },
      ratio: Math.round((median(repeatSlow) / median(fast)) * 100) / 100,
      scriptsFetchedOnRepeat: fetchedOnRepeat,
      targets: { ratio: TARGET_RATIO, scriptsFetchedOnRepeat: 0 },
    };
    mkdirSync('tests/bench/results', { recursive: true });
    writeFileSync('tests/bench/results/sw.json', `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
    process.exitCode = result.ratio <= TARGET_RATIO && fetchedOnRepeat.every((n) => n === 0) ? 0 : 1;
  } finally {
    await browser.close();
    proxy.close();
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
