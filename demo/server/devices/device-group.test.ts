// Devices in data groups (SPEC §6): a role granting a device group narrows its users to the devices
// filed there — the list, the status changes, values, writes and history — while a role granting only
// camera groups leaves devices alone; filing moves devices between groups, all or none, within the
// tenant.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { usePlatform } from '../test-platform.ts';
import { api, downloadSigned, login, taskDone } from '../testing.ts';

const NEW_USER = { name: 'Scoped', password: 'secret-pass-1', confirmPassword: 'secret-pass-1', email: 'scoped@example.com' };

describe('devices in data groups', () => {
  const p = usePlatform();
  type Row = { id: number; code: string; dataGroupId: number | null; dataGroupName: string };
  const list = async (token: string, query: Record<string, string> = {}) => (await p.call(token, 'GET', '/api/device/list', undefined, { limit: '20000', ...query })).data as { total: number; rows: Row[] };
  const deviceGroups = async () => (await p.call(p.admin, 'GET', '/api/admin/dataGrp/tree/0', undefined, { type: '8' })).data as Array<{ id: number; name: string }>;
  /** A GET answered in Chinese (p.call asks in English). */
  const inChinese = async (path: string, query: Record<string, string>) => (await api(p.s.base, 'GET', path, { token: p.admin, query, headers: { lang: 'zh' } })).body.data;
  const userWith = async (username: string, phone: string, dataGroups: number[]) => {
    const role = (await p.call(p.admin, 'PUT', '/api/admin/group/role', { code: username.replace('.', '_'), name: username.replace('.', ' '), menus: ['MonitorOPS', 'devStatusTabs', 'historySearch', 'devManager', 'subsystemManage'], elements: ['progress:view'], dataGroups })).data as { id: number };
    const made = await p.call(p.admin, 'POST', '/api/admin/user', { ...NEW_USER, username, phone, roleIds: [role.id] });
    expect(made.code, made.msg).toBe(0);
    return login(p.s.base, username, 'secret-pass-1');
  };

  it('narrows a user granted a device group to the devices filed there', async () => {
    const [hvac, safety] = await deviceGroups();
    // The seeded groups are named in the reader's language (local-names.ts), in the tree and on each device.
    expect([hvac!.name, safety!.name]).toEqual(['HVAC plant', 'Life safety']);
    expect((await inChinese('/api/admin/dataGrp/tree/0', { type: '8' }) as Array<{ name: string }>).map((g) => g.name)).toEqual(['暖通空调', '生命安全']);
    const all = await list(p.admin);
    const inHvac = all.rows.filter((d) => d.dataGroupId === hvac!.id);
    expect(inHvac.length).toBeGreaterThan(0);
    expect(inHvac.every((d) => d.dataGroupName === 'HVAC plant')).toBe(true);
    const zhRows = ((await inChinese('/api/device/list', { limit: '20000' })) as { rows: Row[] }).rows.filter((d) => d.dataGroupId === hvac!.id);
    expect(zhRows.length).toBe(inHvac.length);
    expect(zhRows.every((d) => d.dataGroupName === '暖通空调')).toBe(true);
    const outside = all.rows.find((d) => d.dataGroupId !== hvac!.id && /FCU|SMOKE/.test(d.code) === false)!;

    const tech = await userWith('hvac.tech', '13700000041', [hvac!.id]);
    const mine = await list(tech);
    expect(mine.total).toBe(inHvac.length);
    expect(mine.rows.every((d) => d.dataGroupId === hvac!.id)).toBe(true);
    // Outside the group the device does not exist for this user: values, writes, history.
    expect((await p.call(tech, 'GET', `/api/device/${outside.id}/points`)).code).toBe(-1);
    expect((await p.call(tech, 'POST', `/api/device/${outside.id}/control`, { code: 'setpoint', value: 22 })).code).toBe(-1);
    const day = new Date().toISOString().slice(0, 10);
    expect((await p.call(tech, 'POST', '/api/device/history', { deviceIds: [outside.id], codes: ['temp'], startTime: `${day} 00:00:00`, endTime: `${day} 23:59:59` })).code).toBe(-1);
    expect((await p.call(tech, 'GET', `/api/device/${inHvac[0]!.id}/points`)).code).toBe(0);
    // The export holds the same devices as the list: the header and one row per device of the group.
    const started = await p.call(tech, 'POST', '/api/device/export', {});
    expect(started.code, started.msg).toBe(0);
    const item = await taskDone(p.s.base, tech, started.data.key, started.data.hashKey);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await (await downloadSigned(p.s.base, tech, item.download!)).arrayBuffer());
    const codes = book.worksheets[0]!.getColumn(1).values.slice(2);
    expect(codes.length).toBe(inHvac.length);
    expect(codes).not.toContain(outside.code);
    // Status changes carry only the user's devices.
    await fetch(`${p.s.base}/__test/device/status`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: outside.id, status: 'offline' }) });
    const changes = (await p.call(tech, 'GET', '/api/device/status/changes', undefined, { since: '0' })).data as { changes: Array<{ id: number }> };
    expect(changes.changes.some((c) => c.id === outside.id)).toBe(false);

    // A role granting only camera groups leaves devices alone.
    const cameraGroup = ((await p.call(p.admin, 'GET', '/api/admin/dataGrp/tree/0')).data as Array<{ id: number }>)[0]!;
    const guard = await userWith('cam.only', '13700000042', [cameraGroup.id]);
    expect((await list(guard)).total).toBe(all.total);
  });

  it('shows a user narrowed to device groups only the alarms of their devices', async () => {
    const [hvac] = await deviceGroups();
    const role = (await p.call(p.admin, 'PUT', '/api/admin/group/role', { code: 'hvac_desk', name: 'HVAC desk', menus: ['alarmSearchPage', 'alarmSearch'], dataGroups: [hvac!.id] })).data as { id: number };
    expect((await p.call(p.admin, 'POST', '/api/admin/user', { ...NEW_USER, username: 'hvac.desk', phone: '13700000043', roleIds: [role.id] })).code).toBe(0);
    const desk = await login(p.s.base, 'hvac.desk', 'secret-pass-1');
    const inHvac = new Set((await list(p.admin)).rows.filter((d) => d.dataGroupId === hvac!.id).map((d) => d.code));
    type Alarm = { id: number; deviceCode: string; handleStatus: string };
    const history = async (token: string) => (await p.call(token, 'GET', '/api/alarm/his', undefined, { limit: '1000' })).data as { total: number; rows: Alarm[] };
    const all = await history(p.admin);
    const mine = await history(desk);
    const expected = all.rows.filter((a) => inHvac.has(a.deviceCode));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.total);
    expect(mine.rows.map((a) => a.id).sort()).toEqual(expected.map((a) => a.id).sort());
    // The bell counts their devices' unhandled alarms; breakdowns and actions stay inside too.
    expect((await p.call(desk, 'GET', '/api/alarm/total/tenant')).data.total).toBe(expected.filter((a) => a.handleStatus === 'unhandled').length);
    for (const r of (await p.call(desk, 'GET', '/api/alarm/list/machine', undefined, { limit: '100' })).data as Array<{ deviceCode: string }>) expect(inHvac.has(r.deviceCode)).toBe(true);
    const levels = (await p.call(desk, 'POST', '/api/alarm/total/by/level', { days: 92 })).data as Array<{ total: number }>;
    expect(levels.reduce((n, l) => n + l.total, 0)).toBe(mine.total);
    const outside = all.rows.find((a) => !inHvac.has(a.deviceCode) && a.handleStatus !== 'handled')!;
    expect((await p.call(desk, 'POST', '/api/alarm/handle', { ids: [outside.id], handleStatus: 'handling' })).msg).toBe(`no such alarm: ${outside.id}`);
    expect((await p.call(desk, 'GET', `/api/alarm/${outside.id}/actions`)).code).toBe(-1);
  });

  it('files devices in a group, all or none, and only within the tenant', async () => {
    const [hvac, safety] = await deviceGroups();
    const tech = await login(p.s.base, 'hvac.tech', 'secret-pass-1');
    const before = (await list(tech)).total;
    const moved = (await list(tech)).rows[0]!;
    expect((await p.call(p.admin, 'POST', '/api/device/data-group', { ids: [moved.id, 999999], dataGroupId: safety!.id })).msg).toBe('no such device: 999999');
    expect((await list(tech)).total).toBe(before);
    expect((await p.call(p.admin, 'POST', '/api/device/data-group', { ids: [moved.id], dataGroupId: safety!.id })).data).toEqual({ filed: 1 });
    expect((await list(tech)).total).toBe(before - 1);
    expect((await list(p.admin, { keyword: moved.code.toLowerCase() })).rows.find((d) => d.id === moved.id)).toMatchObject({ dataGroupId: safety!.id, dataGroupName: 'Life safety' });
    const cameraGroup = ((await p.call(p.admin, 'GET', '/api/admin/dataGrp/tree/0')).data as Array<{ id: number }>)[0]!;
    expect((await p.call(p.admin, 'POST', '/api/device/data-group', { ids: [moved.id], dataGroupId: cameraGroup.id })).msg).toBe('no such device data group');
    expect((await p.call(p.admin, 'POST', '/api/device/data-group', { ids: [moved.id], dataGroupId: null })).code).toBe(0);
    // A malformed request is refused naming the field, and files nothing.
    const wrong = await p.call(p.admin, 'POST', '/api/device/data-group', { ids: [String(moved.id)], dataGroupId: safety!.id });
    expect([wrong.code, wrong.msg, wrong.data]).toEqual([-1, expect.stringMatching(/^ids\b/i), { field: 'ids' }]);
    expect((await p.call(p.admin, 'POST', '/api/device/data-group', { ids: [moved.id], dataGroupId: safety!.id, extra: 1 })).data).toEqual({ field: 'extra' });
    expect((await list(p.admin, { keyword: moved.code.toLowerCase() })).rows.find((d) => d.id === moved.id)!.dataGroupId).toBeNull();
    // The other tenant can neither file tenant 1's devices nor use its groups.
    expect((await p.call(p.admin2, 'POST', '/api/device/data-group', { ids: [moved.id], dataGroupId: null })).msg).toBe(`no such device: ${moved.id}`);
    expect((await p.call(p.admin2, 'POST', '/api/device/data-group', { ids: [], dataGroupId: hvac!.id })).msg).toBe('no such device data group');
  });
});
