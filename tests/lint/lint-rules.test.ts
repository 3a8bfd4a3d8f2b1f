// The "one way" rules of eslint.config.js fail on a deliberate violation in each layer, and let the
// sanctioned way through: small snippets linted at made-up paths with the project's own config (the
// typed rules aside: they need the files on disk, and none of these rules reads types).
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
// The config is plain JavaScript outside the type check: loaded by its address, typed here.
const { default: config } = (await import(new URL('../../eslint.config.js', import.meta.url).href)) as { default: Linter.Config[] };
const untyped = config.filter((c) => !(c.languageOptions?.parserOptions as { projectService?: unknown } | undefined)?.projectService);
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: untyped });

/** The rule ids and messages ESLint reports for `code` placed at `path` (relative to the project). */
async function lint(path: string, code: string): Promise<Array<{ rule: string | null; message: string; line: number }>> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message, line: m.line }));
}

const only = (found: Awaited<ReturnType<typeof lint>>, rule: string) => found.filter((m) => m.rule === rule);

describe('layer boundaries', () => {
  it('shared/ may not import widgets/ or console/, statically or lazily', async () => {
    const found = await lint(
      'shared/http/lint-probe.ts',
      [
        "import { AlarmBell } from '../../widgets/alarm-bell/index.ts';",
        "import type { ResourceDef } from '../../console/resource/index.ts';",
        "export const later = () => import('../../console/main.tsx');",
        'export type Both = [typeof AlarmBell, ResourceDef<never>];',
      ].join('\n'),
    );
    expect(only(found, 'no-restricted-imports').map((m) => m.line)).toEqual([1, 2]);
    expect(only(found, 'no-restricted-imports')[0]!.message).toContain('shared/ is the bottom layer');
    expect(only(found, 'no-restricted-syntax').map((m) => m.line)).toEqual([3]);
  });

  it('widgets/ may not import console/', async () => {
    const found = await lint(
      'widgets/alarm-bell/lint-probe.tsx',
      ["import { usePoll } from '../../console/resource/use-poll.ts';", "export const page = () => import('../../console/pages/gateway/index.tsx');", 'export { usePoll };'].join('\n'),
    );
    expect(only(found, 'no-restricted-imports').map((m) => m.line)).toEqual([1]);
    expect(only(found, 'no-restricted-imports')[0]!.message).toContain('widgets/ never import console/');
    expect(only(found, 'no-restricted-syntax').map((m) => m.line)).toEqual([2]);
  });

  it("the console reaches a widget only through its element or index, never the widget's internals", async () => {
    const found = await lint(
      'console/pages/lint-probe/index.tsx',
      [
        "import { useScadaLive } from '../../../widgets/scada-page/use-scada-live.ts';",
        "import { ScadaPage } from '../../../widgets/scada-page/index.ts';",
        "import '../../../widgets/video-player/video-player.element.ts';",
        "export const timeline = () => import('../../../widgets/video-player/timeline.tsx');",
        "export const wall = () => import('../../../widgets/video-wall/video-wall.element.ts');",
        'export { useScadaLive, ScadaPage };',
      ].join('\n'),
    );
    expect(only(found, 'no-restricted-imports').map((m) => m.line)).toEqual([1]);
    expect(only(found, 'no-restricted-imports')[0]!.message).toContain('only through its element');
    expect(only(found, 'no-restricted-syntax').map((m) => m.line)).toEqual([4]);
  });
});

describe('one polling mechanism', () => {
  it('a view in console/ or widgets/ may not call setInterval; usePoll passes', async () => {
    const view = [
      "import { usePoll } from '../../resource/use-poll.ts';",
      'export function useClock(load: () => Promise<void>) {',
      '  usePoll(() => load(), 5000);',
      '  const timer = setInterval(() => void load(), 5000);',
      '  const other = window.setInterval(() => void load(), 5000);',
      '  return () => [timer, other].forEach((t) => clearInterval(t));',
      '}',
    ].join('\n');
    const found = only(await lint('console/pages/lint-probe/index.tsx', view), 'no-restricted-syntax');
    expect(found.map((m) => m.line)).toEqual([4, 5]);
    expect(found[0]!.message).toContain('usePoll');
    expect(only(await lint('widgets/video-player/lint-probe.tsx', view.replace('../../resource/use-poll.ts', '../../shared/element/use-poll.ts')), 'no-restricted-syntax').map((m) => m.line)).toEqual([4, 5]);
  });

  it('a test may drive timers as it likes', async () => {
    expect(await lint('console/pages/lint-probe/index.test.ts', 'export const t = setInterval(() => undefined, 10);')).toEqual([]);
  });
});

describe('one date formatter', () => {
  it('no dayjs, toLocale*String or Intl.DateTimeFormat in a console page or a widget; date-text passes', async () => {
    const page = [
      "import dayjs from 'dayjs';",
      "import { dateTimeText } from '../../../shared/forms/date-text.ts';",
      'export const a = (ms: number) => new Date(ms).toLocaleString();',
      'export const b = (ms: number) => new Date(ms).toLocaleTimeString();',
      "export const c = new Intl.DateTimeFormat('zh-CN', { dateStyle: 'short' });",
      'export const d = (ms: number) => dateTimeText(ms);',
      "export const e = dayjs().format('YYYY-MM-DD');",
    ].join('\n');
    const found = await lint('console/pages/lint-probe/index.tsx', page);
    expect(only(found, 'no-restricted-imports').map((m) => m.line)).toEqual([1]);
    expect(only(found, 'no-restricted-imports')[0]!.message).toContain('date-text.ts');
    expect(only(found, 'no-restricted-syntax').map((m) => m.line)).toEqual([3, 4, 5]);
    expect(only(await lint('widgets/video-player/lint-probe.tsx', page.replace('../../../', '../../')), 'no-restricted-syntax').map((m) => m.line)).toEqual([3, 4, 5]);
    // dayjs is out of the shared layer too; the formatter itself may use Intl (time zones).
    expect(only(await lint('shared/forms/lint-probe.ts', "import dayjs from 'dayjs/esm';\nexport const z = new Intl.DateTimeFormat('en-CA');\nexport { dayjs };"), 'no-restricted-imports').map((m) => m.line)).toEqual([1]);
    expect(only(await lint('shared/forms/lint-probe.ts', "export const z = new Intl.DateTimeFormat('en-CA');"), 'no-restricted-syntax')).toEqual([]);
  });
});

describe('one way to ask the platform', () => {
  it('a view makes no request of its own: fetch, XMLHttpRequest and redaxios fail; shared/http passes', async () => {
    const found = await lint(
      'console/pages/lint-probe/index.tsx',
      [
        "import redaxios from 'redaxios';",
        "import { downloadFile } from '../../../shared/http/download.ts';",
        "export const a = () => fetch('/api/file/1').then((r) => r.blob());",
        'export const b = () => new XMLHttpRequest();',
        "export const c = () => downloadFile('/api/file/1', 'a.xlsx');",
        'export { redaxios };',
      ].join('\n'),
    );
    expect(only(found, 'no-restricted-imports').map((m) => m.line)).toEqual([1]);
    expect(only(found, 'no-restricted-globals').map((m) => m.line)).toEqual([3, 4]);
    expect(only(found, 'no-restricted-globals')[0]!.message).toContain('shared/http');
    expect(only(await lint('widgets/progress-panel/lint-probe.ts', "export const a = () => fetch('/api/x');"), 'no-restricted-globals').map((m) => m.line)).toEqual([1]);
  });
});

describe('tenant data by construction', () => {
  it("a domain's module may not reach app.atrium.db; tenantData(request) and platformData(app, why) pass", async () => {
    const found = await lint(
      'demo/server/alarms/lint-probe.ts',
      [
        "import type { FastifyPluginAsync } from 'fastify';",
        "import { platformData, tenantData } from '../tenant-data.ts';",
        'export const plugin: FastifyPluginAsync = async (app) => {',
        '  const { db } = app.atrium;',
        "  app.get('/a', async () => app.atrium.db.prepare('SELECT * FROM alarm').all());",
        "  app.get('/b', async (request) => tenantData(request).all('SELECT * FROM alarm WHERE tenant_id = $tenant'));",
        "  app.get('/c', async () => platformData(app, 'the operator lists every tenant').prepare('SELECT id FROM tenant').all());",
        '  const ctx = app.atrium;',
        "  app.get('/d', async () => ctx.db.prepare('SELECT * FROM alarm').all());",
        '  return void db;',
        '};',
      ].join('\n'),
    );
    // (The probe's SQL strings are refused too, by the data-module rule below: only the db rule counts here.)
    const raw = only(found, 'no-restricted-syntax').filter((m) => m.message.startsWith('Tenant data'));
    expect(raw.map((m) => m.line)).toEqual([4, 5, 9]);
  });
});

describe('SQL only in data modules', () => {
  const probe = [
    "import type { FastifyPluginAsync } from 'fastify';",
    "import { tenantData } from '../tenant-data.ts';",
    "const LIST = `SELECT ${'id'} FROM alarm WHERE tenant_id = $tenant`;",
    "const EXTRA = ' WHERE level = ?';",
    "export const method = ['DELETE', 'UPDATE'];",
    'export const plugin: FastifyPluginAsync = async (app) => {',
    "  app.get('/a', async (request) => tenantData(request).all(`${LIST} ORDER BY id`));",
    "  app.get('/b', async (request) => tenantData(request).all(`${LIST}",
    "    ORDER BY id`, 'From the console'));",
    '};',
    'export { EXTRA };',
  ].join('\n');

  it("a domain's route module may not hold SQL; its data module and seeds may", async () => {
    const found = only(await lint('demo/server/alarms/lint-probe.ts', probe), 'no-restricted-syntax');
    // Line 3 twice: the template's head `SELECT ` and its piece ` FROM alarm …` each look like SQL.
    expect(found.map((m) => m.line)).toEqual([3, 3, 4, 7, 8]);
    // 'From the console' is text and a bare 'DELETE' an HTTP method, not SQL: only upper-case keywords followed by more count.
    expect(found[0]!.message).toContain("domain's data module");
    for (const home of ['demo/server/alarms/data.ts', 'demo/server/alarms/alarm-data.ts', 'demo/server/alarms/alarm-seed.ts']) {
      expect(only(await lint(home, probe), 'no-restricted-syntax'), home).toEqual([]);
    }
  });

  it('still refuses app.atrium.db where it refuses SQL', async () => {
    const found = only(await lint('demo/server/devices/lint-probe.ts', "export const rows = (app: any) => app.atrium.db.prepare('SELECT 1').all();"), 'no-restricted-syntax');
    expect(found.map((m) => m.message.slice(0, 18))).toEqual(['Tenant data goes t', "SQL belongs in the"]);
  });
});
