// Alarm rules (alarmManager alarm/config; stand-alone /alarm_config) on the resource kit: per model
// parameter, for every device of the model or one device — the expression (checked by the shared
// parser as typed), level, content template, event type, release-notice validity and ban duration.
// The platform evaluates enabled rules on every new value of the parameter.
import { createAlarmRule, deleteAlarmRules, listAlarmRules, listEventTypes, updateAlarmRule } from '../../../shared/api/alarm.ts';
import { ALARM_LEVELS, RULE_DEFAULT_HOURS, type AlarmRule, type AlarmRuleSave } from '../../../shared/api/alarm-types.ts';
import { listDevices } from '../../../shared/api/device.ts';
import { allModels } from '../../../shared/api/device-model.ts';
import { http } from '../../../shared/http/index.ts';
import { alarmRuleSchema } from '../../../shared/validate/alarm.ts';
import { defineResource, ResourcePage, type Option, text } from '../../resource/index.ts';
import '../alarm-search/texts.ts';

/** The models a rule may watch, loaded when the filter or the form first shows. */
const modelOptions = (): Promise<Option[]> => allModels(http).then((list) => list.map((m) => ({ value: String(m.id), label: `${m.code} ${m.name}` })));
/** The devices (with a model) a rule may be narrowed to. */
const deviceOptions = (): Promise<Option[]> =>
  listDevices(http, { limit: 1000 }, { quiet: true }).then((page) => page.rows.filter((d) => d.modelId !== null).map((d) => ({ value: String(d.id), label: `${d.code} ${d.name}` })));
const R = alarmRuleSchema;

export const alarmRuleResource = defineResource<AlarmRule>({
  id: 'alarm-rule',
  operation: 'alarmRule.page',
  titleKey: 'alarmRules.title',
  rowKey: (r) => r.id,
  rowName: (r) => `${r.modelName} · ${r.paramCode} · ${r.expression}`,
  columns: [
    { id: 'model', headerKey: 'alarmRules.field.model', field: 'modelName' },
    { id: 'param', headerKey: 'alarmRules.field.param', field: 'paramCode' },
    { id: 'device', headerKey: 'alarmRules.field.device', field: 'deviceName', cell: (r, { t }) => r.deviceName || t('alarmRules.field.allDevices') },
    { id: 'expression', headerKey: 'alarmRules.field.expression', field: 'expression' },
    { id: 'level', headerKey: 'alarmRules.field.level', field: 'level', cell: (r, { t }) => t(`status.alarmLevel.${r.level}`) },
    { id: 'content', headerKey: 'alarmRules.field.content', field: 'content' },
    { id: 'eventType', headerKey: 'alarmRules.field.eventType', field: 'eventTypeName' },
    { id: 'ban', headerKey: 'alarmRules.field.banHours', field: 'banHours' },
    { id: 'enabled', headerKey: 'alarmRules.field.enabled', field: 'enabled', cell: (r, { t }) => <span data-enabled={r.enabled}>{t(r.enabled ? 'alarmRules.enabled' : 'alarmRules.disabled')}</span> },
  ],
  filters: [{ kind: 'select', name: 'modelId', labelKey: 'alarmRules.field.model', options: modelOptions }],
  list: (q, signal) => listAlarmRules(http, { page: q.page, limit: q.limit, ...(q.filters.modelId ? { modelId: Number(q.filters.modelId) } : {}) }, signal),
  form: {
    saves: { create: 'alarmRule.create', update: 'alarmRule.update' },
    wide: true,
    fields: () => [
      { kind: 'select', name: 'modelId', labelKey: 'alarmRules.field.model', options: modelOptions, emptyLabelKey: 'alarmRules.field.model', rules: R.modelId, initial: (r) => (r ? String(r.modelId) : ''), as: 'number' },
      { kind: 'text', name: 'paramCode', labelKey: 'alarmRules.field.param', rules: R.paramCode, initial: (r) => r?.paramCode ?? '' },
      { kind: 'select', name: 'deviceId', labelKey: 'alarmRules.field.device', options: deviceOptions, emptyLabelKey: 'alarmRules.field.allDevices', initial: (r) => (r?.deviceId ? String(r.deviceId) : ''), as: 'id' },
      { kind: 'text', name: 'expression', labelKey: 'alarmRules.field.expression', rules: R.expression, initial: (r) => r?.expression ?? '' },
      { kind: 'select', name: 'level', labelKey: 'alarmRules.field.level', options: ALARM_LEVELS.map((l) => ({ value: l, labelKey: `status.alarmLevel.${l}` })), rules: R.level, initial: (r) => r?.level ?? 'warning' },
      { kind: 'text', name: 'content', labelKey: 'alarmRules.field.content', rules: R.content, initial: (r) => r?.content ?? '{device}: {param} {value} {unit}' },
      {
        kind: 'select',
        name: 'eventTypeId',
        labelKey: 'alarmRules.field.eventType',
        options: () => listEventTypes(http, { page: 1, limit: 1000 }).then((p) => p.rows.map((e) => ({ value: String(e.id), label: `${e.number} ${e.name}` }))),
        emptyLabelKey: 'alarmRules.field.noEventType',
        initial: (r) => (r?.eventTypeId ? String(r.eventTypeId) : ''),
        as: 'id',
      },
      { kind: 'text', name: 'noticeHours', labelKey: 'alarmRules.field.noticeHours', rules: R.noticeHours, initial: (r) => String(r?.noticeHours ?? RULE_DEFAULT_HOURS) },
      { kind: 'text', name: 'banHours', labelKey: 'alarmRules.field.banHours', rules: R.banHours, initial: (r) => String(r?.banHours ?? RULE_DEFAULT_HOURS) },
      { kind: 'checkbox', name: 'enabled', labelKey: 'alarmRules.field.enabled', initial: (r) => r?.enabled ?? true },
    ],
    save: async (v, r) => {
      // Hours left empty are the default.
      const rule = { ...(v as AlarmRuleSave), noticeHours: Number(text(v.noticeHours) || RULE_DEFAULT_HOURS), banHours: Number(text(v.banHours) || RULE_DEFAULT_HOURS) };
      await (r ? updateAlarmRule(http, r.id, rule) : createAlarmRule(http, rule));
    },
  },
  remove: (rows) => deleteAlarmRules(http, rows.map((r) => r.id)),
});

export default function AlarmConfigPage() {
  const def = alarmRuleResource;
  return (
    <div data-page="alarm-config">
      <ResourcePage def={def} />
    </div>
  );
}
