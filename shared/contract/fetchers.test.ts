// The console's fetchers (shared/api/*.ts) stay hand-written: this proves each one that reaches a
// declared operation calls it with the declared method, and that every declared operation has a
// fetcher (or is said here to have none). Their types come from the declarations (Static<>), so tsc
// checks what they send and read.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from './index.ts';

const API = join(import.meta.dirname, '..', 'api');
/** Declared operations the console's fetchers do not call, and why. */
const NO_FETCHER: Record<string, string> = {};

interface Call {
  file: string;
  method: string;
  path: string;
}

/** Every `client.<method>(path…)` in shared/api, with template parts as path segments. */
function fetcherCalls(): Call[] {
  const calls: Call[] = [];
  for (const file of readdirSync(API).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const text = readFileSync(join(API, file), 'utf8');
    for (const m of text.matchAll(/client\.(get|post|put|delete)\s*(?:<[^(]*?>)?\(\s*([`'])([^`']+)\2/g)) {
      calls.push({ file, method: m[1]!.toUpperCase(), path: m[3]!.replace(/\$\{[^}]+\}/g, '{param}').split('?')[0]! });
    }
  }
  return calls;
}

const matches = (declared: string, path: string): boolean => new RegExp(`^${declared.replace(/:\w+/g, '[^/]+')}$`).test(path);

describe('the console fetchers and the declared operations', () => {
  const calls = fetcherCalls();

  it('finds the fetchers', () => {
    expect(calls.length).toBeGreaterThan(50);
  });

  it('calls every declared path with a declared method', () => {
    const wrong = calls
      .filter((c) => OPERATIONS.some((op) => matches(op.path, c.path)))
      .filter((c) => !OPERATIONS.some((op) => matches(op.path, c.path) && op.method === c.method))
      .map((c) => `${c.file}: ${c.method} ${c.path}`);
    expect(wrong).toEqual([]);
  });

  it('has a fetcher for every declared operation', () => {
    const missing = OPERATIONS.filter((op) => !NO_FETCHER[`${op.method} ${op.path}`] && !calls.some((c) => c.method === op.method && matches(op.path, c.path))).map((op) => `${op.method} ${op.path}`);
    expect(missing).toEqual([]);
  });
});
