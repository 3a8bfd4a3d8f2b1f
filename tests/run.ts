// `npm test`: the type check and the layers — units (vitest, node), widgets in Chromium
// (@web/test-runner), journeys against the running demo platform (Playwright). The journeys run
// against the built product as users get it, so the console and kit are built first.
//
// Two lanes, to keep both cores busy without starving the real-time tests:
//   1. the units (vitest, three workers) but the media server's;
//   2. the build for the journeys (console then kit, in one process, without source maps:
//      ATRIUM_SOURCEMAP=0), then at a lower CPU priority the widgets in Chromium, the type check and
//      the lint;
// then, once the units and the build are done, the journeys at a lower CPU priority, beside the media
// server's real-time unit tests (one file at a time, at the normal priority) and what is left of lane 2.
// Each layer but the journeys writes into its own buffer, printed whole when the layer ends, so
// reports do not interleave. `npm test -- unit types` runs only the layers named (types, lint,
// unit, browser, e2e).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { findTestChromium } from './chromium.ts';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const TSC_NATIVE = join(dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')), 'bin', 'tsc');

/** A command at a lower CPU priority where `nice` exists (Linux, macOS); as it is elsewhere. */
const niced = (command: string, args: string[]): [string, string[]] => (process.platform === 'win32' ? [command, args] : ['nice', ['-n', '10', command, ...args]]);

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

const chromium = await findTestChromium().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
// Colours survive the buffering when the terminal shows them.
const env: NodeJS.ProcessEnv = { ...process.env, CHROME_PATH: chromium, ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}) };
const only = process.argv.slice(2);
const want = (layer: string) => only.length === 0 || only.includes(layer);

// The console, then the kit, built by one Node process (one Vite start-up); no source maps, which
// the journeys never read (vite.config.ts: ATRIUM_SOURCEMAP=0); the built files are otherwise the same.
const BUILD_BOTH = "const { build } = await import('vite'); await build({ logLevel: 'warn' }); await build({ mode: 'kit', logLevel: 'warn' });";

const started = Date.now();
// Every vitest project (vite.config.ts) but `media`, which runs on its own later: a project added to
// the config is in this run without a change here.
const unitLane = want('unit') ? run('unit', npx, ['vitest', 'run', '--project', '!media'], env, true).then((r) => [r]) : Promise.resolve([]);
const otherLane = (async () => {
  const build = want('e2e') ? await run('build', process.execPath, ['--input-type=module', '-e', BUILD_BOTH], { ...env, ATRIUM_SOURCEMAP: '0' }, true) : null;
  return { build, rest: restOfLane(build ? [build] : []) };
})();

// After the build, at a lower priority: they have time to spare beside the units, whose platforms and
// timers must not wait for them (a fresh-clone run with them at equal priority took the units from
// 259 s to 393 s and two restart tests past their limits), and beside the journeys after that.
async function restOfLane(done: Outcome[]): Promise<Outcome[]> {
  // The widgets in Chromium first: the journeys may start while the rest of this lane runs.
  if (want('browser')) done.push(await run('browser', ...niced(npx, ['web-test-runner']), env, true));
  // TypeScript 7's native compiler (the typescript-native alias; ~22 CPU-s for the whole program
  // against ~150 for TypeScript 6, which stays the library typescript-eslint and vue-tsc build on).
  if (want('types')) done.push(await run('types', ...niced(process.execPath, [TSC_NATIVE, '-p', 'tsconfig.json']), env, true));
  // ESLint on the whole tree (layer boundaries, one way of polling, dates and downloads: eslint.config.js),
  // without the typed rules, whose TypeScript program the types layer already builds.
  if (want('lint')) done.push(await run('lint', ...niced(npx, ['eslint', '.']), { ...env, ATRIUM_LINT_UNTYPED: '1' }, true));
  // Issue 41: a Vue portal's SFC against the kit's atrium-vue.d.ts (its own tiny program, ~4 s).
  if (want('types')) done.push(await run('types (vue)', ...niced(npx, ['vue-tsc', '--noEmit', '-p', 'tests/types/vue/tsconfig.json']), env, true));
  return done;
}

// The journeys start once the units are done: beside the parallel units (vitest's platforms) they
// starved each other on two cores and the units' start-up limits ran out (measured on a fresh clone:
// units 493 s instead of ~160 s, three of them over their limits). The media server's tests pace
// video in real time but use little CPU: they waited alone at the end of the units, one file at a
// time, for ~50 s with most of both cores idle. Now they run beside the journeys, which yield to them
// (nice), as does what is left of lane 2.
const [other, units] = await Promise.all([otherLane, unitLane]);
const media = want('unit') ? run('unit (media)', npx, ['vitest', 'run', '--project', 'media'], env, true) : null;
// The journeys print as they go (their report is long); the units' report comes whole when they end.
const e2e = other.build?.ok ? await run('e2e', ...niced(npx, ['playwright', 'test']), env, false) : null;
const results: Outcome[] = [...(await other.rest), ...units, ...(media ? [await media] : []), ...(e2e ? [e2e] : [])];
const failed = results.filter((r) => !r.ok).map((r) => r.label);
console.log(`\nlayers (${((Date.now() - started) / 1000).toFixed(0)} s in all):`);
for (const r of results) console.log(`  ${r.ok ? 'ok    ' : 'FAILED'} ${r.label} (${r.seconds.toFixed(1)} s)`);
console.log(`layers: ${results.length - failed.length} passed, ${failed.length} failed${failed.length ? ` (${failed.join(', ')})` : ''}`);
process.exit(failed.length ? 1 : 0);
