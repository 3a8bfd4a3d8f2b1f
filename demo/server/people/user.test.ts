// What each demo account may see, and the signed-in user's own profile, password and avatar.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, removeDir, start, type Running } from '../testing.ts';

let s: Running;
beforeAll(async () => {
  s = await start();
});
afterAll(async () => {
  await s.stop();
  removeDir(s.dir);
});

const info = async (username: string, password: string, lang = 'zh') => {
  const token = await login(s.base, username, password);
  return (await api(s.base, 'GET', '/api/admin/user/front/info', { token, headers: { lang } })).body.data;
};
const codes = (list: Array<{ code: string }>): string[] => list.map((m) => m.code);

describe('user info and rights', () => {
  it('gives admin every menu and element', async () => {
    const admin = await info('admin', 'admin123');
    expect(admin).toMatchObject({ username: 'admin', tenantId: 1, type: 'superAdmin' });
    for (const code of ['tenantMng', 'clusterMonitorMng', 'mqMonitor', 'clusterMonitor']) expect(codes(admin.menus)).not.toContain(code);
    expect(codes(admin.menus)).toEqual(expect.arrayContaining(['baseManager', 'devManager', 'videoGroup', 'alarmSearch', 'attendanceManage', 'perStats']));
    expect(codes(admin.elements).sort()).toEqual(['progress:del', 'progress:view', 'video:manage', 'video:play', 'video:replay']);
  });

  it('gives operator its menus (a group brings its children) and only video:play and progress:view', async () => {
    const op = await info('operator', 'operator123', 'en');
    const menus = codes(op.menus);
    for (const code of ['MonitorOPS', 'alarmManager', 'alarmSearch', 'videoGroup', 'linkManage', 'quickScene', 'devCard', 'devStatusTabs', 'alarmConfig', 'quickSceneMng']) {
      expect(menus).toContain(code);
    }
    for (const code of ['baseManager', 'tenantMng', 'devManager', 'gwManager', 'depMng']) expect(menus).not.toContain(code);
    expect(codes(op.elements).sort()).toEqual(['progress:view', 'video:play']);
    const video = op.menus.find((m: { code: string }) => m.code === 'videoGroup');
    expect(video).toEqual({ code: 'videoGroup', menu: 'Video access', icon: 'video', uri: '/videoGroup?type=wall', parentCode: 'devManager' });
  });

  it('gives viewer alarmSearch only', async () => {
    const viewer = await info('viewer', 'viewer123');
    expect(codes(viewer.menus)).toEqual(['alarmSearch']);
    expect(viewer.elements).toEqual([]);
  });

  it('answers the tenant of the signed-in user in tenant/detail', async () => {
    const token = await login(s.base, 'admin2', 'admin123');
    const detail = await api(s.base, 'GET', '/api/admin/tenant/detail', { token });
    expect(detail.body.data).toEqual([{ id: 2, name: 'Second Tenant Ltd.', logoUrl: expect.stringMatching(/^\/upload\/.+;\/upload\/.+$/) }]);
    const [main] = (detail.body.data[0].logoUrl as string).split(';');
    expect((await fetch(s.base + main)).status).toBe(200);
  });
});

describe('current user', () => {
  it('edits name, phone and email, rejecting a malformed phone without changing anything', async () => {
    const token = await login(s.base, 'viewer', 'viewer123');
    const bad = await api(s.base, 'PUT', '/api/admin/user/cur-user/info', {
      token,
      headers: { lang: 'en' },
      body: { name: 'New Name', phone: '12345678901', email: 'v@example.com' },
    });
    expect(bad.body).toEqual({ code: -1, msg: 'phone number format incorrect', data: { field: 'phone' } });
    const shortName = await api(s.base, 'PUT', '/api/admin/user/cur-user/info', {
      token,
      headers: { lang: 'en' },
      body: { name: 'V', phone: '13800000003', email: 'v@example.com' },
    });
    expect(shortName.body).toEqual({ code: -1, msg: 'name: Length must be 2 to 20 characters', data: { field: 'name' } });
    const taken = await api(s.base, 'PUT', '/api/admin/user/cur-user/info', {
      token,
      headers: { lang: 'en' },
      body: { name: 'Victor', phone: '13800000001', email: 'v@example.com' },
    });
    expect(taken.body.msg).toBe('this phone number is already in use');
    const unchanged = await api(s.base, 'GET', '/api/admin/user/cur-user/info', { token });
    expect(unchanged.body.data).toMatchObject({ name: 'Victor Viewer', phone: '13800000003', tenantName: 'Demo Building Co.', description: '告警查看员' });
    // The seeded description reads in the caller's language.
    expect((await api(s.base, 'GET', '/api/admin/user/cur-user/info', { token, headers: { lang: 'en' } })).body.data.description).toBe('Alarm viewer');

    const good = await api(s.base, 'PUT', '/api/admin/user/cur-user/info', { token, body: { name: '维克多 V', phone: '13812345678', email: 'victor@example.com' } });
    expect(good.body.data).toMatchObject({ name: '维克多 V', phone: '13812345678', email: 'victor@example.com' });
  });

  it('changes the password only with the right old one and a matching confirmation', async () => {
    const token = await login(s.base, 'operator', 'operator123');
    const other = await login(s.base, 'operator', 'operator123');
    const change = (body: object) => api(s.base, 'POST', '/api/admin/user/cur-user/update-password', { token, body, headers: { lang: 'en' } });
    expect((await change({ oldPassword: 'operator123', newPassword: 'brand-new', confirmPassword: 'brand-neW' })).body).toEqual({
      code: -1,
      msg: 'The passwords entered twice do not match!',
      data: { field: 'confirmPassword' },
    });
    expect((await change({ oldPassword: 'operator123', newPassword: 'abc', confirmPassword: 'abc' })).body.msg).toBe('new password: The password must be 5 to 64 characters long');
    expect((await change({ oldPassword: 'wrong-old', newPassword: 'brand-new', confirmPassword: 'brand-new' })).body.msg).toBe('the old password is wrong');
    await expect(login(s.base, 'operator', 'operator123')).resolves.toBeTruthy();

    expect((await change({ oldPassword: 'operator123', newPassword: 'brand-new', confirmPassword: 'brand-new' })).body.code).toBe(0);
    await expect(login(s.base, 'operator', 'operator123')).rejects.toThrow(/wrong username or password|用户名或密码错误/);
    await expect(login(s.base, 'operator', 'brand-new')).resolves.toBeTruthy();
    // The session that changed it stays; every other session of the account ends.
    expect((await api(s.base, 'GET', '/api/admin/user/cur-user/info', { token })).body.code).toBe(0);
    expect((await api(s.base, 'GET', '/api/admin/user/cur-user/info', { token: other })).body.code).toBe(40101);
  });
});

describe('avatar upload', () => {
  const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d2a2d20000000049454e44ae426082', 'hex');
  const upload = async (token: string, bytes: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return api(s.base, 'POST', '/api/admin/user/cur-user/avatar', { token, form, headers: { lang: 'en' } });
  };

  it('stores a PNG (recognised by its bytes) and serves it back under /upload/', async () => {
    const token = await login(s.base, 'admin', 'admin123');
    const answer = await upload(token, PNG, 'me.png', 'image/png');
    expect(answer.body.code).toBe(0);
    const url = answer.body.data.avatar as string;
    expect(url).toMatch(/^\/upload\/avatar\/.+\.png$/);
    const served = await fetch(s.base + url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    const front = await api(s.base, 'GET', '/api/admin/user/front/info', { token });
    expect(front.body.data.avatar).toBe(url);
  });

  it('serves an SVG so that it cannot run script on the platform origin', async () => {
    const token = await login(s.base, 'admin', 'admin123');
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const answer = await upload(token, svg, 'me.svg', 'image/svg+xml');
    expect(answer.body.code).toBe(0);
    const served = await fetch(s.base + answer.body.data.avatar);
    expect(served.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    expect(served.headers.get('content-disposition')).toBe('attachment');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a file that is not JPG, PNG or SVG whatever its name, and one over 2 MB', async () => {
    const token = await login(s.base, 'admin', 'admin123');
    const before = (await api(s.base, 'GET', '/api/admin/user/front/info', { token })).body.data.avatar;
    const fake = await upload(token, Buffer.from('MZ not an image at all'), 'me.png', 'image/png');
    expect(fake.body).toEqual({ code: -1, msg: 'The avatar must be a JPG, PNG or SVG image' });
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload(token, big, 'big.png', 'image/png')).body).toEqual({ code: -1, msg: 'The avatar must not exceed 2 MB' });
    expect((await api(s.base, 'GET', '/api/admin/user/front/info', { token })).body.data.avatar).toBe(before);
    const dir = join(s.dir, 'upload', 'avatar');
    expect(() => readFileSync(join(dir, 'big.png'))).toThrow();
  });

  it('needs a signed-in user', async () => {
    const refused = await api(s.base, 'GET', '/api/admin/user/cur-user/info');
    expect(refused.body.code).toBe(40101);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'me.png');
    expect((await api(s.base, 'POST', '/api/admin/user/cur-user/avatar', { form })).body.code).toBe(40101);
  });
});

describe('the tenant user list', () => {
  it('pages the tenant’s own users with a total, and never another tenant’s', async () => {
    const admin = await login(s.base, 'admin', 'admin123');
    const page = (await api(s.base, 'POST', '/api/admin/user/page', { token: admin, body: { page: 1, limit: 2 } })).body;
    expect(page.code).toBe(0);
    expect(page.data.total).toBe(3);
    expect(page.data.rows.map((r: { username: string }) => r.username)).toEqual(['admin', 'operator']);
    const admin2 = await login(s.base, 'admin2', 'admin123');
    const other = (await api(s.base, 'POST', '/api/admin/user/page', { token: admin2, body: { page: 1, limit: 50 } })).body;
    expect(other.data.rows.map((r: { username: string }) => r.username)).toEqual(['admin2']);
  });

  it('filters by keyword and refuses a bad page without the depMng right', async () => {
    const admin = await login(s.base, 'admin', 'admin123');
    const found = (await api(s.base, 'POST', '/api/admin/user/page', { token: admin, body: { page: 1, limit: 10, keyword: 'view' } })).body;
    expect(found.data.rows.map((r: { username: string }) => r.username)).toEqual(['viewer']);
    const bad = (await api(s.base, 'POST', '/api/admin/user/page', { token: admin, body: { page: 0, limit: 10 } })).body;
    expect(bad.code).toBe(-1);
    const viewer = await login(s.base, 'viewer', 'viewer123');
    expect((await api(s.base, 'POST', '/api/admin/user/page', { token: viewer, body: { page: 1, limit: 10 } })).body.code).toBe(40301);
  });
});
