import { describe, expect, it } from 'vitest';
import { interpolate, translate, translatorFor } from './translate.ts';

describe('translate', () => {
  it('gives the text of the chosen language', () => {
    expect(translate('zh', 'http.noPermission')).toBe('没有功能权限');
    expect(translate('en', 'http.noPermission')).toBe('no function permission');
  });

  it('fills {{params}} with strings and numbers', () => {
    expect(translate('en', 'validate.length.between', { min: 2, max: 20 })).toBe('Length must be 2 to 20 characters');
    expect(translate('zh', 'validate.length.between', { min: 2, max: 20 })).toBe('长度须为 2 到 20 个字符');
    expect(translate('en', 'list.totalOver', { count: 20000 })).toBe('Total 20000+');
  });

  it('leaves a placeholder without a value visible and ignores extra params', () => {
    expect(interpolate('{{a}} and {{ b }}', { a: 1, c: 3 })).toBe('1 and {{ b }}');
    expect(interpolate('no params here', { a: 1 })).toBe('no params here');
  });

  it('falls back to zh and then to the key', () => {
    const t = translatorFor({ zh: { a: { only: '仅中文 {{n}}' }, both: '中' }, en: { both: 'Both' } });
    expect(t('en', 'a.only', { n: 1 })).toBe('仅中文 1');
    expect(t('en', 'both')).toBe('Both');
    expect(t('en', 'missing')).toBe('missing');
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
    expect(translate('en', 'http')).toBe('http');
    expect(translate('en', 'http.networkTimeout.deeper')).toBe('http.networkTimeout.deeper');
    expect(translate('en', 'toString')).toBe('toString');
  });
});
