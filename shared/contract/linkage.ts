// Linkage (SPEC §1 linkage strategies and quick scenes, §3 strategy fields, §4 levels, §5 delays
// 1–300 s, §7 linkage calls): groups, strategies (a source expression over a device's points, and the
// actions it fires), quick scenes (timed steps), the holiday calendar and the records of firings. The
// schema types and bounds every part; the SPEC §5 form rules (shared/validate/linkage.ts: names,
// expression syntax, HH:mm periods, complete actions, step delays) run after it with the form's
// messages, and what needs the database (the tenant's device, point, scene, no self-firing) stays in the handler.
import Type from 'typebox';
import { ALARM_LEVELS } from '../api/alarm-types.ts';
import { HOLIDAY_KINDS, LINK_LEVELS, LINK_RESULTS, MAX_ACTIONS } from '../api/linkage-types.ts';
import { ProgressKey } from './progress.ts';
import { operation } from './operation.ts';
import { Id, IdParams, Ids, Int, Strict, Text, Time, PageOf, PageQueryOf } from './fields.ts';

const TAG = 'Linkage';
const rights = { menu: 'linkManage' } as const;

export const LinkAction = Type.Union([
  Strict({ kind: Type.Literal('write'), deviceId: Id(), code: Text(0, 64, { description: "A writable point code of the device's model" }), value: Type.Number({ description: "Within the point's range" }) }),
  Strict({ kind: Type.Literal('alarm'), deviceId: Id(), level: Type.Enum([...ALARM_LEVELS]), content: Text(0, 200, { description: '1–200 characters' }) }),
  Strict({ kind: Type.Literal('scene'), sceneId: Id({ description: 'A quick scene of the tenant' }) }),
]);

export const LinkGroup = Strict({ id: Id(), name: Type.String(), note: Type.String(), strategies: Type.Integer({ minimum: 0 }) });
export const LinkGroupSave = Strict({ name: Text(0, 64, { description: 'SPEC §5 name length, unique within the tenant' }), note: Type.Optional(Text(0, 200, { multiline: true })) });
export const LinkGroupPage = PageOf(LinkGroup);

const strategyFields = {
  groupId: Id(),
  name: Text(0, 64, { description: 'SPEC §5 name length, unique within the tenant' }),
  deviceId: Id({ description: 'The device whose points the source expression reads (by parameter code)' }),
  expression: Text(0, 200, { description: 'The source condition over point codes, e.g. temp > 28 && hum < 60' }),
  hits: Int(1, 100, { description: 'Consecutive evaluations the source must hold before firing' }),
  level: Type.Enum([...LINK_LEVELS], { description: 'common runs once; important retries until the target confirms' }),
};

export const LinkStrategySave = Strict({
  ...strategyFields,
  retrySeconds: Type.Optional(Int(1, 3600, { description: 'Seconds between attempts of an important strategy (default 30)' })),
  periodStart: Type.Optional(Text(0, 5, { description: 'Active period start HH:mm; both empty: all day' })),
  periodEnd: Type.Optional(Text(0, 5, { description: 'Active period end HH:mm' })),
  skipHolidays: Type.Optional(Type.Boolean({ description: 'Not on days marked as holidays' })),
  enabled: Type.Optional(Type.Boolean({ description: 'Default true' })),
  actions: Type.Array(LinkAction, { maxItems: MAX_ACTIONS, description: `1–${MAX_ACTIONS} actions` }),
});

export const LinkStrategy = Strict({
  id: Id(),
  ...strategyFields,
  name: Type.String(),
  expression: Type.String(),
  groupName: Type.String(),
  deviceName: Type.String(),
  retrySeconds: Type.Integer({ minimum: 1 }),
  periodStart: Type.String(),
  periodEnd: Type.String(),
  skipHolidays: Type.Boolean(),
  enabled: Type.Boolean(),
  actions: Type.Array(LinkAction),
  held: Type.Integer({ minimum: 0, description: 'Consecutive holds counted so far' }),
});
export const LinkStrategyQuery = PageQueryOf({ groupId: Type.Optional(Id()), keyword: Type.Optional(Text(0, 64, { description: "Text in the strategy's or the device's name" })) });
export const LinkStrategyPage = PageOf(LinkStrategy);

export const SceneStep = Strict({ delaySeconds: Int(0, 100000, { description: 'Seconds to wait before this step (SPEC §5: 1–300)' }), action: LinkAction });
export const QuickSceneSave = Strict({
  name: Text(0, 64, { description: 'SPEC §5 name length, unique within the tenant' }),
  note: Type.Optional(Text(0, 200, { multiline: true })),
  steps: Type.Array(SceneStep, { maxItems: MAX_ACTIONS, description: `1–${MAX_ACTIONS} write or alarm steps` }),
});
export const QuickScene = Strict({ id: Id(), name: Type.String(), note: Type.String(), steps: Type.Array(SceneStep) });
export const QuickScenePage = PageOf(QuickScene);

export const Holiday = Strict({ day: Type.String({ description: 'YYYY-MM-DD' }), kind: Type.Enum([...HOLIDAY_KINDS]), name: Type.String() });
export const HolidaySet = Strict({
  day: Text(10, 10, { description: 'YYYY-MM-DD, a real date' }),
  kind: Type.Enum(['', ...HOLIDAY_KINDS], { description: "'' clears the day" }),
  name: Type.Optional(Text(0, 64)),
});

export const LinkAttempt = Strict({
  action: Type.Integer({ minimum: 0, description: 'Index of the action in the strategy' }),
  label: Type.String(),
  attempt: Type.Integer({ minimum: 1 }),
  at: Time(),
  ok: Type.Boolean(),
  message: Type.String(),
});
export const LinkRecord = Strict({
  id: Id(),
  strategyId: Id(),
  strategyName: Type.String(),
  deviceId: Id(),
  deviceName: Type.String(),
  firedAt: Time(),
  values: Type.Record(Type.String(), Type.Number(), { description: "The source device's point values when it fired" }),
  result: Type.Enum([...LINK_RESULTS]),
  note: Type.String(),
  attempts: Type.Array(LinkAttempt),
});
export const LinkRecordQuery = PageQueryOf({
  strategyId: Type.Optional(Id()),
  deviceId: Type.Optional(Id()),
  result: Type.Optional(Type.Enum([...LINK_RESULTS])),
  startTime: Type.Optional(Text(0, 32, { description: "YYYY-MM-DD HH:mm:ss; with endTime, a window within the past 3 months (default: the past 3 months)" })),
  endTime: Type.Optional(Text(0, 32)),
});
export const LinkRecordPage = PageOf(LinkRecord);

const Deleted = Strict({ deleted: Type.Integer({ minimum: 0 }) });
const NamePage = PageQueryOf({ keyword: Type.Optional(Text(0, 64, { description: 'Text in the name' })) });

const sampleGroup = { id: 1, name: 'Cooling', note: '', strategies: 1 };
const sampleAction = { kind: 'write', deviceId: 4, code: 'fan', value: 1 };
const sampleStrategySave = { groupId: 1, name: 'Hot lobby', deviceId: 3, expression: 'temp > 28', hits: 2, level: 'common', retrySeconds: 30, periodStart: '', periodEnd: '', skipHolidays: false, enabled: true, actions: [sampleAction] };
const sampleStrategy = { id: 1, ...sampleStrategySave, groupName: 'Cooling', deviceName: 'Lobby sensor', held: 0 };
const sampleSceneSave = { name: 'Open hall', note: '', steps: [{ delaySeconds: 5, action: sampleAction }] };
const sampleScene = { id: 1, ...sampleSceneSave };
const sampleRecord = {
  id: 1, strategyId: 1, strategyName: 'Hot lobby', deviceId: 3, deviceName: 'Lobby sensor', firedAt: '2026-05-01 08:00:00', values: { temp: 29 }, result: 'success', note: '',
  attempts: [{ action: 0, label: 'Fan coil 1 fan = 1', attempt: 1, at: '2026-05-01 08:00:00', ok: true, message: '' }],
};

export const ops = {
  groupPage: operation({
    method: 'POST', path: '/api/link/group/page', rights, tag: TAG,
    summary: 'Linkage groups by name, paged', description: 'Each group with how many strategies it holds.',
    body: NamePage, data: LinkGroupPage,
    examples: { body: { page: 1, limit: 20 }, data: { rows: [sampleGroup], total: 1 } },
  }),
  groupCreate: operation({
    method: 'POST', path: '/api/link/group', rights, tag: TAG,
    summary: 'Adds a linkage group', description: 'Refused (field name) for a name outside the SPEC §5 length or one in use.',
    body: LinkGroupSave, data: LinkGroup,
    examples: { body: { name: 'Cooling', note: '' }, data: { ...sampleGroup, strategies: 0 } },
  }),
  groupUpdate: operation({
    method: 'PUT', path: '/api/link/group/:id', rights, tag: TAG,
    summary: 'Renames a linkage group or changes its note', description: "The same checks as adding; refused when the group is not the tenant's.",
    params: IdParams, body: LinkGroupSave, data: LinkGroup,
    examples: { params: { id: 1 }, body: { name: 'Cooling', note: 'Summer' }, data: { ...sampleGroup, note: 'Summer' } },
  }),
  groupDelete: operation({
    method: 'POST', path: '/api/link/group/delete', rights, tag: TAG,
    summary: 'Deletes empty linkage groups', description: "All or none: an id that is not the tenant's, or a group that still holds strategies, refuses the request.",
    body: Strict({ ids: Ids() }), data: Deleted,
    examples: { body: { ids: [1] }, data: { deleted: 1 } },
  }),
  strategyPage: operation({
    method: 'POST', path: '/api/link/strategy/page', rights, tag: TAG,
    summary: 'Linkage strategies by group and name, paged', description: "Optionally one group's; the keyword matches the strategy's or the source device's name.",
    body: LinkStrategyQuery, data: LinkStrategyPage,
    examples: { body: { page: 1, limit: 20 }, data: { rows: [sampleStrategy], total: 1 } },
  }),
  strategyCreate: operation({
    method: 'POST', path: '/api/link/strategy', rights, tag: TAG,
    summary: 'Adds a linkage strategy: a source condition and the actions it fires',
    description:
      "Refused, naming the field, for a name in use, a group or device not the tenant's, an expression that does not parse or reads a point the device lacks, an HH:mm period out of form, an incomplete action, a write to a point that is not writable or out of its range, or an action that would fire the strategy itself.",
    body: LinkStrategySave, data: LinkStrategy,
    examples: { body: sampleStrategySave, data: sampleStrategy },
  }),
  strategyUpdate: operation({
    method: 'PUT', path: '/api/link/strategy/:id', rights, tag: TAG,
    summary: 'Changes a linkage strategy (it starts counting afresh)', description: "The same checks as adding; refused when the strategy is not the tenant's.",
    params: IdParams, body: LinkStrategySave, data: LinkStrategy,
    examples: { params: { id: 1 }, body: sampleStrategySave, data: sampleStrategy },
  }),
  strategyEnabled: operation({
    method: 'POST', path: '/api/link/strategy/:id/enabled', rights, tag: TAG,
    summary: 'Enables or disables a linkage strategy', description: "Refused when the strategy is not the tenant's.",
    params: IdParams, body: Strict({ enabled: Type.Boolean() }), data: LinkStrategy,
    examples: { params: { id: 1 }, body: { enabled: false }, data: { ...sampleStrategy, enabled: false } },
  }),
  strategyDelete: operation({
    method: 'POST', path: '/api/link/strategy/delete', rights, tag: TAG,
    summary: 'Deletes linkage strategies', description: "All or none: an id that is not the tenant's refuses the request.",
    body: Strict({ ids: Ids() }), data: Deleted,
    examples: { body: { ids: [1] }, data: { deleted: 1 } },
  }),
  scenePage: operation({
    method: 'POST', path: '/api/link/scene/page', rights, tag: TAG,
    summary: 'Quick scenes by name, paged', description: 'Each scene with its steps.',
    body: NamePage, data: QuickScenePage,
    examples: { body: { page: 1, limit: 20 }, data: { rows: [sampleScene], total: 1 } },
  }),
  sceneCreate: operation({
    method: 'POST', path: '/api/link/scene', rights, tag: TAG,
    summary: 'Adds a quick scene: timed write and alarm steps',
    description: "Refused, naming the field, for a name in use, a delay outside 1–300 s, an incomplete or scene step, or a device, point or value the tenant's device does not allow.",
    body: QuickSceneSave, data: QuickScene,
    examples: { body: sampleSceneSave, data: sampleScene },
  }),
  sceneUpdate: operation({
    method: 'PUT', path: '/api/link/scene/:id', rights, tag: TAG,
    summary: 'Changes a quick scene', description: "The same checks as adding; refused when the scene is not the tenant's.",
    params: IdParams, body: QuickSceneSave, data: QuickScene,
    examples: { params: { id: 1 }, body: sampleSceneSave, data: sampleScene },
  }),
  sceneDelete: operation({
    method: 'POST', path: '/api/link/scene/delete', rights, tag: TAG,
    summary: 'Deletes quick scenes no strategy uses', description: "All or none: an id that is not the tenant's, or a scene a strategy starts, refuses the request.",
    body: Strict({ ids: Ids() }), data: Deleted,
    examples: { body: { ids: [1] }, data: { deleted: 1 } },
  }),
  sceneRun: operation({
    method: 'POST', path: '/api/link/scene/:id/run', rights, tag: TAG,
    summary: 'Runs a quick scene now (a background task)', description: "Takes no body. Refused when the scene is not the tenant's or the user already runs too many tasks.",
    params: IdParams, data: ProgressKey,
    examples: { params: { id: 1 }, data: { key: 'scene', hashKey: 'a1b2c3' } },
  }),
  holidays: operation({
    method: 'GET', path: '/api/link/holiday', rights, tag: TAG,
    summary: "A year's holidays and extra workdays", description: 'Days marked in the calendar the strategies that skip holidays read.',
    query: Strict({ year: Int(2000, 2100) }), data: Type.Array(Holiday),
    examples: { query: { year: 2026 }, data: [{ day: '2026-10-01', kind: 'holiday', name: 'National Day' }] },
  }),
  holidaySet: operation({
    method: 'PUT', path: '/api/link/holiday', rights, tag: TAG,
    summary: 'Marks a day as a holiday or a workday, or clears it', description: "Refused (field day) for a day that is not a real YYYY-MM-DD date. Answers the day, or null when cleared.",
    body: HolidaySet, data: Type.Union([Holiday, Type.Null()]),
    examples: { body: { day: '2026-10-01', kind: 'holiday', name: 'National Day' }, data: { day: '2026-10-01', kind: 'holiday', name: 'National Day' } },
  }),
  holidayImport: operation({
    method: 'POST', path: '/api/link/holiday/import', rights, tag: TAG,
    summary: 'Imports holidays from a spreadsheet (date, kind, name)',
    description: 'multipart/form-data with one xls/xlsx file. Any bad row (a date that is not real, an unknown kind) refuses the whole file, naming its line, and nothing changes.',
    data: Strict({ imported: Type.Integer({ minimum: 0 }), msg: Type.String() }),
    examples: { data: { imported: 3, msg: '3 days imported' } },
  }),
  recordPage: operation({
    method: 'POST', path: '/api/link/record/page', rights, tag: TAG,
    summary: 'Firings of the linkage strategies, newest first, paged',
    description: 'Each with the source values and every attempt of every action; the time window is at most the past 3 months, with the same messages as alarms.',
    body: LinkRecordQuery, data: LinkRecordPage,
    examples: { body: { page: 1, limit: 20 }, data: { rows: [sampleRecord], total: 1 } },
  }),
  record: operation({
    method: 'GET', path: '/api/link/record/:id', rights, tag: TAG,
    summary: 'One firing with its attempts', description: "Refused when the record is not the tenant's.",
    params: IdParams, data: LinkRecord,
    examples: { params: { id: 1 }, data: sampleRecord },
  }),
};
