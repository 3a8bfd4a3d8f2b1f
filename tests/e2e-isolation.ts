// The journeys stand alone and in any order (issue 37): `npm run test:e2e-isolation` runs every e2e
// file by itself (one Playwright run each, so a file that needs data another file made fails), then
// the whole e2e suite in reverse file order in one worker (so every file inherits what the files that
// usually come after it left on the shared platform). Both against the built console, as `npm test`.
//   node tests/e2e-isolation.ts            both
//   node tests/e2e-isolation.ts alone      each file alone (or: alone login people …, only those)
//   node tests/e2e-isolation.ts reverse    the reversed run (or: reverse login people …, those files only)
// Playwright always runs a project's files in name order; the reversed run copies each spec into a
// throwaway folder (tests/e2e/reverse-run/) under a name that sorts it into reverse order, its
// relative imports pointed back at the originals, with a config that runs that folder in one worker.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { findTestChromium } from './chromium.ts';

const root = resolve(import.meta.dirname, '..');
const e2e = join(root, 'tests', 'e2e');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const env = { ...process.env, CHROME_PATH: await findTestChromium() };
const specs = readdirSync(e2e)
  .filter((f) => f.endsWith('.spec.ts'))
  .sort((a, b) => a.localeCompare(b));

function playwright(args: string[]): { ok: boolean; seconds: number } {
  const started = Date.now();
  const result = spawnSync(npx, ['playwright', 'test', ...args], { cwd: root, stdio: 'inherit', env });
  return { ok: result.status === 0, seconds: (Date.now() - started) / 1000 };
}

/** The spec files whose names start with one of `only` (all of them when none is given). */
function choose(only: string[]): string[] {
  const chosen = only.length ? specs.filter((f) => only.some((o) => f.startsWith(o))) : specs;
  if (!chosen.length) throw new Error(`no spec file starts with ${only.join(', ')}`);
  return chosen;
}

function alone(only: string[]): Array<[string, boolean, number]> {
  const chosen = choose(only);
  const results: Array<[string, boolean, number]> = [];
  for (const file of chosen) {
    console.log(`\n=== alone: ${file}`);
    const { ok, seconds } = playwright([`tests/e2e/${file}`]);
    results.push([file, ok, seconds]);
  }
  return results;
}

/** A copy of a spec for `folder`, its relative imports (static and dynamic) aimed at the originals. */
function relocated(file: string, folder: string): string {
  const source = readFileSync(join(e2e, file), 'utf8');
  return source.replace(/(from\s+|import\s*\(\s*)(['"])(\.{1,2}\/[^'"]+)\2/g, (_, lead: string, quote: string, spec: string) => {
    let target = relative(folder, resolve(e2e, spec)).split('\\').join('/');
    if (!target.startsWith('.')) target = `./${target}`;
    return `${lead}${quote}${target}${quote}`;
  });
}

function reverse(only: string[]): { ok: boolean; seconds: number; files: number } {
  const folder = join(e2e, 'reverse-run');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder);
  try {
    const reversed = [...choose(only)].reverse();
    reversed.forEach((file, i) => writeFileSync(join(folder, `${String(i).padStart(3, '0')}-${file}`), relocated(file, folder)));
    const config = join(folder, 'playwright.config.ts');
    const main = relative(dirname(config), join(root, 'playwright.config.ts')).split('\\').join('/');
    writeFileSync(config, `import main from '${main}';\nexport default { ...main, testDir: '.', testIgnore: [], workers: 1 };\n`);
    console.log(`\n=== reverse order, one worker: ${reversed.join(' ')}`);
    return { ...playwright(['--config', config]), files: reversed.length };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const [mode = 'both', ...only] = process.argv.slice(2);
const lines: string[] = [];
let failed = false;
if (mode === 'alone' || mode === 'both') {
  for (const [file, ok, seconds] of alone(mode === 'alone' ? only : [])) {
    lines.push(`alone   ${ok ? 'ok    ' : 'FAILED'} ${seconds.toFixed(0).padStart(4)} s  ${file}`);
    failed ||= !ok;
  }
}
if (mode === 'reverse' || mode === 'both') {
  const { ok, seconds, files } = reverse(mode === 'reverse' ? only : []);
  lines.push(`reverse ${ok ? 'ok    ' : 'FAILED'} ${seconds.toFixed(0).padStart(4)} s  ${files} of ${specs.length} files, last first, one worker`);
  failed ||= !ok;
}
console.log(`\n${lines.join('\n')}`);
process.exit(failed ? 1 : 0);
