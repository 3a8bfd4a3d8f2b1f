// The alarm rules' data (alarm-rule.ts): the rules as the API answers them, what they refer to, the
// enabled rules of every tenant (the point simulator's and camera monitor's rule book, platform-wide)
// and what firing a rule reads and writes (its ban, the device, an open alarm, the new alarm). Tenant
// statements run through the tenant accessor (TenantData, `$tenant`).
import type { AlarmRule } from '../../../shared/api/alarm-types.ts';
import type { Db } from '../db.ts';
import { deleteTenantRows } from '../resource.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

/** An enabled rule of any tenant, as stored. */
export interface StoredRule {
  id: number;
  tenant_id: number;
  model_id: number;
  param_code: string;
  device_id: number | null;
  expression: string;
  level: AlarmRule['level'];
  content: string;
  event_type_id: number | null;
  notice_hours: number;
  ban_hours: number;
}

/** Every tenant's enabled rules (platform-wide: the simulators walk every tenant's devices). */
export const enabledRules = (db: Db): StoredRule[] =>
  db.prepare('SELECT id, tenant_id, model_id, param_code, device_id, expression, level, content, event_type_id, notice_hours, ban_hours FROM alarm_rule WHERE enabled = 1').all<StoredRule>();

/** An alarm of this device's point (of this level and event type) that is neither closed nor handled. */
export function hasOpenAlarm(data: TenantData, deviceCode: string, paramCode: string, level: string, eventTypeId: number | null): boolean {
  return Boolean(
    data.get(
      "SELECT 1 FROM alarm WHERE tenant_id = $tenant AND device_code = ? AND param_code = ? AND level = ? AND event_type_id IS ? AND status <> 'closed' AND handle_status <> 'handled' LIMIT 1",
      deviceCode,
      paramCode,
      level,
      eventTypeId,
    ),
  );
}

/** Until when a rule is banned on a device, or undefined. */
export const ruleBanUntil = (data: TenantData, ruleId: number, deviceId: number): number | undefined =>
  data.get<{ until: number }>('SELECT until FROM alarm_rule_ban WHERE rule_id = ? AND device_id = ?', ruleId, deviceId)?.until;

/** Bans a rule on a device until `until`. */
export const banRule = (data: TenantData, ruleId: number, deviceId: number, until: number): void =>
  void data.run('INSERT INTO alarm_rule_ban (rule_id, device_id, until) VALUES (?, ?, ?) ON CONFLICT (rule_id, device_id) DO UPDATE SET until = excluded.until', ruleId, deviceId, until);

/** One of the tenant's devices as a rule's alarm names it, or undefined. */
export const ruleDevice = (data: TenantData, deviceId: number): { code: string; name: string; name_en: string; model_id: number } | undefined =>
  data.get<{ code: string; name: string; name_en: string; model_id: number }>('SELECT code, name, name_en, model_id FROM device WHERE id = ? AND tenant_id = $tenant', deviceId);

/** A rule's alarm to raise. */
export interface RuleAlarm {
  deviceCode: string;
  deviceName: string;
  modelId: number;
  level: AlarmRule['level'];
  zh: string;
  en: string;
  at: number;
  eventTypeId: number | null;
  noticeUntil: number;
  paramCode: string;
}

/** Raises a rule's alarm; answers its id. */
export const insertRuleAlarm = (data: TenantData, a: RuleAlarm): number =>
  Number(
    data.run(
      `INSERT INTO alarm (tenant_id, device_code, device_name, model_id, level, status, handle_status, content_zh, content_en, occurred_at, event_type_id, notice_until, param_code)
         VALUES ($tenant, ?, ?, ?, ?, 'toBeConfirmed', 'unhandled', ?, ?, ?, ?, ?, ?)`,
      a.deviceCode,
      a.deviceName,
      a.modelId,
      a.level,
      a.zh,
      a.en,
      a.at,
      a.eventTypeId,
      a.noticeUntil,
      a.paramCode,
    ).lastInsertRowid,
  );

/** A rule as the API answers it (alarm_rule r, its model m, device d and event type e). */
const RULE = shape<AlarmRule>({
  id: col.value('r.id'),
  modelId: col.value('r.model_id'),
  modelName: col.value('loc(m.name, m.name_en)'),
  paramCode: col.value('r.param_code'),
  deviceId: col.value('r.device_id'),
  deviceName: col.value("COALESCE(d.name, '')"),
  expression: col.value('r.expression'),
  level: col.value('r.level'),
  content: col.value('r.content'),
  eventTypeId: col.value('r.event_type_id'),
  eventTypeName: col.value("COALESCE(e.name, '')"),
  noticeHours: col.value('r.notice_hours'),
  banHours: col.value('r.ban_hours'),
  enabled: col.flag('r.enabled'),
});

const SELECT = `SELECT ${RULE.select}
  FROM alarm_rule r JOIN device_model m ON m.id = r.model_id LEFT JOIN device d ON d.id = r.device_id LEFT JOIN alarm_event_type e ON e.id = r.event_type_id`;

/** One of the tenant's rules as the API answers it. */
export const ruleById = (data: TenantData, id: number): AlarmRule | undefined => {
  const row = data.get(`${SELECT} WHERE r.tenant_id = $tenant AND r.id = ?`, id);
  return row && RULE.read(row);
};

/** The tenant's rules (of one model when given), by model name, parameter and id. */
export function listRules(data: TenantData, modelId: number | undefined, page: { limit: number; offset: number }): { rows: AlarmRule[]; total: number } {
  const where = ['r.tenant_id = $tenant', ...(modelId ? ['r.model_id = ?'] : [])];
  const args = modelId ? [modelId] : [];
  const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM alarm_rule r WHERE ${where.join(' AND ')}`, ...args)!.n;
  const rows = data.all(`${SELECT} WHERE ${where.join(' AND ')} ORDER BY loc(m.name, m.name_en), r.param_code, r.id LIMIT ? OFFSET ?`, ...args, page.limit, page.offset);
  return { rows: RULE.all(rows), total };
}

/** The parameter codes of one of the tenant's models, in their order. */
export const modelParamCodes = (data: TenantData, modelId: number): string[] =>
  data.all<{ code: string }>('SELECT code FROM model_param WHERE model_id = ? AND tenant_id = $tenant ORDER BY id', modelId).map((r) => r.code);

/** Whether the device is one of the tenant's, of this model. */
export const deviceOfModel = (data: TenantData, deviceId: number, modelId: number): boolean =>
  Boolean(data.get('SELECT 1 FROM device WHERE id = ? AND tenant_id = $tenant AND model_id = ?', deviceId, modelId));

/** A rule as it is stored (the route has trimmed and defaulted its values). */
export interface RuleRow {
  modelId: number;
  paramCode: string;
  deviceId: number | null;
  expression: string;
  level: AlarmRule['level'];
  content: string;
  eventTypeId: number | null;
  noticeHours: number;
  banHours: number;
  enabled: boolean;
}

const values = (r: RuleRow) => [r.modelId, r.paramCode, r.deviceId, r.expression, r.level, r.content, r.eventTypeId, r.noticeHours, r.banHours, r.enabled ? 1 : 0];

export const insertRule = (data: TenantData, r: RuleRow): number =>
  Number(
    data.run(
      'INSERT INTO alarm_rule (tenant_id, model_id, param_code, device_id, expression, level, content, event_type_id, notice_hours, ban_hours, enabled) VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ...values(r),
    ).lastInsertRowid,
  );

export const updateRule = (data: TenantData, id: number, r: RuleRow): void =>
  void data.run(
    'UPDATE alarm_rule SET model_id = ?, param_code = ?, device_id = ?, expression = ?, level = ?, content = ?, event_type_id = ?, notice_hours = ?, ban_hours = ?, enabled = ? WHERE id = ? AND tenant_id = $tenant',
    ...values(r),
    id,
  );

/** Deletes the tenant's rules, all or none: null when any id is not the tenant's. */
export const deleteRules = (data: TenantData, ids: readonly number[]): number | null => deleteTenantRows(data, 'alarm_rule', ids);
