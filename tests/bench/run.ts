// `npm run bench`: builds the product, then runs every benchmark in turn. Each writes
// tests/bench/results/<name>.json and exits non-zero when it misses a target; this runner reports which.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const only = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.test.ts'))
  .map((f) => f.replace(/\.ts$/, ''))
  .filter((name) => only.length === 0 || only.includes(name));

const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const outcome: Array<[string, boolean, number]> = [];
for (const name of benches) {
  const started = Date.now();
  console.log(`\n=== bench ${name}`);
  const result = spawnSync(process.execPath, ['--experimental-strip-types', join(here, `${name}.ts`)], { cwd: root, stdio: 'inherit' });
  outcome.push([name, result.status === 0, (Date.now() - started) / 1000]);
}

console.log('\nbenchmarks (results in tests/bench/results/):');
for (const [name, ok, seconds] of outcome) console.log(`  ${ok ? 'met   ' : 'MISSED'} ${name} (${seconds.toFixed(0)} s)`);
process.exit(outcome.every(([, ok]) => ok) ? 0 : 1);
