// Directory sign-in against the demo's real LDAP directory: a directory person signs in and gets the
// roles its groups map to (the local account created once, linked by DN); a wrong password, a
// local-only account, a disabled person and an injected filter are refused; a directory address inside
// the platform's network is refused; with the directory down
// the answer is a clear message well within the request timeout; the settings keep the service
// password sealed and refuse a bad address or filter.
import { describe, expect, it } from 'vitest';
import { DIRECTORY_TIMEOUT_MS, escapeFilterValue } from './directory.ts';
import { usePlatform } from '../test-platform.ts';
import { api, jwt } from '../testing.ts';

describe('directory sign-in', () => {
  const p = usePlatform();
  const { call } = p;
  const db = () => p.s.app.atrium.db;
  const signIn = (username: string, password: string) => jwt(p.s.base, 'POST', '/jwt/token', { body: { username, password, model: 'ldap', verifyCode: '1234' }, headers: { lang: 'en' } }).then((r) => r.body);
  const info = async (token: string) => (await call(token, 'GET', '/api/admin/user/front/info')).data as { username: string; name: string; menus: Array<{ code: string }> };

  it('signs in directory people with the rights of their groups, once linked by DN', async () => {
    const first = await signIn('dir.operator', 'dir123');
    expect(first.token_type).toBe('bearer');
    const me = await info(first.token);
    expect(me).toMatchObject({ username: 'dir.operator', name: 'Dora Directory' });
    const rights = (await api(p.s.base, 'POST', '/jwt/token', { body: { username: 'operator', password: 'operator123', model: 'password', verifyCode: '1234' } })).body.token as string;
    expect(me.menus.map((m) => m.code).sort()).toEqual((await info(rights)).menus.map((m) => m.code).sort());
    // Placed in the department its group maps to.
    expect(db().prepare("SELECT d.name FROM user u JOIN department d ON d.id = u.department_id WHERE u.username = 'dir.operator'").get()).toEqual({ name: '运营中心' });
    // A second sign-in uses the same account.
    await signIn('dir.operator', 'dir123');
    expect(db().prepare("SELECT COUNT(*) AS n FROM user WHERE directory_dn LIKE 'uid=dir.operator,%'").get()).toEqual({ n: 1 });
    // The viewer's group maps to the viewer's rights.
    const viewer = await info((await signIn('dir.viewer', 'dir123')).token);
    expect(viewer.menus.map((m) => m.code)).not.toContain('alarmManager');
    // The account has no platform password: /login does not let it in.
    expect((await api(p.s.base, 'POST', '/jwt/token', { body: { username: 'dir.operator', password: 'dir123', model: 'password', verifyCode: '1234' }, headers: { lang: 'en' } })).body.msg).toBe('wrong username or password');
  });

  it('refuses a wrong password, a local-only account, an injected filter and a disabled person', async () => {
    expect((await signIn('dir.operator', 'wrong')).msg).toBe('wrong username or password');
    expect((await signIn('operator', 'operator123')).msg).toBe('wrong username or password');
    expect((await signIn('*', 'dir123')).msg).toBe('wrong username or password');
    expect((await signIn('dir.operator)(uid=*', 'dir123')).msg).toBe('wrong username or password');
    expect(escapeFilterValue('a*b(c)\\')).toBe('a\\2ab\\28c\\29\\5c');
    await api(p.s.base, 'POST', '/__test/ldap', { body: { uid: 'dir.viewer', disabled: true } });
    expect((await signIn('dir.viewer', 'dir123')).msg).toBe('wrong username or password');
    await api(p.s.base, 'POST', '/__test/ldap', { body: { uid: 'dir.viewer', disabled: false } });
    expect((await signIn('dir.viewer', 'dir123')).token_type).toBe('bearer');
  });

  it('answers a clear message at once while the directory is down, and signs in again when it is back', async () => {
    await api(p.s.base, 'POST', '/__test/ldap', { body: { up: false } });
    const t0 = Date.now();
    expect((await signIn('dir.operator', 'dir123')).msg).toBe('The directory cannot be reached right now; try again later or sign in with a platform account');
    expect(Date.now() - t0).toBeLessThan(DIRECTORY_TIMEOUT_MS);
    await api(p.s.base, 'POST', '/__test/ldap', { body: { up: true } });
    expect((await signIn('dir.operator', 'dir123')).token_type).toBe('bearer');
  });

  it('keeps the settings per tenant, the service password sealed, and refuses a bad address or filter', async () => {
    const mine = (await call(p.admin, 'GET', '/api/admin/ldap')).data;
    expect(mine).toMatchObject({ url: '', groupRoles: { operators: 'operator', viewers: 'viewer' }, hasPassword: true });
    expect((await call(p.admin2, 'GET', '/api/admin/ldap')).data).toBeNull();
    const base = { url: 'ldaps://ldap.example.com:636', startTls: false, bindDn: 'cn=svc,dc=example', bindPassword: 'svc-secret', baseDn: 'dc=example', userFilter: '(uid={username})', nameAttr: 'cn', mailAttr: 'mail', groupRoles: {}, enabled: true };
    expect((await call(p.admin2, 'PUT', '/api/admin/ldap', { ...base, url: 'http://evil.example' })).data).toEqual({ field: 'url' });
    for (const url of ['ldap://127.0.0.1:6379', 'ldap://169.254.169.254', 'ldaps://[::1]:636', 'ldap://10.0.0.8'])
      expect(await call(p.admin2, 'PUT', '/api/admin/ldap', { ...base, url }), url).toMatchObject({ msg: 'The address points to this machine or a private network the platform does not allow (ATRIUM_OUTBOUND_NETWORKS)', data: { field: 'url' } });
    expect((await call(p.admin2, 'PUT', '/api/admin/ldap', { ...base, userFilter: 'uid=*' })).data).toEqual({ field: 'userFilter' });
    expect((await call(p.admin2, 'PUT', '/api/admin/ldap', { ...base, groupRoles: { staff: 'no-such-role' } })).data).toEqual({ field: 'groupRoles' });
    expect(await call(p.admin2, 'PUT', '/api/admin/ldap', { ...base, groupDepartments: { staff: '运营中心' } })).toMatchObject({ msg: 'A department in the mapping does not exist', data: { field: 'groupDepartments' } });
    expect((await call(p.admin2, 'PUT', '/api/admin/ldap', base)).code).toBe(0);
    const stored = db().prepare('SELECT bind_password_sealed FROM ldap_directory WHERE tenant_id = 2').get() as { bind_password_sealed: string };
    expect(stored.bind_password_sealed).not.toContain('svc-secret');
    // Tenant 1's directory is untouched.
    expect((await call(p.admin, 'GET', '/api/admin/ldap')).data.url).toBe('');
  });
});
