// The product's modules never reach test code, and the platform's modules import no circle: read
// from the source itself (every import and export ... from, and every import('...') with a literal
// path, type-only ones included), so a new import that breaks either rule fails here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SERVER = join(ROOT, 'demo/server');
const MAIN = join(SERVER, 'main.ts');
/** The one way the product reaches test code: main.ts loads the test switch when ATRIUM_FAULTS=1. */
const SWITCH = join(SERVER, 'test-switch.ts');

const IMPORT = /(?:^|[\n;])\s*(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]*?\bfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** A test module by its name: tests, and the harness, hooks, faults and walkers only tests use. */
const isTestModule = (file: string): boolean => /\.test\.tsx?$|^test-|^testing\.ts$|^faults\.ts$|^hostile-walk\.ts$/.test(basename(file));

/** The project files a module imports (relative specifiers; packages are not followed). */
function importsOf(file: string, source = readFileSync(file, 'utf8')): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2]!;
    if (!spec.startsWith('.')) continue;
    const target = resolve(dirname(file), spec);
    if (existsSync(target) && statSync(target).isFile()) found.add(target);
  }
  return [...found];
}

/** Every module reachable from `entry`, with the path that reaches it; `skip` edges are not followed. */
function reachable(entry: string, imports: (file: string) => string[], skip: (from: string, to: string) => boolean): Map<string, string[]> {
  const paths = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of imports(file)) {
      if (paths.has(next) || skip(file, next)) continue;
      paths.set(next, [...paths.get(file)!, next]);
      queue.push(next);
    }
  }
  return paths;
}

/** The import circles of a graph: its strongly connected parts of more than one module (or a module importing itself). */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1 || graph.get(v)!.includes(v)) found.push(part.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

function serverModules(dir = SERVER): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return serverModules(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

const rel = (file: string): string => relative(ROOT, file);

describe('the reader of imports', () => {
  it('sees static, re-exported, type-only and literal dynamic imports', () => {
    const file = join(SERVER, 'x.ts');
    const source = [
      "import { a } from './db.ts';",
      "import type { FastifyInstance } from 'fastify';",
      "import type {\n  Migration,\n} from './db.ts';",
      "export { seed } from './video/video-seed.ts';",
      "const m = [import('./people/auth.ts')];",
      "import './context.ts';",
    ].join('\n');
    expect(importsOf(file, source).map(rel).sort()).toEqual(['demo/server/context.ts', 'demo/server/db.ts', 'demo/server/people/auth.ts', 'demo/server/video/video-seed.ts']);
    // And on the real tree: main.ts reaches the route modules that app.ts loads by import().
    const fromMain = reachable(MAIN, importsOf, () => false);
    expect(fromMain.has(join(SERVER, 'people/auth.ts'))).toBe(true);
    expect(fromMain.has(join(SERVER, 'migrations/devices.ts'))).toBe(true);
  });

  it('finds a circle and a test module where there is one', () => {
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    expect(circles(graph)).toEqual([['a', 'b', 'c']]);
    const paths = reachable('main', (f) => ({ main: ['app'], app: ['test-hooks.ts'] })[f] ?? [], () => false);
    expect([...paths.keys()].filter(isTestModule)).toEqual(['test-hooks.ts']);
  });
});

describe('the product and its tests apart', () => {
  it('reaches no test module from demo/server/main.ts but through the test switch, which it loads only with ATRIUM_FAULTS=1', () => {
    const paths = reachable(MAIN, importsOf, (from, to) => from === MAIN && to === SWITCH);
    const reached = [...paths.entries()].filter(([file]) => isTestModule(file)).map(([, path]) => path.map(rel).join(' → '));
    expect(reached).toEqual([]);
    // The switch is loaded by import(), behind the flag: never with the product's own modules.
    const main = readFileSync(MAIN, 'utf8');
    expect([...main.matchAll(DYNAMIC)].map((m) => m[1]!).filter(isTestModule)).toEqual(['./test-switch.ts']);
    expect(main).toMatch(/const faults = env\.ATRIUM_FAULTS === '1';/);
    expect(main).toMatch(/faults \? \[\(await import\('\.\/test-switch\.ts'\)\)\.TEST_SWITCH\] : \[\]/);
  });

  it('has no import circle among the platform modules (demo/server, tests aside)', () => {
    const modules = serverModules();
    expect(modules.length).toBeGreaterThan(80);
    const graph = new Map(modules.map((file) => [file, importsOf(file)]));
    expect(circles(graph).map((part) => part.map(rel))).toEqual([]);
  });
});
