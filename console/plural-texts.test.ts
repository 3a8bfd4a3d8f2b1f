// Issue 38 "plurals are right": an English count says "1 open alarm", not "1 open alarms". Through the
// console's one i18next instance with every page's texts loaded (as the pages load them), and for the
// whole class: every English text whose {{count}} is followed by a plural word has its singular
// (key_one), which i18next picks for a count of 1.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../shared/i18n/index.ts';
import { resources } from '../shared/i18n/catalog.ts';
import type { Tree } from '../shared/i18n/resources/define.ts';

const here = new URL('.', import.meta.url).pathname;

/** The console's page texts files (those that call addTexts), not the helper that defines it. */
function textsFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) textsFiles(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && path !== join(here, 'texts.ts') && /\baddTexts\(/.test(readFileSync(path, 'utf8'))) out.push(path);
  }
  return out;
}

/** Every text of a tree: its dotted key, its leaf name, its parent. */
function* texts(tree: Tree, path: string[] = []): Generator<{ key: string; leaf: string; text: string; parent: Tree }> {
  for (const [leaf, value] of Object.entries(tree)) {
    if (typeof value === 'string') yield { key: [...path, leaf].join('.'), leaf, text: value, parent: tree };
    else yield* texts(value, [...path, leaf]);
  }
}

// "{{count}} devices", "{{count}} open alarms", "({{count}} devices)": the count names a plural thing.
const COUNTED_PLURAL = /\{\{count\}\}\s+(?:[a-z]+\s+)?[a-z]+s\b/;

describe('English counts', () => {
  const english: Tree[] = [structuredClone(resources.en)];
  beforeAll(async () => {
    for (const file of textsFiles(here)) english.push(((await import(file)) as { default: { en: Tree } }).default.en);
  });

  it('say "1 open alarm" and "3 open alarms" (device cards, scada pages)', () => {
    const en = i18n.getFixedT('en');
    expect([en('device.cards.alarms', { count: 1 }), en('device.cards.alarms', { count: 3 })]).toEqual(['1 open alarm', '3 open alarms']);
    expect([en('scadaView.alarms', { count: 1 }), en('scadaView.alarms', { count: 3 })]).toEqual(['1 open alarm', '3 open alarms']);
    expect(en('wall.count', { count: 1 })).toBe('1 camera');
    // Chinese has one form for every count.
    expect(i18n.getFixedT('zh')('device.cards.alarms', { count: 1 })).toBe('1 条未处理告警');
  });

  it('have a singular wherever a count names a plural thing', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const tree of english)
      for (const { key, leaf, text, parent } of texts(tree)) {
        if (/_(zero|one|two|few|many|other)$/.test(leaf) || !COUNTED_PLURAL.test(text)) continue;
        checked++;
        const one = parent[`${leaf}_one`];
        if (typeof one !== 'string') missing.push(`${key}: "${text}"`);
      }
    expect(checked).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
