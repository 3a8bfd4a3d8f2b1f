// A page shows only texts that are loaded when it shows: each page's texts arrive with the page's own
// chunk (console/texts.ts), so a key defined by another page's texts is a raw key on screen
// (`models.close` on the region page's live-values dialog). For every page module, the literal keys of
// the files it imports (with the shell's, which is always there) must be in the kit catalogue or in a
// page texts file that the same files import.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lookup } from '../shared/i18n/translate.ts';
import type { Tree } from '../shared/i18n/resources/define.ts';
import { resources } from '../shared/i18n/catalog.ts';

const here = new URL('.', import.meta.url).pathname;
const LITERAL = /(?:\bt\(|\bkey: |Key: |key=\{?)\s*'([A-Za-z][\w]*(?:\.[\w]+)+)'/g;
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(?\s*)'(\.{1,2}\/[^']+)'/g;

function closure(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry) || !existsSync(entry)) return seen;
  seen.add(entry);
  for (const match of readFileSync(entry, 'utf8').matchAll(IMPORT)) {
    const target = resolve(dirname(entry), match[1]!);
    if (/\.tsx?$/.test(target) && !target.endsWith('.css.ts')) closure(target, seen);
  }
  return seen;
}

const has = (tree: Tree, key: string) => lookup(tree, key) !== undefined || lookup(tree, `${key}_other`) !== undefined;

/** Page texts files (they call addTexts) by path, with their zh tree. */
async function textsIn(files: Iterable<string>): Promise<Tree[]> {
  const trees: Tree[] = [];
  for (const file of files) {
    if (!/addTexts\(/.test(readFileSync(file, 'utf8')) || file.endsWith(`${join('console', 'texts.ts')}`)) continue;
    const mod = (await import(file)) as { default: { zh: Tree } };
    trees.push(mod.default.zh);
  }
  return trees;
}

const pages = readdirSync(join(here, 'pages')).filter((p) => existsSync(join(here, 'pages', p, 'index.tsx')));
const shell = closure(join(here, 'shell', 'layout.tsx'));
// A copy taken before any page texts load (i18next extends the catalogue's trees in place).
const kit = structuredClone(resources.zh);

describe('page texts are loaded where they are shown', () => {
  it('finds the pages it checks', () => {
    expect(pages.length).toBeGreaterThan(20);
    expect(pages).toContain('device-subsystem');
  });

  it.each(pages)('%s', async (page) => {
    const files = closure(join(here, 'pages', page, 'index.tsx'), new Set(shell));
    const loaded = await textsIn(files);
    const missing: string[] = [];
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      // A file that only hands keys on (resource/total.ts) renders nothing; its callers' keys are checked.
      if (!/\bt\(|useTranslation\(|i18n\.t\(/.test(source)) continue;
      for (const match of source.matchAll(LITERAL)) {
        const key = match[1]!;
        if (has(kit, key) || loaded.some((tree) => has(tree, key))) continue;
        missing.push(`${file.slice(here.length)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
