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
import { offsetOf } from '../resource.ts';
import { tenantData, tenantDataOf } from '../tenant-data.ts';
import { modelExists } from './breakdown-data.ts';
import { eventTypeById } from './event-type-data.ts';
import {
  banRule,
  deleteRules,
  deviceOfModel,
  enabledRules,
  hasOpenAlarm,
  insertRule,
  insertRuleAlarm,
  listRules,
  modelParamCodes,
  ruleBanUntil,
  ruleById,
  ruleDevice,
  updateRule,
  type RuleRow,
} from './rule-data.ts';

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
  const rows = enabledRules(db);
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
  return hasOpenAlarm(tenantDataOf(db, tenantId), deviceCode, paramCode, level, eventTypeId);
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
    const banUntil = ruleBanUntil(data, live.id, deviceId);
    const device = ruleDevice(data, deviceId);
    if (!device) return null;
    // One excursion, one alarm: nothing new until the rule's alarm on this point is cleared (closed or
    // handled) or its ban expires; a rule without a ban waits for the clearing alone.
    const banned = live.banHours === 0 || (banUntil !== undefined && banUntil > at);
    if (banned && hasOpenAlarm(data, device.code, param.code, live.level, live.eventTypeId)) return null;
    // The rule's text is one template; the alarm reads in both languages with the names in each.
    const paramNames = paramNamesOf(data, device.model_id, param);
    const textIn = (lang: Lang) => live.content.replace(/\{(device|param|value|unit)\}/g, (_m, k: string) => ({ device: inLang(lang, device), param: paramNames[lang], value: String(value), unit: param.unit })[k] ?? '');
    const text = textIn('zh');
    const id = insertRuleAlarm(data, {
      deviceCode: device.code,
      deviceName: device.name,
      modelId: device.model_id,
      level: live.level,
      zh: text,
      en: textIn('en'),
      at,
      eventTypeId: live.eventTypeId,
      noticeUntil: at + live.noticeHours * 3_600_000,
      paramCode: param.code,
    });
    if (live.banHours > 0) banRule(data, live.id, deviceId, at + live.banHours * 3_600_000);
    announceAlarm(db, { tenantId, alarmId: id, level: live.level, deviceName: device.name, content: text, at });
    return id;
  });
}

/** What the contract cannot say: the expression is a condition of x the shared parser accepts (the form's rule). */
const expressionCheck = validBody<Pick<AlarmRuleSave, 'expression'>>({ expression: alarmRuleSchema.expression });

const plugin: FastifyPluginAsync = async (app) => {

  route(app, ops.page, async (request) => ok<AlarmRulePage>(listRules(tenantData(request), request.body.modelId, { limit: request.body.limit, offset: offsetOf(request.body) })));

  /** Checks what the rule refers to; answers the refusal (with its field) or null. */
  function refer(request: FastifyRequest<{ Body: AlarmRuleSave }>) {
    const data = tenantData(request);
    const lang = langOf(request);
    const b = request.body;
    if (!modelExists(data, b.modelId)) return failField(say(lang, 'noModel'), 'modelId');
    const codes = modelParamCodes(data, b.modelId);
    if (!codes.includes(b.paramCode.trim())) return failField(say(lang, 'noParam', { code: b.paramCode, codes: codes.join(', ') || '—' }), 'paramCode');
    if (b.deviceId && !deviceOfModel(data, b.deviceId, b.modelId)) return failField(say(lang, 'noDevice'), 'deviceId');
    if (b.eventTypeId && !eventTypeById(data, b.eventTypeId)) return failField(say(lang, 'noEventType'), 'eventTypeId');
    return null;
  }

  const rowOf = (b: AlarmRuleSave): RuleRow => ({
    modelId: b.modelId,
    paramCode: b.paramCode.trim(),
    deviceId: b.deviceId ?? null,
    expression: b.expression.trim(),
    level: b.level,
    content: b.content.trim(),
    eventTypeId: b.eventTypeId ?? null,
    noticeHours: b.noticeHours ?? RULE_DEFAULT_HOURS,
    banHours: b.banHours ?? RULE_DEFAULT_HOURS,
    enabled: b.enabled !== false,
  });

  route(app, ops.create, async (request) => {
    const refused = refer(request);
    if (refused) return refused;
    const data = tenantData(request);
    const id = insertRule(data, rowOf(request.body));
    return ok(ruleById(data, id)!);
  }, { preHandler: [expressionCheck] });

  route(app, ops.update, async (request) => {
    const data = tenantData(request);
    const { id } = request.params;
    if (!ruleById(data, id)) return fail(say(langOf(request), 'noRule'));
    const refused = refer(request);
    if (refused) return refused;
    updateRule(data, id, rowOf(request.body));
    return ok(ruleById(data, id)!);
  }, { preHandler: [expressionCheck] });

  route(app, ops.remove, async (request) => {
    const deleted = deleteRules(tenantData(request), request.body.ids);
    if (deleted === null) return fail(say(langOf(request), 'noRule'));
    return ok({ deleted });
  });
};

export default plugin;
