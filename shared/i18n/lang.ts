// The languages of the product (SPEC §1): Chinese by default, English by choice.
export type Lang = 'zh' | 'en';

export const LANGS: readonly Lang[] = ['zh', 'en'];

export const DEFAULT_LANG: Lang = 'zh';

export function isLang(value: unknown): value is Lang {
  return value === 'zh' || value === 'en';
}
