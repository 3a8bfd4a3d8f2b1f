// Benchmark of the widget kit's size (issue 8): what a page downloads for the alarm bell alone, what
// each further widget adds, and the lazily loaded video engine — gzip, each file as a server sends it.
// Run: npx vite build --mode kit && node tests/bench/bundle.ts   (or `npm run bench bundle`)
// Writes tests/bench/results/bundle.json; exits non-zero when a budget is missed.
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUDGETS_KB, measureKit, overBudget } from './lib/kit-size.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = join(ROOT, 'dist', 'widgets');
if (!existsSync(join(dir, 'alarm-bell.js'))) {
  console.error('dist/widgets is missing: run `npx vite build --mode kit` first');
  process.exit(1);
}
const sizes = measureKit(dir);
const misses = overBudget(sizes);
const result = {
  benchmark: 'widget kit bundle sizes (KB of gzip JavaScript, each file gzipped as served)',
  measuredAt: new Date().toISOString(),
  budgetsKB: BUDGETS_KB,
  ...sizes,
  met: misses.length === 0,
  misses,
};
mkdirSync(join(ROOT, 'tests', 'bench', 'results'), { recursive: true });
writeFileSync(join(ROOT, 'tests', 'bench', 'results', 'bundle.json'), JSON.stringify(result, null, 2) + '\n');
console.log(`bell alone: ${sizes.bellKB} KB (budget ${BUDGETS_KB.bell})`);
for (const [name, kb] of Object.entries(sizes.furtherKB)) console.log(`+ ${name}: ${kb} KB (budget ${BUDGETS_KB.furtherWidget})`);
console.log(`video engine (lazy): ${sizes.videoEngineKB} KB (budget ${BUDGETS_KB.videoEngine})`);
console.log(`all-in-one atrium-kit.js: ${sizes.allInOneKB} KB`);
for (const miss of misses) console.log(`MISSED: ${miss}`);
process.exit(misses.length ? 1 : 0);
