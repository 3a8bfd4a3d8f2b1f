import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, getLanguage, i18n, onLanguageChange, setLanguage } from './index.ts';

afterEach(async () => {
  await setLanguage('zh');
});

describe('i18n instance', () => {
  it('starts in Chinese and is usable right after import', () => {
    expect(getLanguage()).toBe('zh');
    expect(i18n.t('http.networkTimeout')).toBe('网络超时');
    expect(i18n.t('validate.length.max', { max: 255 })).toBe('长度不能超过 255 个字符');
  });

  it('switches language at once and tells listeners', async () => {
    const seen: string[] = [];
    const stop = onLanguageChange((lang) => seen.push(lang));
    void setLanguage('en');
    expect(getLanguage()).toBe('en');
    expect(i18n.t('lang.switched')).toBe('Language Switch Successful');
    await setLanguage('zh');
    stop();
    await setLanguage('en');
    expect(seen).toEqual(['en', 'zh']);
  });

  it('leaves the global i18next of a host page alone', async () => {
    await i18next.init({ lng: 'fr', resources: { fr: { translation: { hello: 'bonjour' } } } });
    await setLanguage('en');
    expect(i18next.language).toBe('fr');
    expect(i18next.t('hello')).toBe('bonjour');
    expect(i18next.t('http.networkTimeout')).toBe('http.networkTimeout');
    expect(i18n.t('http.networkTimeout')).toBe('network timeout');
  });

  it('can be created in English and falls back to zh and then the key', () => {
    const en = createI18n('en');
    expect(en.language).toBe('en');
    expect(en.t('common.cancel')).toBe('Cancel');
    expect(en.t('no.such.key')).toBe('no.such.key');
    expect(createI18n().t('common.cancel')).toBe('取消');
  });
});
