// The alarm statistics (SPEC §7 "Alarm"): totals by day, level, area (node) and device (machine), and
// the area tree with counts per level — open alarms ("status") or every alarm of the window
// ("hisStatus"). Every count is the caller's tenant's, within their data scope, inside the asked days.
import Type from 'typebox';
import { ALARM_HANDLE_STATUSES, ALARM_LEVELS, ALARM_STAT_MAX_DAYS } from '../api/alarm-types.ts';
import { operation } from './operation.ts';
import { Int, OneOf, Strict, Text } from './fields.ts';

export const TAG = 'Alarm statistics';

/** How many past days a statistic covers, today included (1 to 92: the 3-month window of SPEC §5). */
export const Days = (fallback: number) => Int(1, ALARM_STAT_MAX_DAYS, { description: `The last N days, today included: 1 to ${ALARM_STAT_MAX_DAYS} (default ${fallback})` });
export const Count = (description?: string) => Type.Integer({ minimum: 0, ...(description ? { description } : {}) });

export const LevelCounts = Strict({ critical: Count(), warning: Count(), reminder: Count(), normal: Count() }, { description: 'Alarms per level' });

export const AlarmsByDay = Strict({
  days: Type.Array(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), { description: 'The local days (YYYY-MM-DD), oldest first' }),
  series: Strict(
    { critical: Type.Array(Count()), warning: Type.Array(Count()), reminder: Type.Array(Count()), normal: Type.Array(Count()) },
    { description: 'Per level, one count per day of `days`' },
  ),
});

export const AlarmHandleStatusFilter = OneOf(ALARM_HANDLE_STATUSES, { description: 'Only alarms in this handling state: unhandled, handling or handled' });

/** Body of the POST statistics calls. */
export const AlarmStatQuery = Strict({
  days: Type.Optional(Days(30)),
  handleStatus: Type.Optional(AlarmHandleStatusFilter),
  limit: Type.Optional(Int(1, 100, { description: 'At most this many rows, 1 to 100 (default 10)' })),
});

export const AlarmLevelTotal = Strict({ level: OneOf(ALARM_LEVELS), total: Count() });

export const AlarmNodeTotal = Strict({
  areaGuid: Type.Union([Type.String(), Type.Null()], { description: "The area's rowGuid; null for the devices without an area" }),
  areaPath: Type.String({ description: "The area's path, top first ('Tower A / Floor 3'); '' for null" }),
  total: Count(),
});

export const AlarmMachineTotal = Strict({
  deviceCode: Type.String(),
  deviceName: Type.String({ description: "The device's name as the alarms recorded it, in the caller's language while it is still the device's name" }),
  total: Count(),
});

/** SPEC §3 area tree node with its alarm counts (its own devices and every area below it). */
export const AlarmAreaNode = Type.Cyclic(
  {
    AlarmAreaNode: Strict({
      rowGuid: Type.String(),
      parentId: Type.Union([Type.String(), Type.Null()], { description: 'rowGuid of the parent; null for a root' }),
      areaName: Type.String({ description: "In the caller's language" }),
      counts: LevelCounts,
      children: Type.Array(Type.Ref('AlarmAreaNode')),
    }),
  },
  'AlarmAreaNode',
);

/** The area a tree or breakdown starts from: its rowGuid, or 0 for the top. */
export const AreaParams = Strict({ id: Text(1, 64, { description: "An area's rowGuid, or 0 for the top areas" }) });
export const TreeQuery = Strict({ days: Type.Optional(Days(ALARM_STAT_MAX_DAYS)) });

const reader = { menu: 'alarmSearch' } as const;
const counts = { critical: 1, warning: 2, reminder: 0, normal: 0 };

const tree = (status: 'status' | 'hisStatus') =>
  operation({
    method: 'GET',
    path: `/api/alarm/area/by/level/${status}/:id/tree`,
    rights: reader,
    tag: TAG,
    summary: status === 'status' ? 'The area tree with the open alarms per level of each area and the areas below it' : 'The area tree with the alarms of the window per level of each area and the areas below it',
    description:
      "From the area the path names (0: every top area): its children, each counting the alarms of its own devices and of every area below it. 'status' counts the alarms not yet handled, 'hisStatus' every alarm of the window. Refused when the area is not the tenant's.",
    params: AreaParams,
    query: TreeQuery,
    data: Type.Array(AlarmAreaNode),
    examples: { params: { id: '0' }, query: { days: 30 }, data: [{ rowGuid: 'a1', parentId: null, areaName: 'Tower A', counts, children: [] }] },
  });

export const ops = {
  byDay: operation({
    method: 'GET',
    path: '/api/alarm/total/by/day',
    rights: reader,
    tag: TAG,
    summary: 'Alarms per local day and level over the last days',
    description: 'One entry per local day, oldest first, every day of the span present (0 when none). The dashboard chart.',
    query: Strict({ days: Type.Optional(Days(14)) }),
    data: AlarmsByDay,
    examples: { query: { days: 2 }, data: { days: ['2026-05-01', '2026-05-02'], series: { critical: [0, 1], warning: [2, 0], reminder: [0, 0], normal: [1, 1] } } },
  }),
  byLevel: operation({
    method: 'POST',
    path: '/api/alarm/total/by/level',
    rights: reader,
    tag: TAG,
    summary: 'Alarms per level over the last days',
    description: 'Every level answered, in the order critical, warning, reminder, normal (0 when none); optionally only the alarms in one handling state.',
    body: AlarmStatQuery,
    data: Type.Array(AlarmLevelTotal),
    examples: { body: { days: 30 }, data: [{ level: 'critical', total: 1 }, { level: 'warning', total: 2 }, { level: 'reminder', total: 0 }, { level: 'normal', total: 0 }] },
  }),
  byNode: operation({
    method: 'POST',
    path: '/api/alarm/total/node',
    rights: reader,
    tag: TAG,
    summary: 'Areas by the alarms of their own devices over the last days, most first',
    description: 'Counts the devices of each area itself (not the areas below it); devices without an area count under areaGuid null.',
    body: AlarmStatQuery,
    data: Type.Array(AlarmNodeTotal),
    examples: { body: { days: 30, limit: 5 }, data: [{ areaGuid: 'a1', areaPath: 'Tower A / Floor 3', total: 3 }] },
  }),
  byMachine: operation({
    method: 'POST',
    path: '/api/alarm/total/machine',
    rights: reader,
    tag: TAG,
    summary: 'Devices by alarms over the last days, most first',
    description: 'Grouped by device code, so the alarms of a device since deleted still count under the name they recorded.',
    body: AlarmStatQuery,
    data: Type.Array(AlarmMachineTotal),
    examples: { body: { days: 30, limit: 5 }, data: [{ deviceCode: 'THS-001', deviceName: 'Temperature sensor 1', total: 3 }] },
  }),
  openTree: tree('status'),
  historyTree: tree('hisStatus'),
};
