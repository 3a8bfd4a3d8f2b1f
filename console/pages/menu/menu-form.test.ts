// The menu entry form, declared once: what it sends for values a user filled in (the bodies the page
// sent before its form was declared once), and the messages an invalid value gets.
import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '../../../shared/api/menu-admin.ts';
import { envOf, formRequests, messageOf } from '../../resource/form-test.ts';
import { menuResource } from './index.tsx';

const form = menuResource.form!;
const env = envOf(undefined);
const entry: MenuEntry = { code: 'alarmSearch', zh: '告警', en: 'Alarms', icon: 'bell', uri: '/alarm/search', parentCode: 'alarm', sort: 10, hidden: false, custom: false, changed: false };

const { sent, saveWith } = formRequests(() => ({}));

describe('the menu entry form', () => {
  it('adds an entry with its code and group; the order as a number, hidden as a flag', async () => {
    await saveWith(form, null, env, { code: 'wiki', parentCode: 'system', zh: ' 知识库 ', en: 'Wiki', uri: ' https://wiki.example.com ', sort: ' 7 ', hidden: true });
    expect(sent).toEqual([{ method: 'POST', url: '/api/admin/menu', body: { code: 'wiki', parentCode: 'system', zh: '知识库', en: 'Wiki', icon: 'generic', uri: 'https://wiki.example.com', sort: 7, hidden: true } }]);
  });

  it('edits an entry by its code, without code or group in the body', async () => {
    await saveWith(form, entry, env, { en: 'Alarm search' });
    expect(sent).toEqual([{ method: 'PUT', url: '/api/admin/menu/alarmSearch', body: { zh: '告警', en: 'Alarm search', icon: 'bell', uri: '/alarm/search', sort: 10, hidden: false } }]);
  });

  it('says what is wrong: the order’s range, an address that is neither a path nor https', () => {
    expect(messageOf(form, entry, env, { sort: '100001' }, 'sort')).toBe('请输入 0 到 100000 之间的整数');
    expect(messageOf(form, entry, env, { uri: 'http://x' }, 'uri')).toBe('站内路径（以 / 开头）或 https:// 地址；权限项可留空');
    expect(messageOf(form, null, env, { code: '9x' }, 'code')).not.toBeNull();
  });
});
