import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS } from '../validate/keys.ts';
import { conflicts, domainNames, resources } from './catalog.ts';
import * as domains from './resources/index.ts';
import { mergeResources, type Tree } from './resources/define.ts';
import { hasKey, lookup, translate } from './translate.ts';

/** Every leaf key of a tree, dotted. */
function leafKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}

const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();

describe('resources', () => {
  it('zh and en have exactly the same keys, in every domain file and merged', () => {
    for (const [name, domain] of Object.entries(domains)) {
      expect(leafKeys(domain.en as Tree), name).toEqual(leafKeys(domain.zh));
    }
    expect(leafKeys(resources.en).sort()).toEqual(leafKeys(resources.zh).sort());
  });

  it('no key is defined by two domain files', () => {
    expect(conflicts).toEqual([]);
    expect(domainNames.length).toBeGreaterThan(5);
  });

  it('every text is non-empty and uses the same {{params}} in both languages', () => {
    for (const key of leafKeys(resources.zh)) {
      const zh = lookup(resources.zh, key)!;
      const en = lookup(resources.en, key)!;
      expect(zh.trim(), key).not.toBe('');
      expect(en.trim(), key).not.toBe('');
      expect(placeholders(en), key).toEqual(placeholders(zh));
    }
  });

  it('zh texts are Chinese wherever the en text is a sentence', () => {
    const han = /\p{Script=Han}/u;
    for (const key of leafKeys(resources.en)) {
      const en = lookup(resources.en, key)!;
      if (/[a-z]{3,}\s+[a-z]{2,}/i.test(en) && !key.startsWith('lang.')) {
        expect(lookup(resources.zh, key), key).toMatch(han);
      }
    }
  });

  it('every message key shared/validate can return exists in both languages', () => {
    for (const key of MESSAGE_KEYS) {
      expect(hasKey('zh', key), `zh ${key}`).toBe(true);
      expect(hasKey('en', key), `en ${key}`).toBe(true);
    }
  });

  it('holds the keys and texts the signed client and the server rely on', () => {
    const en: Record<string, string> = {
      'http.networkTimeout': 'network timeout',
      'http.cannotConnect': 'cannot connect to the server',
      'http.sessionExpired.title': 'Session expired',
      'http.sessionExpired.message': 'Session expired, please log in again',
      'http.loggedElsewhere.message': 'user logged in elsewhere; if not you, the password may be leaked, change it',
      'http.noPermission': 'no function permission',
      'http.illegalLicense.title': 'Illegal License',
      'http.illegalLicense.message': 'License expired, contact the service operator for a legal License',
      'http.requestError': 'request error',
      'http.loggedOut': 'you have been logged out',
      'lang.switched': 'Language Switch Successful',
      'validate.password.mismatch': 'The passwords entered twice do not match!',
      'validate.phone.required': 'phone number cannot be empty',
      'validate.numeric': 'please enter a numeric value',
      'validate.phone.format': 'phone number format incorrect',
      'validate.name.exists': 'Name already exists',
      'validate.name.sameExists': 'The same name already exists.',
      'task.deleteFinished': 'delete finished progress',
      'task.selectToDelete': 'please select the options to delete',
      'common.backgroundOperation': 'The operation takes time in the background, please refresh later',
    };
    for (const [key, text] of Object.entries(en)) expect(translate('en', key), key).toBe(text);
    const zh: Record<string, string> = {
      'http.networkTimeout': '网络超时',
      'http.cannotConnect': '无法连接服务器',
      'validate.password.mismatch': '两次输入的密码不一致!',
      'lang.switched': '语言切换成功',
    };
    for (const [key, text] of Object.entries(zh)) expect(translate('zh', key), key).toBe(text);
    const present = [
      'http.loggedElsewhere.title', 'common.ok', 'common.cancel', 'common.confirm', 'common.close', 'common.retry',
      'login.wrongPassword', 'login.phoneNotRegistered', 'login.smsDisabled', 'login.smsSent', 'login.smsAlreadySent',
      'login.invalidApplication', 'login.authorizationFailed', 'login.bindUser', 'login.invalidUser', 'login.invalidVerifyCode',
      'sign.missing', 'sign.wrong', 'sign.stale', 'sign.replayed', 'widget.failed', 'widget.signInRequired',
      'common.deleteSuccess', 'common.addSuccess', 'common.importFailed', 'common.uploadFailed',
      'gateway.noAnswer', 'gateway.offline', 'gateway.exception', 'app.productVersion', 'list.totalOver',
      'task.column.name', 'task.column.startTime', 'task.column.endTime', 'task.column.progress', 'task.column.status',
      'task.column.detail', 'task.cancel', 'task.delete', 'media.noDevice',
      'status.alarmLevel.critical', 'status.alarmLevel.warning', 'status.alarmLevel.reminder', 'status.alarmLevel.normal',
    ];
    for (const key of present) {
      expect(hasKey('zh', key), key).toBe(true);
      expect(hasKey('en', key), key).toBe(true);
    }
  });

  it('names all ten pan-tilt actions', () => {
    const actions = ['up', 'down', 'left', 'right', 'upLeft', 'upRight', 'downLeft', 'downRight', 'zoomIn', 'zoomOut'];
    expect(leafKeys(resources.en).filter((k) => k.startsWith('media.ptz.action.'))).toEqual(actions.map((a) => `media.ptz.action.${a}`));
  });
});

describe('mergeResources', () => {
  it('deep-merges namespaces split over files and reports keys defined twice', () => {
    const a = { zh: { alarm: { bell: '告警' } }, en: { alarm: { bell: 'Alarms' } } };
    const b = { zh: { alarm: { level: '级别' } }, en: { alarm: { level: 'Level' } } };
    const c = { zh: { alarm: { bell: '铃' } }, en: { alarm: { bell: 'Bell' } } };
    const ok = mergeResources([a, b]);
    expect(ok.en).toEqual({ alarm: { bell: 'Alarms', level: 'Level' } });
    expect(ok.conflicts).toEqual([]);
    expect(mergeResources([a, c]).conflicts).toEqual(['alarm.bell']);
    expect(a.zh.alarm.bell).toBe('告警');
  });
});
