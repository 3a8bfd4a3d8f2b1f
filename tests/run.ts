// `npm test`: the type check and the layers — units (vitest, node), widgets in Chromium
// (@web/test-runner), journeys against the running demo platform (Playwright). The journeys run
// against the built product as users get it, so the console and kit are built first.
//
// Two phases, to use both cores without slowing the journeys:
//   1. the units (vitest) beside a lane of the type check, the widgets in Chromium and the build for
//      the journeys (console then kit, in one process, without source maps: ATRIUM_SOURCEMAP=0);
//   2. the journeys alone, once phase 1 is done.
// Each layer of phase 1 writes into its own buffer, printed whole when the layer ends, so reports
// do not interleave. `npm test -- unit types` runs only the layers named (types, unit, browser, e2e).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { findChromium } from './chromium.ts';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

interface Outcome {
  label: string;
  ok: boolean;
  seconds: number;
}

/** Runs one command; with `buffer`, its output is held and printed as one block when it ends. */
function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv, buffer: boolean): Promise<Outcome> {
  const started = Date.now();
  console.log(`=== ${label}: started (${[command === npx ? '' : command, ...args].join(' ').trim()})`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.once('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.once('close', (code, signal) => {
      const ok = code === 0;
      const seconds = (Date.now() - started) / 1000;
      const summary = `=== ${label}: ${ok ? 'ok' : `FAILED (exit ${code ?? signal})`} in ${seconds.toFixed(1)} s`;
      if (buffer) {
        const text = Buffer.concat(chunks).toString('utf8');
        console.log(`\n=== ${label} ${'='.repeat(Math.max(3, 70 - label.length))}\n${text}${text.endsWith('\n') ? '' : '\n'}${summary}`);
      } else console.log(summary);
      resolve({ label, ok, seconds });
    });
  });
}

const chromium = await findChromium().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
// Colours survive the buffering when the terminal shows them.
const env: NodeJS.ProcessEnv = { ...process.env, CHROME_PATH: chromium, ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}) };
const only = process.argv.slice(2);
const want = (layer: string) => only.length === 0 || only.includes(layer);

/** True when nothing listens on `port` on loopback. */
const isFree = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** A free port whose next one is free too: the demo platform's API and media ports. */
async function freePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 20000) * 2;
    if ((await isFree(port)) && (await isFree(port + 1))) return port;
  }
  throw new Error('no two free ports next to each other for the demo platform');
}

// The console, then the kit, built by one Node process (one Vite start-up); no source maps, which
// the journeys never read (vite.config.ts: ATRIUM_SOURCEMAP=0); the built files are otherwise the same.
const BUILD_BOTH = "const { build } = await import('vite'); await build({ logLevel: 'warn' }); await build({ mode: 'kit', logLevel: 'warn' });";

const started = Date.now();
// Two lanes, so no more than the units and one other process compete for the two cores (the media
// server's unit tests pace video in real time): the units; and the type check, the widgets in
// Chromium and the build, one after another.
const unitLane = want('unit') ? run('unit', npx, ['vitest', 'run'], env, true).then((r) => [r]) : Promise.resolve([]);
const otherLane = (async () => {
  const done: Outcome[] = [];
  if (want('types')) done.push(await run('types', npx, ['tsc', '-p', 'tsconfig.json'], env, true));
  if (want('browser')) done.push(await run('browser', npx, ['web-test-runner'], env, true));
  if (want('e2e')) done.push(await run('build', process.execPath, ['--input-type=module', '-e', BUILD_BOTH], { ...env, ATRIUM_SOURCEMAP: '0' }, true));
  return done;
})();

const results: Outcome[] = (await Promise.all([otherLane, unitLane])).flat();
// The journeys start when phase 1 has ended, so nothing else competes for the cores while they run.
if (results.find((r) => r.label === 'build')?.ok) {
  results.push(await run('e2e', npx, ['playwright', 'test'], { ...env, ATRIUM_E2E_PORT: String(await freePortPair()) }, false));
}

const failed = results.filter((r) => !r.ok).map((r) => r.label);
console.log(`\nlayers (${((Date.now() - started) / 1000).toFixed(0)} s in all):`);
for (const r of results) console.log(`  ${r.ok ? 'ok    ' : 'FAILED'} ${r.label} (${r.seconds.toFixed(1)} s)`);
console.log(`layers: ${results.length - failed.length} passed, ${failed.length} failed${failed.length ? ` (${failed.join(', ')})` : ''}`);
process.exit(failed.length ? 1 : 0);
