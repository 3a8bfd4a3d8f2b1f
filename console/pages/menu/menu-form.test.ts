// The menu entry form, declared once: what it sends for values a user filled in (the bodies the page
// sent before its form was declared once), and the messages an invalid value gets.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuEntry } from '../../../shared/api/menu-admin.ts';
import { envOf, messagesOf, recordRequests, send, valuesOf, type Sent } from '../../resource/form-test.ts';
import type { Env, FormDef, FormValues } from '../../resource/types.ts';
import { menuResource } from './index.tsx';

const form = menuResource.form!;
const env = envOf(undefined);
const entry: MenuEntry = { code: 'alarmSearch', zh: '告警', en: 'Alarms', icon: 'bell', uri: '/alarm/search', parentCode: 'alarm', sort: 10, hidden: false, custom: false, changed: false };

let sent: Sent[];
beforeEach(() => {
  sent = recordRequests(() => ({}));
});
afterEach(() => vi.unstubAllGlobals());

/** Saves the form opened on `row` with `values` typed over its initial ones. */
const saveWith = <Row, Page>(form: FormDef<Row, Page>, row: Row | null, env: Env<Page>, values: FormValues) => send(form, row, env, valuesOf(form, row, env, values), sent);
/** The zh message the dialog shows under `field` for `values` typed over the initial ones (null: none). */
const messageOf = <Row, Page>(form: FormDef<Row, Page>, row: Row | null, env: Env<Page>, values: FormValues, field: string) => messagesOf(form, row, env, valuesOf(form, row, env, values))[field]?.[0] ?? null;

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
