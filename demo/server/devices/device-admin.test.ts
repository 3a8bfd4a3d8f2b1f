// Regions and devices management: the area tree (add, rename, move never under itself, delete only
// when empty), editing and deleting devices with the shared rules, a model of another tenant refused,
// the export (row count, formula-looking cells escaped), and another tenant reaching nothing.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { usePlatform } from '../test-platform.ts';
import { api, downloadSigned, taskDone } from '../testing.ts';

describe('regions and devices', () => {
  const p = usePlatform();
  const en = { lang: 'en' };
  const { call } = p;
  const devices = async (token: string, query: Record<string, string>) => (await api(p.s.base, 'GET', '/api/device/list', { token, query, headers: en })).body;

  it('names the seeded areas in the caller language; moving one in English keeps its Chinese name, renaming it names it in both', async () => {
    const { admin } = p;
    type Node = { rowGuid: string; areaName: string; children: Node[] };
    const tree = async (lang: string) => (await api(p.s.base, 'GET', '/api/device/area/tree', { token: admin, headers: { lang } })).body.data as Node[];
    expect((await tree('zh')).map((n) => n.areaName)).toEqual(expect.arrayContaining(['总部园区', '数据中心']));
    const english = await tree('en');
    expect(english.map((n) => n.areaName)).toEqual(expect.arrayContaining(['Headquarters campus', 'Data centre']));
    const dc = english.find((n) => n.areaName === 'Data centre')!;
    const room = dc.children.find((n) => n.areaName === 'Server room 2')!;
    const campus = english.find((n) => n.areaName === 'Headquarters campus')!;
    // Moved under the campus with the English name it was shown: still 2号机房 in Chinese.
    expect((await call(admin, 'PUT', `/api/device/area/${room.rowGuid}`, { name: 'Server room 2', parentId: campus.rowGuid })).code).toBe(0);
    const moved = (await tree('zh')).find((n) => n.areaName === '总部园区')!.children.find((n) => n.rowGuid === room.rowGuid)!;
    expect(moved.areaName).toBe('2号机房');
    // Renamed: the typed name in both languages; moved back where it was.
    expect((await call(admin, 'PUT', `/api/device/area/${room.rowGuid}`, { name: 'Server room East', parentId: dc.rowGuid })).code).toBe(0);
    const find = (nodes: Node[]): Node | undefined => nodes.flatMap((n) => [n, ...n.children]).find((n) => n.rowGuid === room.rowGuid);
    expect(find(await tree('zh'))!.areaName).toBe('Server room East');
    expect(find(await tree('en'))!.areaName).toBe('Server room East');
  });

  it('adds, renames and moves areas, never under themselves, and deletes only empty ones', async () => {
    const { admin, admin2 } = p;
    const top = (await call(admin, 'POST', '/api/device/area', { name: 'Plant' })).data;
    const hall = (await call(admin, 'POST', '/api/device/area', { name: 'Hall', parentId: top.rowGuid })).data;
    expect(hall.parentId).toBe(top.rowGuid);
    expect((await call(admin, 'PUT', `/api/device/area/${top.rowGuid}`, { name: 'Plant', parentId: hall.rowGuid })).msg).toBe('invalid parent area (missing, or one of its own sub-areas)');
    expect((await call(admin, 'PUT', `/api/device/area/${hall.rowGuid}`, { name: 'Main hall', parentId: null })).data.areaName).toBe('Main hall');
    const tree = (await call(admin, 'GET', '/api/device/area/tree')).data as Array<{ areaName: string }>;
    expect(tree.map((n) => n.areaName)).toEqual(expect.arrayContaining(['Plant', 'Main hall']));
    // A device in it keeps it.
    const made = await call(admin, 'POST', '/api/device', { code: 'HALL-001', name: 'Hall-fan', areaId: hall.rowGuid });
    expect(made.msg).toBe('ok');
    expect((await call(admin, 'DELETE', `/api/device/area/${hall.rowGuid}`)).msg).toBe('the area still holds 1 device and 0 sub-areas and cannot be deleted');
    expect((await call(admin, 'DELETE', `/api/device/area/${top.rowGuid}`)).code).toBe(0);
    expect((await call(admin2, 'DELETE', `/api/device/area/${hall.rowGuid}`)).code).toBe(-1);
  });

  it('edits a device with the shared rules, keeps codes unique, and deletes', async () => {
    const { admin, admin2, s } = p;
    const list = (await devices(admin, { keyword: 'HALL-001' })).data;
    expect(list.total).toBe(1);
    const device = list.rows[0];
    const base = { code: 'HALL-001', name: 'Hall-fan' };
    expect((await call(admin, 'PUT', `/api/device/${device.id}`, { ...base, sn: 'ABCDEFGHIJK' })).msg).toContain('12');
    expect((await call(admin, 'PUT', `/api/device/${device.id}`, { ...base, address: '3-x' })).code).toBe(-1);
    expect((await call(admin, 'PUT', `/api/device/${device.id}`, { ...base, code: 'HALL{1}' })).code).toBe(-1);
    const other = (await devices(admin, { limit: '1', sort: 'code' })).data.rows[0];
    expect((await call(admin, 'PUT', `/api/device/${device.id}`, { ...base, code: other.code })).msg).toContain(other.code);
    const theirModel = (await call(admin2, 'GET', '/api/device/model/all')).data[0];
    expect((await call(admin, 'PUT', `/api/device/${device.id}`, { ...base, modelId: theirModel.id })).msg).toContain('No such model');
    const myModel = (await call(admin, 'GET', '/api/device/model/all')).data.find((m: { code: string }) => m.code === 'FCU100');
    expect((await call(admin, 'PUT', `/api/device/${device.id}`, { ...base, label: '=cmd|calc', sn: 'ABCDEFGHIJKL', address: '3-12', modelId: myModel.id })).code).toBe(0);
    const after = (await devices(admin, { keyword: 'HALL-001' })).data.rows[0];
    expect(after).toMatchObject({ sn: 'ABCDEFGHIJKL', address: '3-12', modelName: 'Fan coil unit', label: '=cmd|calc' });
    expect((await call(admin2, 'PUT', `/api/device/${device.id}`, base)).code).toBe(-1);
    expect((await call(admin2, 'POST', '/api/device/delete', { ids: [device.id] })).code).toBe(-1);

    // The export holds what the filter matches, with formula-looking text escaped.
    const started = await call(admin, 'POST', '/api/device/export', { keyword: 'HALL-001' });
    const item = await taskDone(s.base, admin, started.data.key, started.data.hashKey);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await (await downloadSigned(s.base, admin, item.download!)).arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(3).value).toBe("'=cmd|calc");
    // Everything a person reads is in their language: the task's title and message (the toast says
    // "Export devices is done · 1 device exported"; the count's singular), the sheet's status words.
    expect([item.title, item.msg]).toEqual(['Export devices', '1 device exported']);
    expect(await taskDone(s.base, admin, started.data.key, started.data.hashKey, 'zh')).toMatchObject({ title: '导出设备', msg: '已导出 1 台设备' });
    const STATUS = { zh: { online: '在线', offline: '离线', unknown: '未知' }, en: { online: 'Online', offline: 'Offline', unknown: 'Unknown' } } as const;
    expect([sheet.getRow(1).getCell(9).value, sheet.getRow(2).getCell(9).value]).toEqual(['Status', STATUS.en[after.status as 'online']]);
    const zhStarted = (await api(s.base, 'POST', '/api/device/export', { token: admin, body: { keyword: 'HALL-001' }, headers: { lang: 'zh' } })).body;
    const zhItem = await taskDone(s.base, admin, zhStarted.data.key, zhStarted.data.hashKey, 'zh');
    const zhBook = new ExcelJS.Workbook();
    await zhBook.xlsx.load(await (await downloadSigned(s.base, admin, zhItem.download!)).arrayBuffer());
    const zhSheet = zhBook.worksheets[0]!;
    expect([zhSheet.getRow(1).getCell(9).value, zhSheet.getRow(2).getCell(9).value]).toEqual(['状态', STATUS.zh[after.status as 'online']]);

    expect((await call(admin, 'POST', '/api/device/delete', { ids: [device.id] })).data.deleted).toBe(1);
  });

  it('imports devices from xlsx: all or nothing, or the good rows with a report; formulas are not run', async () => {
    const { admin, s } = p;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('devices');
    sheet.columns = [
      { header: 'Device code', key: 'code' },
      { header: 'Device name', key: 'name' },
      { header: 'Label', key: 'label' },
      { header: 'Model code', key: 'model' },
    ];
    sheet.addRow({ code: 'IMP-1', name: 'Imported-1', label: 'ok', model: 'FCU100' });
    sheet.addRow({ code: 'IMP-{2}', name: 'Imported-2' });
    sheet.addRow({ code: 'IMP-3', name: 'Imported-3', label: { formula: "cmd|' /C calc'!A0" } as never });
    sheet.addRow({ code: 'IMP-1', name: 'Imported-again' });
    sheet.addRow({ code: 'IMP-5', name: 'Imported-5', model: 'NOPE' });
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const upload = async (skipBad: boolean) => {
      const form = new FormData();
      form.append('skipBad', String(skipBad));
      form.append('file', new Blob([file]), 'devices.xlsx');
      return (await api(s.base, 'POST', '/api/device/import', { token: admin, form, headers: { lang: 'en' } })).body;
    };
    const failed = await upload(false);
    const failedItem = await taskDone(s.base, admin, failed.data.key, failed.data.hashKey);
    expect(failedItem.msg).toContain('rows 3, 5, 6');
    expect((await devices(admin, { keyword: 'IMP-' })).data.total).toBe(0);
    const done = await upload(true);
    const doneItem = await taskDone(s.base, admin, done.data.key, done.data.hashKey);
    expect(doneItem.msg).toBe('2 rows imported, 3 skipped');
    const rows = (await devices(admin, { keyword: 'IMP-', sort: 'code' })).data.rows as Array<{ code: string; label: string; modelName: string }>;
    expect(rows.map((r) => [r.code, r.label, r.modelName])).toEqual([
      ['IMP-1', 'ok', 'Fan coil unit'],
      ['IMP-3', '', ''],
    ]);
    expect((await devices(admin, { keyword: 'HALL-001' })).data.total).toBe(0);
  });
});
