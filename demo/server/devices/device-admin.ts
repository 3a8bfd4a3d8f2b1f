// Managing regions and devices (devmng/subsystem, subsystemManage): the area tree (add, rename, move
// — never under itself — and delete only when empty), editing and deleting devices with the same
// shared rules as creating them, and exporting the devices a filter matches as a background task.
import { bothNames, namesAfterEdit } from '../local-names.ts';
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { DEVICE_GROUP_TYPE, type DeviceCreate } from '../../../shared/api/device-types.ts';
import { ops } from '../../../shared/contract/device-admin.ts';
import { visibleGroups } from '../administration/data-scope.ts';
import { route } from '../contract.ts';
import { normaliseDevice } from '../../../shared/devices/device-rules.ts';
import { fail, failField, ok, userOf } from '../http.ts';
import { langOf, type Lang, textsOf } from '../messages.ts';
import { deleteTenantRows, makesCycle, readImportUpload, type SheetRow, startExport, startImport, tooManyTasks } from '../resource.ts';
import { parseListQuery } from './device-query.ts';
import { checkBatch } from './device.ts';
import {
  areaContents,
  areaNames,
  areaParents,
  areaRow,
  deleteArea,
  deviceNames,
  insertArea,
  insertDevices,
  modelIdsByCode,
  queryDevices,
  updateArea,
  updateDevice,
} from './device-data.ts';
import { translate } from '../../../shared/i18n/translate.ts';
import { platformData, tenantData } from '../tenant-data.ts';

const TEXT = {
  noArea: { zh: '区域不存在', en: 'no such area' },
  badParent: { zh: '上级区域无效（不存在，或是它自己的下级）', en: 'invalid parent area (missing, or one of its own sub-areas)' },
  areaNotEmpty: { zh: '区域下还有 {devices}、{areas}，不能删除', en: 'the area still holds {devices} and {areas} and cannot be deleted' },
  // The counts of areaNotEmpty, each with its own plural.
  areaDevices: { zh: '{count} 台设备', en: '{count} devices' },
  areaDevices_one: { zh: '{count} 台设备', en: '{count} device' },
  areaChildren: { zh: '{count} 个下级区域', en: '{count} sub-areas' },
  areaChildren_one: { zh: '{count} 个下级区域', en: '{count} sub-area' },
  noDevice: { zh: '设备不存在', en: 'no such device' },
  exportTitle: { zh: '导出设备', en: 'Export devices' },
  importTitle: { zh: '导入设备', en: 'Import devices' },
  rowRepeated: { zh: '文件中编码重复', en: 'the code repeats in the file' },
  rowModel: { zh: '型号编码不存在', en: 'no such model code' },
  rowArea: { zh: '区域不存在', en: 'no such area' },
  exportDone: { zh: '已导出 {count} 台设备', en: '{count} devices exported' },
  exportDone_one: { zh: '已导出 {count} 台设备', en: '{count} device exported' },
} as const satisfies Record<string, Record<Lang, string>>;

const say = textsOf(TEXT);

/** Import columns: each key with the header texts it may have in the file. */
const IMPORT_HEADERS: Readonly<Record<string, readonly string[]>> = {
  code: ['设备编码', 'Code', 'Device code'],
  name: ['设备名称', 'Name', 'Device name'],
  label: ['标签', 'Label'],
  address: ['地址', 'Address'],
  sn: ['SN'],
  ip: ['IP'],
  mac: ['MAC'],
  model: ['型号编码', 'Model code'],
  area: ['区域', 'Area'],
};

const plugin: FastifyPluginAsync = async (app) => {
  const { config } = app.atrium;
  // Imports and exports run on the platform's task runner (operations/tasks.ts), which keeps every
  // tenant's tasks, each under its tenant and user.
  const tasks = platformData(app, 'device imports and exports run as background tasks of the platform task runner');
  // Every call needs the regions-and-devices page (subsystemManage: the declarations' rights).
  route(app, ops.areaCreate, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const parent = request.body.parentId || null;
    if (parent !== null && !areaRow(data, parent)) return failField(say(lang, 'badParent'), 'parentId');
    const guid = randomUUID();
    insertArea(data, guid, parent, request.body.name.trim());
    return ok({ rowGuid: guid, parentId: parent, areaName: request.body.name.trim() });
  });

  route(app, ops.areaUpdate, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const guid = request.params.guid;
    const row = areaRow(data, guid);
    if (!row) return fail(say(lang, 'noArea'));
    const parent = request.body.parentId === undefined ? row.parent_guid : request.body.parentId || null;
    if (parent !== null) {
      // Moving an area under itself or one of its sub-areas would cut that branch off the tree.
      const parents = areaParents(data);
      if (!parents.has(parent) || makesCycle(parents, guid, parent)) {
        return failField(say(lang, 'badParent'), 'parentId');
      }
    }
    const names = namesAfterEdit(row, request.body.name.trim());
    updateArea(data, guid, names, parent);
    return ok({ rowGuid: guid, parentId: parent, areaName: request.body.name.trim() });
  });

  route(app, ops.areaDelete, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const guid = request.params.guid;
    if (!areaRow(data, guid)) return fail(say(lang, 'noArea'));
    const { devices, areas } = areaContents(data, guid);
    if (devices > 0 || areas > 0) return fail(say(lang, 'areaNotEmpty', { devices: say(lang, 'areaDevices', { count: devices }), areas: say(lang, 'areaChildren', { count: areas }) }));
    deleteArea(data, guid);
    return ok({ deleted: 1 });
  });

  route(app, ops.update, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const { id } = request.params;
    const exists = deviceNames(data, id);
    if (!exists) return fail(say(lang, 'noDevice'));
    const problem = checkBatch(data, lang, [request.body], false, id);
    if (problem) return fail(problem);
    const d = normaliseDevice(request.body);
    const names = namesAfterEdit(exists, d.name);
    updateDevice(data, id, d, names);
    return ok({ id });
  });

  route(app, ops.delete, async (request) => {
    const deleted = deleteTenantRows(tenantData(request), 'device', request.body.ids);
    if (deleted === null) return fail(say(langOf(request), 'noDevice'));
    return ok({ deleted });
  });

  // Import of up to 1000 devices from xlsx as a background task: every row checked with the shared
  // device rules, codes unique in the file and the tenant, model by code, area by name; one bad row
  // stores nothing unless the user chose to skip bad rows; the bad rows come back as a report.
  route(app, ops.import, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    const lang = langOf(request);
    const busy = tooManyTasks(request, tasks, user);
    if (busy) return fail(busy);
    const upload = await readImportUpload(request, IMPORT_HEADERS);
    if (!('rows' in upload)) return failField(upload.msg, upload.data.field);
    const models = modelIdsByCode(data);
    // A sheet may name an area in either language.
    const areas = new Map(areaNames(data).flatMap((a) => bothNames(a).map((n) => [n, a.row_guid] as const)));
    const toDevice = (row: SheetRow): DeviceCreate => {
      const v = row.values;
      return {
        code: v.code ?? '', name: v.name ?? '', label: v.label ?? '', address: v.address ?? '', sn: v.sn ?? '', ip: v.ip ?? '', mac: v.mac ?? '',
        modelId: v.model ? (models.get(v.model) ?? -1) : null,
        areaId: v.area ? (areas.get(v.area) ?? null) : null,
      };
    };
    const both = (text: (l: Lang) => string) => ({ zh: text('zh'), en: text('en') });
    const started = startImport(tasks, config.dataDir, user, {
      key: 'deviceImport',
      title: TEXT.importTitle[lang],
      rows: upload.rows,
      skipBad: upload.skipBad,
      columns: Object.entries(IMPORT_HEADERS).map(([key, names]) => ({ key, header: names[lang === 'en' ? 1 : 0] ?? names[0]! })),
      check: (row, seen) => {
        if (row.values.model && !models.has(row.values.model)) return both((l) => `${say(l, 'rowModel')}: ${row.values.model}`);
        if (row.values.area && !areas.has(row.values.area)) return both((l) => `${say(l, 'rowArea')}: ${row.values.area}`);
        const device = toDevice(row);
        if (seen.has(device.code.trim())) return both((l) => say(l, 'rowRepeated'));
        const problem = (l: Lang) => checkBatch(data, l, [device], false);
        if (problem('en')) return both((l) => problem(l)!);
        seen.add(device.code.trim());
        return null;
      },
      store: (good) => void insertDevices(data, good.map(toDevice)),
    });
    return ok(started);
  });

  route(app, ops.export, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    const lang = langOf(request);
    const busy = tooManyTasks(request, tasks, user);
    if (busy) return fail(busy);
    let query;
    try {
      query = parseListQuery(lang, { ...request.body, page: 1, limit: 1 });
    } catch (error) {
      return fail((error as Error).message);
    }
    // The export holds what the list shows the user: a user narrowed to device groups exports those devices only.
    const scope = visibleGroups(data, user, DEVICE_GROUP_TYPE);
    const total = queryDevices(data, query, scope).total;
    const started = startExport(tasks, config.dataDir, user, {
      key: 'deviceExport',
      title: TEXT.exportTitle,
      sheet: 'devices',
      fileName: 'devices.xlsx',
      total,
      columns: [
        { key: 'code', header: lang === 'en' ? 'Code' : '设备编码' },
        { key: 'name', header: lang === 'en' ? 'Name' : '设备名称' },
        { key: 'label', header: lang === 'en' ? 'Label' : '标签' },
        { key: 'modelName', header: lang === 'en' ? 'Model' : '型号' },
        { key: 'address', header: lang === 'en' ? 'Address' : '地址' },
        { key: 'sn', header: 'SN' },
        { key: 'ip', header: 'IP' },
        { key: 'mac', header: 'MAC' },
        { key: 'status', header: lang === 'en' ? 'Status' : '状态', text: (s) => translate(lang, `status.device.${String(s)}`) },
        { key: 'gatewayName', header: lang === 'en' ? 'Gateway' : '网关' },
        { key: 'areaName', header: lang === 'en' ? 'Area' : '区域' },
      ],
      load: () => queryDevices(data, { ...query, page: 1, limit: Math.max(1, total), count: false }, scope).rows,
      done: (n) => ({ zh: say('zh', 'exportDone', { count: n }), en: say('en', 'exportDone', { count: n }) }),
    });
    return ok(started);
  });
};

export default plugin;
