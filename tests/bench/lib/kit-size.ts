// Sizes of the built widget kit as a page receives it: each file gzipped on its own (as a server
// sends it), summed over the files a page actually loads. Used by the bundle benchmark and by the
// size check in the e2e layer (tests/e2e/embed-bundle-size.spec.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, normalize, relative } from 'node:path';

export const BUDGETS_KB = { bell: 100, furtherWidget: 25, videoEngine: 70, h265Engine: 70 };

export interface KitSizes {
  /** Every file the bell alone loads, with its gzip size in KB. */
  bellFiles: Record<string, number>;
  bellKB: number;
  /** What each further widget adds to a page that already shows the bell. */
  furtherKB: Record<string, number>;
  /** The engine chunk (…engine….js) the video player imports dynamically, with what only it needs. */
  videoEngineKB: number;
  /** Other chunks the video player loads on demand (the sign-in prompt, the replay period's calendar), by file. */
  playerOnDemandKB: Record<string, number>;
  videoEngineFiles: string[];
  /** The H.265 engine (mpegts.js), loaded only when an H.265 stream arrives, with what only it needs. */
  h265EngineKB: number;
  h265EngineFiles: string[];
  /** True when some widget loads the engine without a video element (statically). */
  videoEngineInCore: boolean;
  allInOneKB: number;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function imports(dir: string, file: string): { static: string[]; dynamic: string[] } {
  const code = readFileSync(join(dir, file), 'utf8');
  const here = dirname(file);
  const resolveRel = (spec: string) => normalize(join(here, spec)).replaceAll('\\', '/');
  const out = { static: [] as string[], dynamic: [] as string[] };
  for (const m of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w${}*,\s]+from\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g)) out.static.push(resolveRel(m[1]!));
  for (const m of code.matchAll(/import\(\s*(?:\/\*[^*]*\*\/\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g)) out.dynamic.push(resolveRel(m[1]!));
  // An entry stub imports its real module through the page-wide kit folder: chunks/<name>.js.
  const stub = /\+\s*["'`](chunks\/[\w-]+\.js)["'`]/.exec(code);
  if (stub && !file.includes('/')) out.static.push(stub[1]!);
  return out;
}

/** The files loaded before anything is used: the entry and its static imports, transitively. */
export function closure(dir: string, entry: string): Set<string> {
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file) || !existsSync(join(dir, file))) continue;
    seen.add(file);
    todo.push(...imports(dir, file).static);
  }
  return seen;
}

const gz = (dir: string, file: string) => gzipSync(readFileSync(join(dir, file))).length;
const total = (dir: string, files: Iterable<string>) => kb([...files].reduce((sum, f) => sum + gz(dir, f), 0));

export function measureKit(dir: string): KitSizes {
  const entries = readdirSync(dir).filter((f) => f.endsWith('.js') && f !== 'atrium.js');
  const bell = closure(dir, 'alarm-bell.js');
  const furtherKB: Record<string, number> = {};
  for (const entry of entries) {
    if (entry === 'alarm-bell.js' || entry === 'atrium-kit.js') continue;
    const both = new Set([...bell, ...closure(dir, entry)]);
    furtherKB[entry.replace(/\.js$/, '')] = kb([...both].filter((f) => !bell.has(f)).reduce((s, f) => s + gz(dir, f), 0));
  }
  // The engine: whatever the video player reaches only through dynamic imports.
  const staticAll = new Set(entries.flatMap((e) => [...closure(dir, e)]));
  const videoStatic = closure(dir, 'video-player.js');
  const engine = new Set<string>();
  const h265 = new Set<string>();
  const onDemand = new Set<string>();
  for (const file of videoStatic) {
    for (const d of imports(dir, file).dynamic) {
      const into = /mpegts-engine/.test(d) ? h265 : /engine/.test(d) ? engine : onDemand;
      for (const f of closure(dir, d)) if (!videoStatic.has(f)) into.add(f);
    }
  }
  for (const f of [...engine, ...h265]) onDemand.delete(f);
  // What both engines share (the engine handle) counts with the H.264 engine, which every player loads.
  for (const f of engine) h265.delete(f);
  return {
    bellFiles: Object.fromEntries([...bell].map((f) => [relative('.', f), kb(gz(dir, f))])),
    bellKB: total(dir, bell),
    furtherKB,
    videoEngineKB: total(dir, engine),
    playerOnDemandKB: Object.fromEntries([...onDemand].map((f) => [f, kb(gz(dir, f))])),
    videoEngineFiles: [...engine],
    h265EngineKB: total(dir, h265),
    h265EngineFiles: [...h265],
    videoEngineInCore: [...engine, ...h265].some((f) => staticAll.has(f)),
    allInOneKB: total(dir, closure(dir, 'atrium-kit.js')),
  };
}

/** Budget breaches in words; empty when every budget holds. */
export function overBudget(s: KitSizes): string[] {
  const out: string[] = [];
  if (s.bellKB > BUDGETS_KB.bell) out.push(`bell alone ${s.bellKB} KB gzip > ${BUDGETS_KB.bell} KB`);
  for (const [name, size] of Object.entries(s.furtherKB)) {
    if (size > BUDGETS_KB.furtherWidget) out.push(`${name} adds ${size} KB gzip to the bell > ${BUDGETS_KB.furtherWidget} KB`);
  }
  if (s.videoEngineKB > BUDGETS_KB.videoEngine) out.push(`video engine ${s.videoEngineKB} KB gzip > ${BUDGETS_KB.videoEngine} KB`);
  if (s.videoEngineFiles.length === 0) out.push('no lazily loaded video engine chunk found');
  if (s.h265EngineKB > BUDGETS_KB.h265Engine) out.push(`H.265 engine ${s.h265EngineKB} KB gzip > ${BUDGETS_KB.h265Engine} KB`);
  if (s.h265EngineFiles.length === 0) out.push('no lazily loaded H.265 engine chunk found');
  if (s.videoEngineInCore) out.push('the video engine is loaded statically by some widget');
  return out;
}
