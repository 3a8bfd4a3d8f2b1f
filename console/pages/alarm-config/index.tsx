// Alarm rules (alarmManager alarm/config; stand-alone /alarm_config) on the resource kit: per model
// parameter, for every device of the model or one device — the expression (checked by the shared
// parser as typed), level, content template, event type, release-notice validity and ban duration.
// The platform evaluates enabled rules on every new value of the parameter.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAlarmRule, deleteAlarmRules, listAlarmRules, listEventTypes, updateAlarmRule } from '../../../shared/api/alarm.ts';
import { ALARM_LEVELS, RULE_DEFAULT_HOURS, type AlarmLevel, type AlarmRule } from '../../../shared/api/alarm-types.ts';
import { listDevices } from '../../../shared/api/device.ts';
import { allModels } from '../../../shared/api/device-model.ts';
import { http } from '../../../shared/http/index.ts';
import { alarmRuleSchema } from '../../../shared/validate/alarm.ts';
import { ResourcePage, type Option, type ResourceDef, text } from '../../resource/index.ts';
import '../alarm-search/texts.ts';

const idOrNull = (v: unknown) => (text(v) ? Number(text(v)) : null);

export default function AlarmConfigPage() {
  const { t } = useTranslation();
  const [models, setModels] = useState<Option[]>([]);
  const [devices, setDevices] = useState<Option[]>([]);
  useEffect(() => {
    allModels(http).then((list) => setModels(list.map((m) => ({ value: String(m.id), label: `${m.code} ${m.name}` }))), () => undefined);
    listDevices(http, { limit: 1000 }, { quiet: true }).then(
      (page) => setDevices(page.rows.filter((d) => d.modelId !== null).map((d) => ({ value: String(d.id), label: `${d.code} ${d.name}` }))),
      () => undefined,
    );
  }, []);

  const def = useMemo<ResourceDef<AlarmRule>>(
    () => ({
      id: 'alarm-rule',
      operation: 'alarmRule.page',
      titleKey: 'alarmRules.title',
      rowKey: (r) => r.id,
      rowName: (r) => `${r.modelName} · ${r.paramCode} · ${r.expression}`,
      columns: [
        { id: 'model', headerKey: 'alarmRules.field.model', field: 'modelName' },
        { id: 'param', headerKey: 'alarmRules.field.param', field: 'paramCode' },
        { id: 'device', headerKey: 'alarmRules.field.device', field: 'deviceName', cell: (r) => r.deviceName || t('alarmRules.field.allDevices') },
        { id: 'expression', headerKey: 'alarmRules.field.expression', field: 'expression' },
        { id: 'level', headerKey: 'alarmRules.field.level', field: 'level', cell: (r) => t(`status.alarmLevel.${r.level}`) },
        { id: 'content', headerKey: 'alarmRules.field.content', field: 'content' },
        { id: 'eventType', headerKey: 'alarmRules.field.eventType', field: 'eventTypeName' },
        { id: 'ban', headerKey: 'alarmRules.field.banHours', field: 'banHours' },
        { id: 'enabled', headerKey: 'alarmRules.field.enabled', field: 'enabled', cell: (r) => <span data-enabled={r.enabled}>{t(r.enabled ? 'alarmRules.enabled' : 'alarmRules.disabled')}</span> },
      ],
      filters: [{ kind: 'select', name: 'modelId', labelKey: 'alarmRules.field.model', options: models }],
      list: (q, signal) => listAlarmRules(http, { page: q.page, limit: q.limit, ...(q.filters.modelId ? { modelId: Number(q.filters.modelId) } : {}) }, signal),
      form: {
        wide: true,
        fields: () => [
          { kind: 'select', name: 'modelId', labelKey: 'alarmRules.field.model', options: models, emptyLabelKey: 'alarmRules.field.model' },
          { kind: 'text', name: 'paramCode', labelKey: 'alarmRules.field.param' },
          { kind: 'select', name: 'deviceId', labelKey: 'alarmRules.field.device', options: devices, emptyLabelKey: 'alarmRules.field.allDevices' },
          { kind: 'text', name: 'expression', labelKey: 'alarmRules.field.expression' },
          { kind: 'select', name: 'level', labelKey: 'alarmRules.field.level', options: ALARM_LEVELS.map((l) => ({ value: l, label: t(`status.alarmLevel.${l}`) })) },
          { kind: 'text', name: 'content', labelKey: 'alarmRules.field.content' },
          {
            kind: 'select',
            name: 'eventTypeId',
            labelKey: 'alarmRules.field.eventType',
            options: () => listEventTypes(http, { page: 1, limit: 1000 }).then((p) => p.rows.map((e) => ({ value: String(e.id), label: `${e.number} ${e.name}` }))),
            emptyLabelKey: 'alarmRules.field.noEventType',
          },
          { kind: 'text', name: 'noticeHours', labelKey: 'alarmRules.field.noticeHours' },
          { kind: 'text', name: 'banHours', labelKey: 'alarmRules.field.banHours' },
          { kind: 'checkbox', name: 'enabled', labelKey: 'alarmRules.field.enabled' },
        ],
        schema: () => alarmRuleSchema,
        initial: (r) => ({
          modelId: r ? String(r.modelId) : '',
          paramCode: r?.paramCode ?? '',
          deviceId: r?.deviceId ? String(r.deviceId) : '',
          expression: r?.expression ?? '',
          level: r?.level ?? 'warning',
          content: r?.content ?? '{device}: {param} {value} {unit}',
          eventTypeId: r?.eventTypeId ? String(r.eventTypeId) : '',
          noticeHours: String(r?.noticeHours ?? RULE_DEFAULT_HOURS),
          banHours: String(r?.banHours ?? RULE_DEFAULT_HOURS),
          enabled: r?.enabled ?? true,
        }),
        save: async (v, r) => {
          const body = {
            modelId: Number(text(v.modelId)),
            paramCode: text(v.paramCode),
            deviceId: idOrNull(v.deviceId),
            expression: text(v.expression),
            level: text(v.level) as AlarmLevel,
            content: text(v.content),
            eventTypeId: idOrNull(v.eventTypeId),
            noticeHours: Number(text(v.noticeHours) || RULE_DEFAULT_HOURS),
            banHours: Number(text(v.banHours) || RULE_DEFAULT_HOURS),
            enabled: v.enabled === true,
          };
          await (r ? updateAlarmRule(http, r.id, body) : createAlarmRule(http, body));
        },
      },
      remove: (rows) => deleteAlarmRules(http, rows.map((r) => r.id)),
    }),
    [t, models, devices],
  );
  return (
    <div data-page="alarm-config">
      <ResourcePage def={def} />
    </div>
  );
}
