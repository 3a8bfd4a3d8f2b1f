/**
 * The product's i18next instance (zh default, en by choice). It is a private instance, never i18next's
 * global default, so a host page that runs its own i18next is untouched; and it is kept on a global
 * symbol so that a page loading the widget bundle twice still switches every widget with one call.
 * Bind it to React with react-i18next's `<I18nextProvider i18n={i18n}>`.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { resources } from './catalog.ts';
import { DEFAULT_LANG, isLang, LANGS, type Lang } from './lang.ts';

export { DEFAULT_LANG, isLang, LANGS, type Lang } from './lang.ts';
export { translate, translatorFor, interpolate, hasKey, type Translate, type TranslateParams } from './translate.ts';
export { resources } from './catalog.ts';

/** A new instance with every text loaded, ready to use as soon as this returns (no async init). */
export function createI18n(lng: Lang = DEFAULT_LANG): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGS],
    resources: {
      zh: { translation: resources.zh },
      en: { translation: resources.en },
    },
    initAsync: false,
    // React escapes what it renders; escaping here too would show &amp; in the UI.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

const SHARED = Symbol.for('atrium.i18n');
const holder = globalThis as typeof globalThis & { [SHARED]?: I18n };

export const i18n: I18n = holder[SHARED] ?? (holder[SHARED] = createI18n());

/** Switches every widget and page bound to the instance; the texts are in memory, so it takes effect at once. */
export function setLanguage(lang: Lang): Promise<unknown> {
  return i18n.changeLanguage(lang);
}

export function getLanguage(): Lang {
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

/** Calls `listener` after each switch; returns the unsubscribe function. */
export function onLanguageChange(listener: (lang: Lang) => void): () => void {
  const handler = (lng: string): void => listener(isLang(lng) ? lng : DEFAULT_LANG);
  i18n.on('languageChanged', handler);
  return () => i18n.off('languageChanged', handler);
}
