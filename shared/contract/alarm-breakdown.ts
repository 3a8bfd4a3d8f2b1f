// The alarm breakdowns (SPEC §7 "Alarm", beside the totals of alarm-stats.ts): lists by device
// (machine) and area (node), one device's statistics, alarms per resource point, the area trees with
// their gateways, areas and devices broken down by top resource point, event type and product model,
// and a device's alarm action log (pmis applyLog). Every count is the caller's tenant's, within their
// data scope, inside the window; an area counts its own devices and every area below it.
import Type from 'typebox';
import { ALARM_LEVELS, ALARM_STAT_MAX_DAYS } from '../api/alarm-types.ts';
import { operation } from './operation.ts';
import { Id, Int, MAX_ID, MAX_PAGE, OneOf, Strict, Text, PageOf } from './fields.ts';
import { AlarmHandleStatusFilter, AlarmsByDay, AreaParams, Count, Days, LevelCounts, TAG, TreeQuery } from './alarm-stats.ts';

/** Top items kept per area or device in the breakdowns by resource point. */
export const TOP_ITEMS = 5;

const EpochMs = (description: string) => Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description: string) => Type.Union([t, Type.Null()], { description });
const Limit = Type.Optional(Int(1, 100, { description: 'At most this many rows, 1 to 100 (default 10)' }));

/** Query of the GET lists by device and by area. */
export const AlarmListQuery = Strict({ days: Type.Optional(Days(30)), limit: Limit, handleStatus: Type.Optional(AlarmHandleStatusFilter) });

/** Body of POST /api/alarm/stat/resource and of the machine breakdowns: the statistics' body narrowed to an area (and below) or a model. */
export const AlarmScopeQuery = Strict({
  days: Type.Optional(Days(30)),
  handleStatus: Type.Optional(AlarmHandleStatusFilter),
  limit: Limit,
  areaGuid: Type.Optional(Text(1, 64, { description: "Only the devices of this area and the areas below it (the area's rowGuid)" })),
  modelId: Type.Optional(Id({ description: 'Only the alarms of devices of this product model' })),
});

const areaPath = Type.String({ description: "The area's path, top first ('Tower A / Floor 3'); '' when none" });

export const AlarmMachineRow = Strict({
  deviceId: Nullable(Id(), 'null when the device no longer exists'),
  deviceCode: Type.String(),
  deviceName: Type.String({ description: 'The name the alarms recorded' }),
  areaPath,
  counts: LevelCounts,
  total: Count(),
  lastAt: EpochMs('The newest alarm (ms since epoch)'),
});

export const AlarmNodeRow = Strict({
  areaGuid: Nullable(Type.String(), "The area's rowGuid; null for the devices without an area"),
  areaPath,
  counts: LevelCounts,
  total: Count(),
  lastAt: EpochMs('The newest alarm (ms since epoch)'),
});

/** Alarms of one resource point (a device's model parameter). */
export const AlarmResourceTotal = Strict({
  deviceCode: Type.String(),
  deviceName: Type.String(),
  paramCode: Nullable(Type.String(), 'null: alarms about the device as a whole'),
  paramName: Type.String({ description: "The parameter's name in the caller's language ('' for null)" }),
  total: Count(),
});

/** Alarms of one resource point of an area's or a device's breakdown. */
export const AlarmPointTotal = Strict({
  paramCode: Nullable(Type.String(), 'null: alarms about the device as a whole'),
  paramName: Type.String(),
  total: Count(),
});

/** Alarms of one event type. */
export const AlarmTypeTotal = Strict({ eventTypeId: Nullable(Id(), 'null: alarms without an event type'), name: Type.String(), total: Count() });

/** Alarms of one product model. */
export const AlarmModelTotal = Strict({ modelId: Nullable(Id(), 'null: devices without a model'), modelName: Type.String(), total: Count() });

export const AlarmLevelItem = Strict({ level: OneOf(ALARM_LEVELS), total: Count() });

export const AlarmMachineStat = Strict({
  deviceId: Id(),
  deviceCode: Type.String(),
  deviceName: Type.String(),
  modelId: Nullable(Id(), 'null when the device has no model'),
  counts: LevelCounts,
  openCounts: LevelCounts,
  resources: Type.Array(AlarmResourceTotal),
  types: Type.Array(AlarmTypeTotal),
  byDay: AlarmsByDay,
});

export const AlarmGatewayCount = Strict({
  gatewayId: Id(),
  code: Type.String(),
  name: Type.String(),
  status: OneOf(['online', 'offline', 'unknown'] as const),
  counts: LevelCounts,
});

export const AlarmAreaGatewayNode = Type.Cyclic(
  {
    AlarmAreaGatewayNode: Strict({
      rowGuid: Type.String(),
      parentId: Nullable(Type.String(), 'rowGuid of the parent; null for a root'),
      areaName: Type.String(),
      counts: LevelCounts,
      gateways: Type.Array(AlarmGatewayCount),
      children: Type.Array(Type.Ref('AlarmAreaGatewayNode')),
    }),
  },
  'AlarmAreaGatewayNode',
);

const areaBreakdown = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Strict({ rowGuid: Type.String(), areaName: Type.String(), total: Count('Alarms of its devices and of every area below it'), items: Type.Array(item, { description: 'Most first' }) });
export const AlarmAreaByPoint = areaBreakdown(AlarmPointTotal);
export const AlarmAreaByType = areaBreakdown(AlarmTypeTotal);
export const AlarmAreaByModel = areaBreakdown(AlarmModelTotal);

const machineBreakdown = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Strict({ deviceCode: Type.String(), deviceName: Type.String(), areaPath, total: Count(), items: Type.Array(item, { description: 'Most first' }) });
export const AlarmMachineByLevel = machineBreakdown(AlarmLevelItem);
export const AlarmMachineByPoint = machineBreakdown(AlarmPointTotal);
export const AlarmMachineByType = machineBreakdown(AlarmTypeTotal);

export const AlarmApplyLogQuery = Strict({
  deviceCode: Text(1, 64, { description: "The device's code" }),
  page: Type.Optional(Int(1, MAX_PAGE, { description: 'Page number, from 1 (default 1)' })),
  limit: Limit,
  days: Type.Optional(Days(ALARM_STAT_MAX_DAYS)),
});

export const AlarmApplyLogEntry = Strict({
  alarmId: Id(),
  level: OneOf(ALARM_LEVELS),
  content: Type.String({ description: "The alarm's text in the caller's language" }),
  action: OneOf(['handling', 'handled', 'confirmed', 'closed'] as const),
  userName: Type.String(),
  at: EpochMs('When (ms since epoch)'),
  note: Type.String(),
});

export const AlarmApplyLog = PageOf(AlarmApplyLogEntry);

const reader = { menu: 'alarmSearch' } as const;
const counts = { critical: 0, warning: 2, reminder: 1, normal: 0 };
const stateOf = (status: 'status' | 'hisStatus') => (status === 'status' ? 'open alarms' : 'alarms of the window');
const STATE =
  "'status' counts the alarms not yet handled, 'hisStatus' every alarm of the window (days, default 92). The path's area is a rowGuid of the tenant or 0 for the top areas; another is refused.";

const gatewayTree = (status: 'status' | 'hisStatus') =>
  operation({
    method: 'GET',
    path: `/api/alarm/area/by/level/${status}/:id/tree/gw`,
    rights: reader,
    tag: TAG,
    summary: `The area tree with each area's gateways and the ${stateOf(status)} of the devices behind them, per level`,
    description: `From the area the path names (0: the top): each area with its gateways (the counts of their devices' alarms) and its children; an area's counts add up its gateways and every area below it. ${STATE}`,
    params: AreaParams,
    query: TreeQuery,
    data: Type.Array(AlarmAreaGatewayNode),
    examples: { params: { id: '0' }, data: [{ rowGuid: 'a1', parentId: null, areaName: 'Tower A', counts, gateways: [{ gatewayId: 1, code: 'GW-01', name: 'Gateway 1', status: 'online', counts }], children: [] }] },
  });

const areaByPoint = (status: 'status' | 'hisStatus') =>
  operation({
    method: 'GET',
    path: `/api/alarm/area/by/top/resource/${status}/:id`,
    rights: reader,
    tag: TAG,
    summary: `The areas under one (0: the top areas), each with its ${stateOf(status)} and its top ${TOP_ITEMS} resource points`,
    description: `Each child area of the path's area counts the alarms of its devices and of every area below it, broken down by resource point (a model parameter, or the device as a whole), most first, the top ${TOP_ITEMS} kept. ${STATE}`,
    params: AreaParams,
    query: TreeQuery,
    data: Type.Array(AlarmAreaByPoint),
    examples: { params: { id: '0' }, data: [{ rowGuid: 'a1', areaName: 'Tower A', total: 3, items: [{ paramCode: 'temp', paramName: 'Temperature', total: 3 }] }] },
  });

const areaByType = (status: 'status' | 'hisStatus') =>
  operation({
    method: 'GET',
    path: `/api/alarm/area/by/type/${status}/:id`,
    rights: reader,
    tag: TAG,
    summary: `The areas under one (0: the top areas), each with its ${stateOf(status)} per event type`,
    description: `Each child area of the path's area counts the alarms of its devices and of every area below it per event type (eventTypeId null: none), most first. ${STATE}`,
    params: AreaParams,
    query: TreeQuery,
    data: Type.Array(AlarmAreaByType),
    examples: { params: { id: '0' }, data: [{ rowGuid: 'a1', areaName: 'Tower A', total: 2, items: [{ eventTypeId: null, name: '', total: 2 }] }] },
  });

const areaByModel = (status: 'status' | 'hisStatus') =>
  operation({
    method: 'GET',
    path: `/api/alarm/area/by/product/model/${status}/:id`,
    rights: reader,
    tag: TAG,
    summary: `The areas under areaGuid (default: the top areas), each with its ${stateOf(status)} per product model`,
    description: `The path's id is a product model of the tenant (only its alarms), or 0 for every model; another is refused. Each child area of areaGuid (absent or 0: the top areas) counts the alarms of its devices and every area below it per model, most first. 'status' counts the alarms not yet handled, 'hisStatus' every alarm of the window (days, default 92).`,
    params: Strict({ id: Int(0, MAX_ID, { description: 'A product model id, or 0 for every model' }) }),
    query: Strict({ days: Type.Optional(Days(ALARM_STAT_MAX_DAYS)), areaGuid: Type.Optional(Text(1, 64, { description: "The area whose children are broken down (its rowGuid); 0 or absent: the top areas" })) }),
    data: Type.Array(AlarmAreaByModel),
    examples: { params: { id: 0 }, data: [{ rowGuid: 'a1', areaName: 'Tower A', total: 2, items: [{ modelId: 2, modelName: 'Fan coil', total: 2 }] }] },
  });

const machineBy = <D extends Parameters<typeof Type.Array>[0]>(path: string, summary: string, item: D, example: unknown) =>
  operation({
    method: 'POST',
    path: `/api/alarm/machine/by/${path}/status`,
    rights: reader,
    tag: TAG,
    summary,
    description:
      "The devices with open alarms (not yet handled) of the window, most first (limit, default 10), each broken down. areaGuid narrows to an area and the areas below it, modelId to a product model; one that is not the tenant's is refused.",
    body: AlarmScopeQuery,
    data: Type.Array(item),
    examples: { body: { days: 30, limit: 5 }, data: [example] },
  });

const machine = { deviceCode: 'FCU-001', deviceName: 'Fan coil 1', areaPath: 'Tower A / Floor 3', total: 2 };

export const ops = {
  listMachine: operation({
    method: 'GET',
    path: '/api/alarm/list/machine',
    rights: reader,
    tag: TAG,
    summary: 'Devices by alarms of the window, most first, with counts per level',
    description: 'Grouped by device code (a device since deleted keeps its alarms under deviceId null). days: the window (default 30); limit: rows (default 10); handleStatus: only the alarms in that handling state.',
    query: AlarmListQuery,
    data: Type.Array(AlarmMachineRow),
    examples: { query: { days: 30, limit: 10 }, data: [{ deviceId: 1, deviceCode: 'FCU-001', deviceName: 'Fan coil 1', areaPath: 'Tower A / Floor 3', counts, total: 3, lastAt: 1777622400000 }] },
  }),
  listNode: operation({
    method: 'GET',
    path: '/api/alarm/list/node',
    rights: reader,
    tag: TAG,
    summary: 'Areas by the alarms of their own devices in the window, most first, with counts per level',
    description: 'An area counts its own devices here (not the areas below it); devices without an area count under areaGuid null. days, limit and handleStatus as for the list by device.',
    query: AlarmListQuery,
    data: Type.Array(AlarmNodeRow),
    examples: { query: { days: 30 }, data: [{ areaGuid: 'a1', areaPath: 'Tower A / Floor 3', counts, total: 3, lastAt: 1777622400000 }] },
  }),
  machineStat: operation({
    method: 'GET',
    path: '/api/alarm/stat/machine/:id',
    rights: reader,
    tag: TAG,
    summary: "One device's alarms of the window: per level (all and open), per resource point, per event type and per day",
    description: "The device is the tenant's and within the user's data scope, else refused; modelId, when given, must be the device's model.",
    params: Strict({ id: Id({ description: "The device's id" }) }),
    query: Strict({ modelId: Type.Optional(Id({ description: "The device's product model (checked)" })), days: Type.Optional(Days(30)) }),
    data: AlarmMachineStat,
    examples: {
      params: { id: 1 },
      data: {
        deviceId: 1,
        deviceCode: 'FCU-001',
        deviceName: 'Fan coil 1',
        modelId: 2,
        counts,
        openCounts: counts,
        resources: [{ deviceCode: 'FCU-001', deviceName: 'Fan coil 1', paramCode: 'temp', paramName: 'Temperature', total: 3 }],
        types: [{ eventTypeId: null, name: '', total: 3 }],
        byDay: { days: ['2026-05-01'], series: { critical: [0], warning: [2], reminder: [1], normal: [0] } },
      },
    },
  }),
  resources: operation({
    method: 'POST',
    path: '/api/alarm/stat/resource',
    rights: reader,
    tag: TAG,
    summary: 'Resource points (device parameters) by alarms of the window, most first; optionally in an area (and below) or of a model',
    description: "A resource point is a device's model parameter (paramCode null: the device as a whole). An areaGuid or modelId that is not the tenant's is refused.",
    body: AlarmScopeQuery,
    data: Type.Array(AlarmResourceTotal),
    examples: { body: { days: 30, limit: 10 }, data: [{ deviceCode: 'FCU-001', deviceName: 'Fan coil 1', paramCode: 'temp', paramName: 'Temperature', total: 3 }] },
  }),
  openGatewayTree: gatewayTree('status'),
  historyGatewayTree: gatewayTree('hisStatus'),
  openAreaByPoint: areaByPoint('status'),
  historyAreaByPoint: areaByPoint('hisStatus'),
  openAreaByType: areaByType('status'),
  historyAreaByType: areaByType('hisStatus'),
  openAreaByModel: areaByModel('status'),
  historyAreaByModel: areaByModel('hisStatus'),
  machineByLevel: machineBy('level', 'Devices with open alarms, most first, each with its open alarms per level', AlarmMachineByLevel, { ...machine, items: [{ level: 'warning', total: 2 }] }),
  machineByPoint: machineBy('top/resource', `Devices with open alarms, most first, each with its top ${TOP_ITEMS} resource points`, AlarmMachineByPoint, { ...machine, items: [{ paramCode: 'temp', paramName: 'Temperature', total: 2 }] }),
  machineByType: machineBy('type', 'Devices with open alarms, most first, each with its open alarms per event type', AlarmMachineByType, { ...machine, items: [{ eventTypeId: null, name: '', total: 2 }] }),
  applyLog: operation({
    method: 'POST',
    path: '/api/pmis/builddevicedetail/applyLog',
    rights: reader,
    tag: TAG,
    summary: "A device's alarm action log (who took in hand, handled, confirmed or closed which alarm, when, with what note), newest first, paged",
    description: "The device (by code) is the tenant's and within the user's data scope, else refused. days: the window (default 92); limit: rows per page (default 20).",
    body: AlarmApplyLogQuery,
    data: AlarmApplyLog,
    examples: { body: { deviceCode: 'FCU-001', page: 1, limit: 20 }, data: { total: 1, rows: [{ alarmId: 1, level: 'warning', content: 'Temperature above 30 °C', action: 'handled', userName: 'admin', at: 1777622400000, note: 'valve replaced' }] } },
  }),
};
