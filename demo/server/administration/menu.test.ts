// Menus: a tenant renames, re-icons, reorders and hides entries and adds its own; users get the
// tenant's tree at their next user-info load; a javascript: address is refused; the second tenant
// keeps the platform's tree.
import { describe, expect, it } from 'vitest';
import { usePlatform } from '../test-platform.ts';
import { login } from '../testing.ts';

describe('menus', () => {
  const p = usePlatform();
  const { call } = p;
  /** The fields a save takes (MenuSave): an entry of the tree carries more, which the call refuses by name. */
  const saveOf = ({ zh, en, icon, uri, sort, hidden }: { zh: string; en: string; icon: string; uri: string; sort: number; hidden: boolean }) => ({ zh, en, icon, uri, sort, hidden });
  const menus = async (token: string) => (await call(token, 'GET', '/api/admin/user/front/info')).data.menus as Array<{ code: string; menu: string; icon: string; uri: string }>;

  it('renames, reorders and hides entries for the tenant’s users only', async () => {
    const tree = (await call(p.admin, 'GET', '/api/admin/menu/tree')).data as Array<{ code: string; zh: string; en: string; icon: string; uri: string; sort: number; hidden: boolean }>;
    const devices = tree.find((m) => m.code === 'devManager')!;
    expect((await call(p.admin, 'PUT', '/api/admin/menu/devManager', { ...saveOf(devices), en: 'Equipment', icon: 'device', sort: 1, hidden: false })).data).toMatchObject({ en: 'Equipment', changed: true });
    const docs = tree.find((m) => m.code === 'documentManager')!;
    await call(p.admin, 'PUT', '/api/admin/menu/documentManager', { ...saveOf(docs), hidden: true });
    const mine = await menus(p.admin);
    expect(mine[0]).toMatchObject({ code: 'devManager', menu: 'Equipment' });
    expect(mine.map((m) => m.code)).not.toContain('documentManager');
    const operator = await login(p.s.base, 'operator', 'operator123');
    expect((await menus(operator)).map((m) => m.code)).not.toContain('devManager');
    expect((await menus(p.admin2)).find((m) => m.code === 'devManager')!.menu).toBe('Devices');
  });

  it('refuses a javascript: address and a code that exists; an entry of the tenant’s own shows for super admins', async () => {
    const tree = (await call(p.admin, 'GET', '/api/admin/menu/tree')).data as Array<{ code: string; zh: string; en: string; icon: string; uri: string; sort: number; hidden: boolean }>;
    const alarms = tree.find((m) => m.code === 'alarmManager')!;
    expect(await call(p.admin, 'PUT', '/api/admin/menu/alarmManager', { ...saveOf(alarms), uri: 'javascript:alert(1)', hidden: false })).toMatchObject({ msg: 'The address must be an in-app path (starting with /) or an https:// address', data: { field: 'uri' } });
    const own = { code: 'energyBoard', parentCode: 'MonitorOPS', zh: '能耗看板', en: 'Energy board', icon: 'chart', uri: 'https://energy.example/board', sort: 5, hidden: false };
    expect((await call(p.admin, 'POST', '/api/admin/menu', { ...own, code: 'userMng' })).msg).toBe('This code already exists');
    expect((await call(p.admin, 'POST', '/api/admin/menu', own)).data).toMatchObject({ code: 'energyBoard', custom: true });
    expect((await menus(p.admin)).find((m) => m.code === 'energyBoard')).toMatchObject({ menu: 'Energy board', uri: 'https://energy.example/board' });
    // Reset: the platform's entry again.
    expect((await call(p.admin, 'DELETE', '/api/admin/menu/devManager')).code).toBe(0);
    expect((await menus(p.admin)).find((m) => m.code === 'devManager')!.menu).toBe('Devices');
  });
});
