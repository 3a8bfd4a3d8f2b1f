// The two pieces of react-i18next the widgets use (useTranslation, I18nextProvider), in a few
// lines: the kit build aliases 'react-i18next' here (vite-kit.ts) because the full library adds
// ~2.5 KB gzip to the bell's budget for features no widget uses (Trans, namespaces, Suspense).
// Same contract: `t` changes identity when the language changes, so memoized views re-render.
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { i18n as kitI18n } from '../i18n/index.ts';

const I18nContext = createContext<I18n | null>(null);

export function I18nextProvider(props: { i18n: I18n; children?: ReactNode }) {
  return <I18nContext.Provider value={props.i18n}>{props.children}</I18nContext.Provider>;
}

export function useTranslation(): { t: TFunction; i18n: I18n; ready: boolean } {
  const i18n = useContext(I18nContext) ?? kitI18n;
  const lang = useSyncExternalStore(
    (onChange) => {
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    },
    () => i18n.language,
  );
  const t = useMemo(() => i18n.getFixedT(lang), [i18n, lang]);
  return { t, i18n, ready: true };
}
