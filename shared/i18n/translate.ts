// i18next-free translation over the same texts, for the demo server's messages and for tests.
import { resources } from './catalog.ts';
import { DEFAULT_LANG, type Lang } from './lang.ts';
import type { Tree } from './resources/define.ts';

export type TranslateParams = Readonly<Record<string, string | number>>;

/** The text at a dotted key, or undefined when the key is missing or names a group of texts. */
export function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Replaces {{name}} with params.name; a placeholder without a value stays visible rather than vanishing. */
export function interpolate(text: string, params?: TranslateParams): string {
  if (!params) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

export type Translate = (lang: Lang, key: string, params?: TranslateParams) => string;

/** A translate function over the given trees (the product's own below; tests pass small ones). */
export function translatorFor(trees: Readonly<Record<Lang, Tree>>): Translate {
  // A count picks the plural form as i18next does (key_one, key_other, … by Intl.PluralRules).
  const find = (lang: Lang, key: string, params?: TranslateParams): string | undefined => {
    const count = params?.count;
    if (typeof count === 'number') {
      const form = lookup(trees[lang], `${key}_${new Intl.PluralRules(lang).select(count)}`) ?? lookup(trees[lang], `${key}_other`);
      if (form !== undefined) return form;
    }
    return lookup(trees[lang], key);
  };
  return (lang, key, params) => interpolate(find(lang, key, params) ?? find(DEFAULT_LANG, key, params) ?? key, params);
}

/** The text for `key` in `lang`, else in zh, else the key itself, with {{param}} filled in. */
export const translate: Translate = translatorFor(resources);

export function hasKey(lang: Lang, key: string): boolean {
  return lookup(resources[lang], key) !== undefined;
}
