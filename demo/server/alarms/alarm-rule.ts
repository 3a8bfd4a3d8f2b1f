// Alarm rules (alarmManager alarm/config): per model parameter, for one device or every device of the
// model — expression (the shared parser, x the value), level, content template, event type, release
// notice validity and ban duration (24 h each by default, SPEC §9). The point simulator asks
// `rulesFor` on every new value and `fireRule` raises the alarm unless the ban holds.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { RULE_DEFAULT_HOURS, type AlarmRule, type AlarmRulePage, type AlarmRuleSave } from '../../../shared/api/alarm-types.ts';
import { ops } from '../../../shared/contract/alarm-rule.ts';
import { route } from '../contract.ts';
import { compile, evaluate, type Node } from '../../../shared/validate/expression.ts';
import { alarmRuleSchema } from '../../../shared/validate/alarm.ts';
import { announceAlarm } from './alarm-events.ts';
import type { Db } from '../db.ts';
import { fail, failField, ok, validBody } from '../http.ts';
import { inLang } from '../local-names.ts';
import { langOf, type Lang, textsOf } from '../messages.ts';
import { paramNamesOf } from '../devices/device-model.ts';
import { deleteTenantRows, offsetOf } from '../resource.ts';
import { col, shape } from '../shape.ts';
import { tenantData, tenantDataOf, type TenantData } from '../tenant-data.ts';

const TEXT = {
  noRule: { zh: '告警规则不存在', en: 'no such alarm rule' },
  noModel: { zh: '型号不存在', en: 'no such model' },
  noParam: { zh: '型号没有参数 {code}，可选：{codes}', en: 'the model has no parameter {code}; it has: {codes}' },
  noDevice: { zh: '设备不存在或不属于该型号', en: 'no such device of this model' },
  noEventType: { zh: '事件类型不存在', en: 'no such event type' },
} as const satisfies Record<string, Record<Lang, string>>;
const say = textsOf(TEXT);

export interface LiveRule {
  id: number;
  tree: Node;
  level: AlarmRule['level'];
  content: string;
  eventTypeId: number | null;
  noticeHours: number;
  banHours: number;
}

export type RuleBook = (tenantId: number, modelId: number, paramCode: string, deviceId: number) => LiveRule[];

/**
 * Every enabled rule of every tenant, compiled once (per simulator round): look one parameter of one
 * device up. The point simulator and the camera monitor walk every tenant's devices, so they hand the
 * platform's Db; each rule keeps its tenant and fires through that tenant's data only.
 */
export function ruleBook(db: Db): RuleBook {
  const rows = db.prepare('SELECT id, tenant_id, model_id, param_code, device_id, expression, level, content, event_type_id, notice_hours, ban_hours FROM alarm_rule WHERE enabled = 1').all<{ id: number; tenant_id: number; model_id: number; param_code: string; device_id: number | null; expression: string; level: AlarmRule['level']; content: string; event_type_id: number | null; notice_hours: number; ban_hours: number; }>();
  const book = new Map<string, Array<LiveRule & { deviceId: number | null }>>();
  for (const r of rows) {
    const c = compile(r.expression);
    if (!c.ok) continue;
    const key = `${r.tenant_id}/${r.model_id}/${r.param_code}`;
    book.set(key, [...(book.get(key) ?? []), { id: r.id, deviceId: r.device_id, tree: c.tree, level: r.level, content: r.content, eventTypeId: r.event_type_id, noticeHours: r.notice_hours, banHours: r.ban_hours }]);
  }
  return (tenantId, modelId, paramCode, deviceId) => (book.get(`${tenantId}/${modelId}/${paramCode}`) ?? []).filter((r) => r.deviceId === null || r.deviceId === deviceId);
}

/** An alarm of this device's point (of this level and event type) that is neither closed nor handled. */
export function openAlarmOn(db: Db, tenantId: number, deviceCode: string, paramCode: string, level: string, eventTypeId: number | null): boolean {
  return openAlarmOf(tenantDataOf(db, tenantId), deviceCode, paramCode, level, eventTypeId);
}

function openAlarmOf(data: TenantData, deviceCode: string, paramCode: string, level: string, eventTypeId: number | null): boolean {
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

/** Evaluates a rule on a value and raises its alarm unless banned; answers the alarm id or null. */
export function fireRule(db: Db, tenantId: number, deviceId: number, live: LiveRule, param: { code: string; name: string; unit: string }, value: number, at: number): number | null {
  let holds: number;
  try {
    holds = evaluate(live.tree, { x: value });
  } catch {
    return null;
  }
  if (!holds) return null;
  const data = tenantDataOf(db, tenantId);
  return data.tx(() => {
    const ban = data.get<{ until: number }>('SELECT until FROM alarm_rule_ban WHERE rule_id = ? AND device_id = ?', live.id, deviceId);
    const device = data.get<{ code: string; name: string; name_en: string; model_id: number }>('SELECT code, name, name_en, model_id FROM device WHERE id = ? AND tenant_id = $tenant', deviceId);
    if (!device) return null;
    // One excursion, one alarm: nothing new until the rule's alarm on this point is cleared (closed or
    // handled) or its ban expires; a rule without a ban waits for the clearing alone.
    const banned = live.banHours === 0 || (ban !== undefined && ban.until > at);
    if (banned && openAlarmOf(data, device.code, param.code, live.level, live.eventTypeId)) return null;
    // The rule's text is one template; the alarm reads in both languages with the names in each.
    const paramNames = paramNamesOf(data, device.model_id, param);
    const textIn = (lang: Lang) => live.content.replace(/\{(device|param|value|unit)\}/g, (_m, k: string) => ({ device: inLang(lang, device), param: paramNames[lang], value: String(value), unit: param.unit })[k] ?? '');
    const text = textIn('zh');
    const id = Number(
      data.run(
        `INSERT INTO alarm (tenant_id, device_code, device_name, model_id, level, status, handle_status, content_zh, content_en, occurred_at, event_type_id, notice_until, param_code)
         VALUES ($tenant, ?, ?, ?, ?, 'toBeConfirmed', 'unhandled', ?, ?, ?, ?, ?, ?)`,
        device.code,
        device.name,
        device.model_id,
        live.level,
        text,
        textIn('en'),
        at,
        live.eventTypeId,
        at + live.noticeHours * 3_600_000,
        param.code,
      ).lastInsertRowid,
    );
    if (live.banHours > 0) {
      data.run('INSERT INTO alarm_rule_ban (rule_id, device_id, until) VALUES (?, ?, ?) ON CONFLICT (rule_id, device_id) DO UPDATE SET until = excluded.until', live.id, deviceId, at + live.banHours * 3_600_000);
    }
    announceAlarm(db, { tenantId, alarmId: id, level: live.level, deviceName: device.name, content: text, at });
    return id;
  });
}

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

/** What the contract cannot say: the expression is a condition of x the shared parser accepts (the form's rule). */
const expressionCheck = validBody<Pick<AlarmRuleSave, 'expression'>>({ expression: alarmRuleSchema.expression });

/** One of the tenant's rules as the API answers it. */
const byId = (data: TenantData, id: number): AlarmRule | undefined => {
  const row = data.get(`${SELECT} WHERE r.tenant_id = $tenant AND r.id = ?`, id);
  return row && RULE.read(row);
};

const plugin: FastifyPluginAsync = async (app) => {

  route(
    app,
    ops.page,
    async (request) => {
      const data = tenantData(request);
      const where = ['r.tenant_id = $tenant', ...(request.body.modelId ? ['r.model_id = ?'] : [])];
      const args = request.body.modelId ? [request.body.modelId] : [];
      const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM alarm_rule r WHERE ${where.join(' AND ')}`, ...args)!.n;
      const rows = data.all(`${SELECT} WHERE ${where.join(' AND ')} ORDER BY loc(m.name, m.name_en), r.param_code, r.id LIMIT ? OFFSET ?`, ...args, request.body.limit, offsetOf(request.body));
      return ok<AlarmRulePage>({ rows: RULE.all(rows), total });
    },
  );

  /** Checks what the rule refers to; answers the refusal (with its field) or null. */
  function refer(request: FastifyRequest<{ Body: AlarmRuleSave }>) {
    const data = tenantData(request);
    const lang = langOf(request);
    const b = request.body;
    if (!data.get('SELECT 1 FROM device_model WHERE id = ? AND tenant_id = $tenant', b.modelId)) return failField(say(lang, 'noModel'), 'modelId');
    const codes = data.all<{ code: string }>('SELECT code FROM model_param WHERE model_id = ? AND tenant_id = $tenant ORDER BY id', b.modelId).map((r) => r.code);
    if (!codes.includes(b.paramCode.trim())) return failField(say(lang, 'noParam', { code: b.paramCode, codes: codes.join(', ') || '—' }), 'paramCode');
    if (b.deviceId && !data.get('SELECT 1 FROM device WHERE id = ? AND tenant_id = $tenant AND model_id = ?', b.deviceId, b.modelId)) return failField(say(lang, 'noDevice'), 'deviceId');
    if (b.eventTypeId && !data.get('SELECT 1 FROM alarm_event_type WHERE id = ? AND tenant_id = $tenant', b.eventTypeId)) return failField(say(lang, 'noEventType'), 'eventTypeId');
    return null;
  }

  const values = (b: AlarmRuleSave) => [
    b.modelId,
    b.paramCode.trim(),
    b.deviceId ?? null,
    b.expression.trim(),
    b.level,
    b.content.trim(),
    b.eventTypeId ?? null,
    b.noticeHours ?? RULE_DEFAULT_HOURS,
    b.banHours ?? RULE_DEFAULT_HOURS,
    b.enabled === false ? 0 : 1,
  ];

  route(app, ops.create, async (request) => {
    const refused = refer(request);
    if (refused) return refused;
    const data = tenantData(request);
    const id = Number(
      data.run(
        'INSERT INTO alarm_rule (tenant_id, model_id, param_code, device_id, expression, level, content, event_type_id, notice_hours, ban_hours, enabled) VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        ...values(request.body),
      ).lastInsertRowid,
    );
    return ok(byId(data, id)!);
  }, { preHandler: [expressionCheck] });

  route(app, ops.update, async (request) => {
    const data = tenantData(request);
    const { id } = request.params;
    if (!byId(data, id)) return fail(say(langOf(request), 'noRule'));
    const refused = refer(request);
    if (refused) return refused;
    data.run(
      'UPDATE alarm_rule SET model_id = ?, param_code = ?, device_id = ?, expression = ?, level = ?, content = ?, event_type_id = ?, notice_hours = ?, ban_hours = ?, enabled = ? WHERE id = ? AND tenant_id = $tenant',
      ...values(request.body),
      id,
    );
    return ok(byId(data, id)!);
  }, { preHandler: [expressionCheck] });

  route(app, ops.remove, async (request) => {
    const ids = request.body.ids;
    const deleted = deleteTenantRows(tenantData(request), 'alarm_rule', ids);
    if (deleted === null) return fail(say(langOf(request), 'noRule'));
    return ok({ deleted });
  });
};

export default plugin;
