// The alarm rules (alarmManager alarm/config): per model parameter, for one device or every device of
// the model — an expression of x (the value), a level, a content template, an event type, how long the
// raised alarm's release notice is valid and how long the rule stays quiet after firing (SPEC §9).
import Type from 'typebox';
import { ALARM_LEVELS, RULE_DEFAULT_HOURS } from '../api/alarm-types.ts';
import { ALARM_RULE_BOUNDS as B } from '../validate/alarm.ts';
import { operation } from './operation.ts';
import { Id, IdParams, Ids, Int, OneOf, Strict, Text, PageOf, PageQueryOf } from './fields.ts';

const TAG = 'Alarm rule';

export const AlarmRule = Strict({
  id: Id(),
  modelId: Id(),
  modelName: Type.String({ description: "The model's name in the caller's language" }),
  paramCode: Type.String({ description: "The model parameter the rule watches" }),
  deviceId: Type.Union([Id(), Type.Null()], { description: 'One device of the model; null: every device of the model' }),
  deviceName: Type.String({ description: "'' for every device" }),
  expression: Type.String({ description: 'A condition of x, the new value (e.g. x > 30)' }),
  level: OneOf(ALARM_LEVELS),
  content: Type.String({ description: 'The alarm text: {device}, {param}, {value} and {unit} are filled in' }),
  eventTypeId: Type.Union([Id(), Type.Null()], { description: 'null: no event type' }),
  eventTypeName: Type.String(),
  noticeHours: Type.Integer({ minimum: 0, description: "Hours the raised alarm's release notice is valid" }),
  banHours: Type.Integer({ minimum: 0, description: 'Hours the rule does not fire again on the same device while its alarm is open (0: until it is cleared)' }),
  enabled: Type.Boolean(),
});

export const AlarmRuleSave = Strict({
  modelId: Id({ description: "A product model of the tenant" }),
  paramCode: Text(B.paramCode[0], B.paramCode[1], { description: "One of the model's parameter codes" }),
  deviceId: Type.Optional(Type.Union([Id(), Type.Null()], { description: 'A device of the tenant of that model; null or absent: every device of the model' })),
  expression: Text(B.expression[0], B.expression[1], { description: 'A condition of x (the value) with + - * / % >> << & | < > <= >= == != && || (SPEC §5)' }),
  level: OneOf(ALARM_LEVELS),
  content: Text(B.content[0], B.content[1], { description: 'The alarm text; {device}, {param}, {value} and {unit} are filled in' }),
  eventTypeId: Type.Optional(Type.Union([Id(), Type.Null()], { description: 'An event type of the tenant; null or absent: none' })),
  noticeHours: Type.Optional(Int(B.noticeHours[0], B.noticeHours[1], { description: `Hours the release notice is valid (default ${RULE_DEFAULT_HOURS})` })),
  banHours: Type.Optional(Int(B.banHours[0], B.banHours[1], { description: `Hours the rule stays quiet on a device after firing (default ${RULE_DEFAULT_HOURS}; 0: until its alarm is cleared)` })),
  enabled: Type.Optional(Type.Boolean({ description: 'Default true' })),
});

export const AlarmRuleQuery = PageQueryOf({ modelId: Type.Optional(Id({ description: 'Only the rules of this model' })) });

export const AlarmRulePage = PageOf(AlarmRule);

const sampleSave = { modelId: 1, paramCode: 'temp', deviceId: null, expression: 'x > 30', level: 'warning', content: '{device}: {param} {value} {unit}', eventTypeId: null, noticeHours: 24, banHours: 24, enabled: true } as const;
const sampleRule = { id: 1, ...sampleSave, modelName: 'Temperature sensor', deviceName: '', eventTypeName: '' };

const REFERS =
  "Refused, naming the field, when the model, its parameter, the device (of that model) or the event type is not the tenant's, or the expression is not a condition of x the parser accepts.";

export const ops = {
  page: operation({
    method: 'POST',
    path: '/api/alarm/rule/page',
    rights: { menu: 'alarmManager' },
    tag: TAG,
    summary: "The tenant's alarm rules, by model and parameter, paged",
    description: 'Optionally only the rules of one model.',
    body: AlarmRuleQuery,
    data: AlarmRulePage,
    examples: { body: { page: 1, limit: 20 }, data: { rows: [sampleRule], total: 1 } },
  }),
  create: operation({
    method: 'POST',
    path: '/api/alarm/rule',
    rights: { menu: 'alarmManager' },
    tag: TAG,
    summary: 'Creates an alarm rule on a model parameter',
    description: `The platform evaluates it on every new value of the parameter (of the one device, or of every device of the model). ${REFERS}`,
    body: AlarmRuleSave,
    data: AlarmRule,
    examples: { body: sampleSave, data: sampleRule },
  }),
  update: operation({
    method: 'PUT',
    path: '/api/alarm/rule/:id',
    rights: { menu: 'alarmManager' },
    tag: TAG,
    summary: 'Changes an alarm rule',
    description: `The whole rule is sent. A rule that is not the tenant's is refused. ${REFERS}`,
    params: IdParams,
    body: AlarmRuleSave,
    data: AlarmRule,
    examples: { params: { id: 1 }, body: sampleSave, data: sampleRule },
  }),
  remove: operation({
    method: 'POST',
    path: '/api/alarm/rule/delete',
    rights: { menu: 'alarmManager' },
    tag: TAG,
    summary: 'Deletes alarm rules',
    description: "All or none: an id that is not the tenant's refuses the whole request. The alarms the rules raised stay.",
    body: Strict({ ids: Ids(1000) }),
    data: Strict({ deleted: Type.Integer({ minimum: 0 }) }),
    examples: { body: { ids: [1] }, data: { deleted: 1 } },
  }),
};
