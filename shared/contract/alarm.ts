// The alarm operations (SPEC §7 "Alarm", §4 alarm states): the bell's count, the current list and the
// history within the 3-month window, an alarm's actions, handling and confirming.
import Type from 'typebox';
import { ALARM_HANDLE_STATUSES, ALARM_LEVELS, ALARM_STATUSES, HANDLE_ALL_INLINE } from '../api/alarm-types.ts';
import { ALARM_NOTE_MAX } from '../validate/alarm.ts';
import { operation } from './operation.ts';
import { COUNT_LIMIT, TOTAL_CAP } from '../api/resource.ts';
import { Id, IdParams, Ids, Int, MAX_ID, OneOf, Paging, Strict, Text, Time, PageOf } from './fields.ts';

const TAG = 'Alarm';
const MAX_IDS = 1000;

export const AlarmLevel = OneOf(ALARM_LEVELS, { description: 'critical, warning, reminder or normal' });
export const AlarmStatus = OneOf(ALARM_STATUSES, { description: 'The confirmation state: toBeConfirmed, confirmed, closed' });
export const AlarmHandleStatus = OneOf(ALARM_HANDLE_STATUSES, { description: 'unhandled, handling (taken in hand) or handled' });

const alarmFields = {
  id: Id(),
  level: AlarmLevel,
  content: Type.String({ description: "What happened, in the caller's language" }),
  deviceName: Type.String({ description: "The device's name as the alarm recorded it, in the caller's language while it is still the device's name" }),
  time: Time({ description: 'When it occurred' }),
};

export const Alarm = Strict({
  ...alarmFields,
  deviceCode: Type.String(),
  modelId: Type.Union([Id(), Type.Null()], { description: "The device's product model, null when it has none" }),
  status: AlarmStatus,
  handleStatus: AlarmHandleStatus,
  handler: Type.String({ description: "Who handled it ('' while nobody has)" }),
  handleTime: Time(),
  handleNote: Type.String(),
  confirmer: Type.String(),
  confirmTime: Time(),
  eventTypeId: Type.Union([Id(), Type.Null()], { description: "The event type's id, null when the alarm has none" }),
  eventTypeName: Type.String({ description: "Event type name ('' when none)" }),
  areaPath: Type.String({ description: "The device's area path, top first ('Tower A / Floor 3'), '' when the device has no area" }),
});

export const AlarmTotal = Strict({
  total: Type.Integer({ minimum: 0, description: "Unhandled alarms of the caller's tenant (exact; the client caps what it shows)" }),
  latestId: Type.Integer({ minimum: 0, description: 'Id of the newest alarm of the tenant, 0 when there is none: a rise means a new alarm' }),
  latest: Type.Union([Strict(alarmFields), Type.Null()], { description: 'The newest alarm, for a desktop notification; null when there is none' }),
});

const filters = {
  level: Type.Optional(AlarmLevel),
  status: Type.Optional(AlarmStatus),
  deviceCode: Type.Optional(Text(0, 64)),
  modelId: Type.Optional(Int(1, MAX_ID)),
  keyword: Type.Optional(Text(0, 100, { description: 'Text in the content, device name or device code' })),
  eventTypeId: Type.Optional(Int(1, MAX_ID)),
  areaGuid: Type.Optional(Text(0, 64, { description: 'The alarms of the devices in this area and the areas below it' })),
  startTime: Type.Optional(Text(0, 32, { description: 'YYYY-MM-DD HH:mm:ss; the window is at most the past 3 months (SPEC §5)' })),
  endTime: Type.Optional(Text(0, 32, { description: 'YYYY-MM-DD HH:mm:ss, not in the future' })),
};

export const AlarmQuery = Strict({ ...Paging, ...filters, handleStatus: Type.Optional(AlarmHandleStatus) });

export const AlarmPage = PageOf(Alarm, { description: `Matching alarms; counting stops at ${COUNT_LIMIT} (SPEC §9 shows ${TOTAL_CAP}+)` });

export const AlarmAction = Strict({
  action: OneOf(['raised', 'handling', 'handled', 'confirmed', 'closed'] as const),
  user: Type.String(),
  time: Time(),
  note: Type.String(),
});

export const AlarmHandle = Strict({
  ids: Ids(MAX_IDS),
  handleStatus: OneOf(['handling', 'handled'] as const, { description: "'handling' takes an alarm in hand; 'handled' finishes it" }),
  note: Type.Optional(Text(0, ALARM_NOTE_MAX, { multiline: true })),
});

export const AlarmHandleAll = Strict({ ...filters, note: Type.Optional(Text(0, ALARM_NOTE_MAX, { multiline: true })) });

export const AlarmHandleAllResult = Strict({
  changed: Type.Integer({ minimum: 0, description: 'Alarms handled at once' }),
  task: Type.Union([Type.String(), Type.Null()], { description: `The background task's key when more than ${HANDLE_ALL_INLINE} alarms match (the progress panel follows it), else null` }),
});

export const AlarmConfirm = Strict({
  ids: Ids(MAX_IDS),
  status: Type.Optional(OneOf(['confirmed', 'closed'] as const, { description: "'confirmed' (default) or 'closed'" })),
});

export const AlarmChanged = Strict({ changed: Type.Integer({ minimum: 0, description: 'How many alarms the action changed' }) });

const sampleAlarm = {
  id: 1,
  deviceCode: 'THS-001',
  deviceName: 'Temperature sensor 1',
  modelId: 2,
  level: 'warning',
  status: 'toBeConfirmed',
  handleStatus: 'unhandled',
  content: 'Temperature above 30 °C',
  time: '2026-05-01 08:00:00',
  handler: '',
  handleTime: '',
  handleNote: '',
  confirmer: '',
  confirmTime: '',
  eventTypeId: null,
  eventTypeName: '',
  areaPath: 'Tower A / Floor 3',
};

const list = (path: string, current: boolean) =>
  operation({
    method: 'GET',
    path,
    rights: { menu: 'alarmSearch' },
    tag: TAG,
    summary: current ? 'Current alarms (all but closed), newest first, paged' : 'Alarm history (closed ones too), newest first, paged',
    description:
      "The tenant's alarms within the user's data scope that match every filter given. Without times the window is the past 3 months; a window reaching further back, an end before the start or an end in the future is refused (SPEC §5).",
    query: AlarmQuery,
    data: AlarmPage,
    examples: { query: { page: 1, limit: 20, level: 'warning' }, data: { total: 1, rows: [sampleAlarm] } },
  });

export const ops = {
  total: operation({
    method: 'GET',
    path: '/api/alarm/total/tenant',
    rights: { menu: 'alarmSearch' },
    tag: TAG,
    summary: "The bell's count: unhandled alarms and the newest one",
    description: 'Polled every 5 s by the console when the user holds alarmSearch (SPEC §9). A rise of latestId means a new alarm.',
    data: AlarmTotal,
    examples: { data: { total: 3, latestId: 1, latest: { id: 1, level: 'warning', content: 'Temperature above 30 °C', deviceName: 'Temperature sensor 1', time: '2026-05-01 08:00:00' } } },
  }),
  list: list('/api/alarm', true),
  history: list('/api/alarm/his', false),
  actions: operation({
    method: 'GET',
    path: '/api/alarm/:id/actions',
    rights: { menu: 'alarmSearch' },
    tag: TAG,
    summary: "An alarm's history of actions, oldest first, starting with its raising",
    description: "Refused when the alarm is not the tenant's or outside the user's data scope.",
    params: IdParams,
    data: Type.Array(AlarmAction),
    examples: { params: { id: 1 }, data: [{ action: 'raised', user: '', time: '2026-05-01 08:00:00', note: '' }] },
  }),
  handle: operation({
    method: 'POST',
    path: '/api/alarm/handle',
    rights: { menu: 'alarmManager' },
    tag: TAG,
    summary: 'Takes alarms in hand or finishes them, with a note',
    description: "All or none: an id that is not the tenant's, or an alarm already handled, refuses the whole request and nothing changes. Each change is kept in the alarm's actions.",
    body: AlarmHandle,
    data: AlarmChanged,
    examples: { body: { ids: [1], handleStatus: 'handled', note: 'reset the sensor' }, data: { changed: 1 } },
  }),
  handleAll: operation({
    method: 'POST',
    path: '/api/alarm/handle/all',
    rights: { menu: 'alarmManager' },
    tag: TAG,
    summary: 'Handles every unhandled alarm the filters match',
    description: `The list's own filters within the 3-month window. Up to ${HANDLE_ALL_INLINE} alarms are handled at once and the answer says how many; more run as a background task whose key the answer carries.`,
    body: AlarmHandleAll,
    data: AlarmHandleAllResult,
    examples: { body: { level: 'reminder', note: 'checked on site' }, data: { changed: 4, task: null } },
  }),
  confirm: operation({
    method: 'POST',
    path: '/api/alarm/confirm',
    rights: { menu: 'alarmManager' },
    tag: TAG,
    summary: 'Confirms or closes alarms',
    description: "All or none: an id that is not the tenant's, or an alarm already closed, refuses the whole request (SPEC §4: a closed alarm stays closed).",
    body: AlarmConfirm,
    data: AlarmChanged,
    examples: { body: { ids: [1], status: 'confirmed' }, data: { changed: 1 } },
  }),
};
