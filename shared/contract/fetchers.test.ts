// The console's fetchers (shared/api/*.ts, and the pages that call the client themselves) stay hand-written: this proves each one that reaches a
// declared operation calls it with the declared method, and that every declared operation has a
// fetcher (or is said here to have none). Their types come from the declarations (Static<>), so tsc
// checks what they send and read.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from './index.ts';

const ROOT = join(import.meta.dirname, '..', '..');
/** Where the console's calls are made: the fetchers (shared/api), and pages and widgets calling the client themselves. */
const SOURCES = ['shared/api', 'console', 'widgets'].map((dir) => join(ROOT, dir));
/** Declared operations the console's fetchers do not call, and why. */
const DOWNLOAD = 'a download: the console builds the link (shared/api) and the browser fetches it signed, no client call';
const NO_FETCHER: Record<string, string> = {
  'GET /api/document/:id/file': DOWNLOAD,
  'GET /api/job/run/:id/file': DOWNLOAD,
  'GET /api/admin/progress/file': DOWNLOAD,
  'GET /api/cctv/video/client/export/file': 'a download for API clients: the console takes the finished camera export from the progress panel (GET /api/admin/progress/file)',
  'GET /api/admin/user/dep/importUser/template': DOWNLOAD,
  'GET /api/admin/tenant/:id': 'SPEC §7 lists it; the console reads tenants from the page call',
  'GET /api/admin/certi/type': 'SPEC §7 lists it; the console does not call it',
  'PUT /api/admin/user/certi/:id': 'SPEC §7 lists it; the console issues and withdraws vouchers, it does not edit them',
  'GET /jwt/captcha': 'An image the sign-in form shows (<img src>, shared/api/auth.ts captchaUrl), not a call',
  'GET /jwt/user': 'SPEC §7 lists it; the console reads the signed-in user from /api/admin/user/front/info',
  'GET /jwt/oauth/:id/start': "The browser's navigation from the sign-in page's button (a link), answered by a redirect",
  'GET /jwt/oauth/callback': "The third-party platform's redirect back, a browser navigation",
  'POST /jwt/portal/token': "A portal's backend calls it server to server with its client secret (docs/embedding.md); no browser holds a secret",
};

interface Call {
  file: string;
  method: string;
  path: string;
}

/**
 * Every `client.<method>(path…)` in shared/api, with template parts as path segments; a path held in a
 * constant of the file (`const PATH = '/api/…'`, used as PATH or `${PATH}/…`) is read through it.
 */
function fetcherCalls(): Call[] {
  const calls: Call[] = [];
  for (const file of SOURCES.flatMap((dir) => (readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)).map((f) => join(dir, f)))) {
    let text = readFileSync(file, 'utf8');
    const constants = new Map([...text.matchAll(/const\s+([A-Z_][A-Z0-9_]*)\s*=\s*['`](\/[^'`$]*)['`]/g)].map((m) => [m[1]!, m[2]!]));
    for (const [name, value] of constants) {
      text = text.replaceAll(`\${${name}}`, value).replace(new RegExp(`(\\b\\w+\\.(?:get|post|put|delete)\\s*(?:<[^(]*?>)?\\(\\s*)${name}\\b`, 'g'), `$1'${value}'`);
    }
    // client.get(…), c.post(…), http.put(…); uploadForm(…) posts a multipart form.
    for (const m of text.matchAll(/(?:\b\w+\.(get|post|put|delete)|\b(uploadForm))\s*(?:<[^(]*?>)?\(\s*(?:`(\/(?:api|jwt)\/[^`]*)`|'(\/(?:api|jwt)\/[^']*)')/g)) {
      const method = m[2] ? 'POST' : m[1]!.toUpperCase();
      calls.push({ file: file.slice(ROOT.length + 1), method, path: (m[3] ?? m[4]!).replace(/\$\{(?:[^{}]|\{[^}]*\})+\}/g, '{param}').split('?')[0]! });
    }
  }
  return calls;
}

/** A declared path's parameter matches a fetcher's template part or a number, never a literal word ('/api/device/:id' is not '/api/device/category'). */
const matches = (declared: string, path: string): boolean => new RegExp(`^${declared.replace(/:\w+/g, '(?:\\{param\\}|\\d+)')}$`).test(path);

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
