// Every text the console asks for exists in zh and en: literal keys in the source, route and group
// titles of the route table, and the keys built from step and language names.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lookup } from '../shared/i18n/translate.ts';
import { consoleResources } from './all-texts.ts';

const hasKey = (lang: 'zh' | 'en', key: string) => lookup(consoleResources[lang], key) !== undefined;
import { GROUPS, groupTitleKey, LAYOUT_ROUTES, PLAIN_ROUTES, STANDALONE_ROUTES, titleKey } from './router/route-table.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const LITERAL = /(?:\bt\(|\bkey: |Key: |key=\{?)\s*'([A-Za-z][\w]*(?:\.[\w]+)+)'/g;

describe('console texts', () => {
  const keys = new Set<string>();
  for (const file of sources(new URL('.', import.meta.url).pathname)) {
    for (const match of readFileSync(file, 'utf8').matchAll(LITERAL)) keys.add(match[1]!);
  }
  for (const route of [...LAYOUT_ROUTES, ...STANDALONE_ROUTES, ...PLAIN_ROUTES]) {
    keys.add(titleKey(route.name));
    for (const sub of Object.values(route.subTitles ?? {})) keys.add(sub);
  }
  for (const group of GROUPS) keys.add(groupTitleKey(group.code));
  for (const step of ['welcome', 'menu', 'tabs', 'header', 'language', 'user']) {
    keys.add(`shell.tour.${step}.title`);
    keys.add(`shell.tour.${step}.text`);
  }
  for (const lang of ['zh', 'en']) keys.add(`lang.${lang}`);

  it('page texts add keys without redefining the catalogue', () => {
    expect(consoleResources.conflicts).toEqual([]);
  });

  it('finds the keys it checks', () => {
    expect(keys.size).toBeGreaterThan(100);
    expect(keys).toContain('shell.theme.save');
  });

  it.each([...keys].sort())('%s exists in zh and en', (key) => {
    expect(hasKey('zh', key), `zh ${key}`).toBe(true);
    expect(hasKey('en', key), `en ${key}`).toBe(true);
  });
});
