// `npm test`: the type check, then the three layers in order — units (vitest, node), widgets in Chromium
// (@web/test-runner), journeys against the running demo platform (Playwright). The console and kit
// are built first, because the journeys run against the built product as users get it.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { findChromium } from './chromium.ts';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function run(label: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  const started = Date.now();
  console.log(`\n=== ${label}: ${args.join(' ')}`);
  const result = spawnSync(npx, args, { stdio: 'inherit', env });
  const ok = result.status === 0;
  console.log(`=== ${label}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ok;
}

const chromium = await findChromium().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const env = { ...process.env, CHROME_PATH: chromium };
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

const results: Array<[string, boolean]> = [];
if (want('types')) results.push(['types', run('types', ['tsc', '-p', 'tsconfig.json'], env)]);
if (want('unit')) results.push(['unit', run('unit', ['vitest', 'run'], env)]);
if (want('browser')) results.push(['browser', run('browser', ['web-test-runner'], env)]);
if (want('e2e')) {
  const built = run('build', ['vite', 'build'], env) && run('build kit', ['vite', 'build', '--mode', 'kit'], env);
  results.push(['build', built]);
  if (built) results.push(['e2e', run('e2e', ['playwright', 'test'], { ...env, ATRIUM_E2E_PORT: String(await freePortPair()) })]);
}

const failed = results.filter(([, ok]) => !ok).map(([name]) => name);
console.log(`\nlayers: ${results.length - failed.length} passed, ${failed.length} failed${failed.length ? ` (${failed.join(', ')})` : ''}`);
process.exit(failed.length ? 1 : 0);
