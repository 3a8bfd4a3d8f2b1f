// Linkage management (linkManage: link_group, quick_scene, holiday, link_findrecord): strategy groups,
// strategies (source expression over one device's points, hit count, level, retry interval, active
// period, holidays, actions), quick scenes (steps with 1–300 s delays, run as a background task),
// the holiday calendar with its import, and the records the engine (linkage-engine.ts) writes.
// Everything is tenant-scoped; what a strategy or scene names must belong to the caller's tenant.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  SCENE_ACTION_KINDS,
  type Holiday,
  type LinkAction,
  type LinkGroupSave,
  type LinkStrategySave,
  type QuickSceneSave,
  type SceneStep,
} from '../../../shared/api/linkage-types.ts';
import { alarmQueryWindow, earliestAlarmQueryDate, toDate } from '../../../shared/validate/dates.ts';
import { compile } from '../../../shared/validate/expression.ts';
import { actionList, linkGroupSchema, sceneSchema, stepList, strategySchema } from '../../../shared/validate/linkage.ts';
import { ops } from '../../../shared/contract/linkage.ts';
import { route } from '../contract.ts';
import { fail, failField, ok, userOf, validBody, type Schema } from '../http.ts';
import { langOf, translate, type Lang, textsOf } from '../messages.ts';
import { offsetOf, readImportUpload, tooManyTasks } from '../resource.ts';
import { engineOf, startLinkEngine, startScene, type LinkEngine } from './linkage-engine.ts';
import { platformData, tenantData, type TenantData } from '../tenant-data.ts';
import {
  deleteGroups,
  deleteScenes,
  deleteStrategies,
  devicePoints,
  groupById,
  holidaysOf,
  insertGroup,
  insertScene,
  insertStrategy,
  listGroups,
  listRecords,
  listScenes,
  listStrategies,
  nameTaken,
  putHoliday,
  putHolidays,
  recordById,
  sceneById,
  sceneExists,
  sceneSteps,
  setStrategyEnabled,
  strategyById,
  strategyActions,
  updateGroup,
  updateScene,
  updateStrategy,
  type RecordFilter,
  type StrategyRow,
} from './linkage-data.ts';

const TEXT = {
  noGroup: { zh: '策略组不存在', en: 'no such strategy group' },
  groupExists: { zh: '策略组名称已存在', en: 'a strategy group with this name already exists' },
  groupInUse: { zh: '策略组“{name}”下还有 {count} 条策略，请先删除或移走它们', en: 'the group “{name}” still holds {count} strategies; delete or move them first' },
  groupInUse_one: { zh: '策略组“{name}”下还有 {count} 条策略，请先删除或移走它们', en: 'the group “{name}” still holds {count} strategy; delete or move it first' },
  noStrategy: { zh: '联动策略不存在', en: 'no such linkage strategy' },
  strategyExists: { zh: '策略名称已存在', en: 'a strategy with this name already exists' },
  noDevice: { zh: '设备不存在', en: 'no such device' },
  noPoint: { zh: '设备“{device}”没有点位 {code}，可选：{codes}', en: 'the device “{device}” has no point {code}; it has: {codes}' },
  actionDevice: { zh: '第 {index} 个动作：设备不存在', en: 'action {index}: no such device' },
  actionPoint: { zh: '第 {index} 个动作：设备“{device}”没有可写点位 {code}', en: 'action {index}: the device “{device}” has no writable point {code}' },
  actionRange: { zh: '第 {index} 个动作：写入值须在 {min} 到 {max} 之间', en: 'action {index}: the value must be from {min} to {max}' },
  actionScene: { zh: '第 {index} 个动作：快捷场景不存在', en: 'action {index}: no such quick scene' },
  selfWrite: {
    zh: '第 {index} 个动作写入 {device} 的 {code}，而本策略的条件正读取它：策略会触发自身',
    en: 'action {index} writes {code} of {device}, which this strategy’s source reads: the strategy would fire itself',
  },
  selfScene: {
    zh: '第 {index} 个动作运行的场景会写入 {device} 的 {code}，而本策略的条件正读取它：策略会触发自身',
    en: 'action {index} runs a scene that writes {code} of {device}, which this strategy’s source reads: the strategy would fire itself',
  },
  noScene: { zh: '快捷场景不存在', en: 'no such quick scene' },
  sceneExists: { zh: '场景名称已存在', en: 'a scene with this name already exists' },
  sceneInUse: { zh: '场景“{name}”被策略“{strategy}”使用，不能删除', en: 'the scene “{name}” is used by the strategy “{strategy}” and cannot be deleted' },
  stepDevice: { zh: '第 {index} 步：设备不存在', en: 'step {index}: no such device' },
  stepPoint: { zh: '第 {index} 步：设备“{device}”没有可写点位 {code}', en: 'step {index}: the device “{device}” has no writable point {code}' },
  stepRange: { zh: '第 {index} 步：写入值须在 {min} 到 {max} 之间', en: 'step {index}: the value must be from {min} to {max}' },
  noRecord: { zh: '联动记录不存在', en: 'no such linkage record' },
  badDay: { zh: '日期须为 YYYY-MM-DD', en: 'the day must be YYYY-MM-DD' },
  importBad: { zh: '第 {line} 行：{reason}', en: 'row {line}: {reason}' },
  kindHint: { zh: '类型须为“节假日”或“调休上班”（holiday / workday）', en: 'the kind must be holiday or workday (节假日 / 调休上班)' },
  imported: { zh: '已导入 {count} 天', en: '{count} days imported' },
  imported_one: { zh: '已导入 {count} 天', en: '{count} day imported' },
} as const satisfies Record<string, Record<Lang, string>>;
const say = textsOf(TEXT);

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

// The schema (shared/contract/linkage.ts) has typed and bounded every field; these are the SPEC §5 form
// rules (shared/validate/linkage.ts) the console's forms run, so a refusal says the form's message.
const groupBody: Schema<LinkGroupSave> = { name: [...linkGroupSchema.name], note: [...linkGroupSchema.note] };

const strategyBody: Schema<Pick<LinkStrategySave, 'name' | 'expression' | 'periodStart' | 'periodEnd' | 'actions'>> = {
  name: [...strategySchema.name],
  expression: [...strategySchema.expression],
  periodStart: [...strategySchema.periodStart],
  periodEnd: [...strategySchema.periodEnd],
  actions: [actionList()],
};

const sceneBody: Schema<QuickSceneSave> = { name: [...sceneSchema.name], note: [...sceneSchema.note], steps: [stepList()] };

/** Only the fields an action of its kind has, numbers as numbers (the body passed the shared rule). */
function cleanAction(a: LinkAction): LinkAction {
  switch (a.kind) {
    case 'write':
      return { kind: 'write', deviceId: Number(a.deviceId), code: String(a.code).trim(), value: Number(a.value) };
    case 'alarm':
      return { kind: 'alarm', deviceId: Number(a.deviceId), level: a.level, content: String(a.content).trim() };
    case 'scene':
      return { kind: 'scene', sceneId: Number(a.sceneId) };
  }
}

const num = (text: string, fallback: number) => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : fallback);

/** Checks what one write or alarm action names (index is 1-based); answers the refusal or null. */
function checkTarget(data: TenantData, lang: Lang, action: LinkAction, index: number, step: boolean): string | null {
  if (action.kind === 'scene') return sceneExists(data, action.sceneId) ? null : say(lang, 'actionScene', { index });
  const points = devicePoints(data, action.deviceId);
  if (!points) return say(lang, step ? 'stepDevice' : 'actionDevice', { index });
  if (action.kind === 'alarm') return null;
  const param = points.params.find((p) => p.code === action.code);
  if (!param || param.access !== 'rw') return say(lang, step ? 'stepPoint' : 'actionPoint', { index, device: points.name, code: action.code });
  const min = num(param.min, 0);
  const max = num(param.max, 100);
  return action.value < min || action.value > max ? say(lang, step ? 'stepRange' : 'actionRange', { index, min, max }) : null;
}

const plugin: FastifyPluginAsync = async (app) => {
  // Platform-wide by nature: the engine evaluates every tenant's strategies on the point changes of
  // every tenant and keeps one retry queue; a scene runs on the platform's task runner (operations/tasks.ts).
  const platform = platformData(app, "the linkage engine evaluates every tenant's strategies; scenes run on the platform's task runner");
  let engine: LinkEngine | null = null;
  app.addHook('onReady', async () => {
    engine = startLinkEngine(platform);
  });
  app.addHook('preClose', async () => engine?.stop());
  const changed = () => engineOf(platform)?.invalidate();

  // ---- groups ----------------------------------------------------------------------------------

  route(app, ops.groupPage, async (request) => ok(listGroups(tenantData(request), request.body.keyword?.trim(), { limit: request.body.limit, offset: offsetOf(request.body) })));

  route(app, ops.groupCreate, async (request) => {
    const data = tenantData(request);
    const name = request.body.name.trim();
    if (nameTaken('link_group', data, name)) return failField(say(langOf(request), 'groupExists'), 'name');
    const id = insertGroup(data, name, request.body.note?.trim() ?? '');
    return ok(groupById(data, id)!);
  }, { preHandler: [validBody(groupBody)] });

  route(app, ops.groupUpdate, async (request) => {
    const data = tenantData(request);
    const { id } = request.params;
    if (!groupById(data, id)) return fail(say(langOf(request), 'noGroup'));
    const name = request.body.name.trim();
    if (nameTaken('link_group', data, name, id)) return failField(say(langOf(request), 'groupExists'), 'name');
    updateGroup(data, id, name, request.body.note?.trim() ?? '');
    return ok(groupById(data, id)!);
  }, { preHandler: [validBody(groupBody)] });

  route(app, ops.groupDelete, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const groups = request.body.ids.map((id) => groupById(data, id));
    if (groups.some((g) => !g)) return fail(say(lang, 'noGroup'));
    const busy = groups.find((g) => g!.strategies > 0);
    if (busy) return fail(say(lang, 'groupInUse', { name: busy.name, count: busy.strategies }));
    return ok({ deleted: deleteGroups(data, request.body.ids) });
  });

  // ---- strategies ------------------------------------------------------------------------------

  route(app, ops.strategyPage, async (request) =>
    ok(listStrategies(tenantData(request), { groupId: request.body.groupId, keyword: request.body.keyword?.trim() }, { limit: request.body.limit, offset: offsetOf(request.body) })),
  );

  /** Checks what a strategy refers to and that it cannot fire itself; answers the refusal or null. */
  function referStrategy(request: FastifyRequest<{ Body: LinkStrategySave }>, except = 0) {
    const data = tenantData(request);
    const lang = langOf(request);
    const b = request.body;
    if (nameTaken('link_strategy', data, b.name.trim(), except)) return failField(say(lang, 'strategyExists'), 'name');
    if (!groupById(data, b.groupId)) return failField(say(lang, 'noGroup'), 'groupId');
    const source = devicePoints(data, b.deviceId);
    if (!source) return failField(say(lang, 'noDevice'), 'deviceId');
    const compiled = compile(b.expression);
    const codes = source.params.map((p) => p.code);
    const unknown = compiled.ok ? compiled.variables.find((v) => !codes.includes(v)) : undefined;
    if (unknown) return failField(say(lang, 'noPoint', { device: source.name, code: unknown, codes: codes.join(', ') || '—' }), 'expression');
    const reads = new Set(compiled.ok ? compiled.variables : []);
    for (const [i, raw] of b.actions.entries()) {
      const action = cleanAction(raw);
      const refused = checkTarget(data, lang, action, i + 1, false);
      if (refused) return failField(refused, 'actions');
      if (action.kind === 'write' && action.deviceId === b.deviceId && reads.has(action.code)) return failField(say(lang, 'selfWrite', { index: i + 1, device: source.name, code: action.code }), 'actions');
      if (action.kind === 'scene') {
        const steps = sceneSteps(data, action.sceneId);
        const loop = steps.find((s) => s.action.kind === 'write' && s.action.deviceId === b.deviceId && reads.has(s.action.code));
        if (loop && loop.action.kind === 'write') return failField(say(lang, 'selfScene', { index: i + 1, device: source.name, code: loop.action.code }), 'actions');
      }
    }
    return null;
  }

  const strategyRow = (b: LinkStrategySave): StrategyRow => ({
    groupId: b.groupId,
    name: b.name.trim(),
    deviceId: b.deviceId,
    expression: b.expression.trim(),
    hits: b.hits,
    level: b.level,
    retrySeconds: b.retrySeconds ?? 30,
    periodStart: b.periodStart?.trim() ?? '',
    periodEnd: b.periodEnd?.trim() ?? '',
    skipHolidays: Boolean(b.skipHolidays),
    enabled: b.enabled !== false,
    actions: b.actions.map(cleanAction),
  });

  route(app, ops.strategyCreate, async (request) => {
    const refused = referStrategy(request);
    if (refused) return refused;
    const data = tenantData(request);
    const id = insertStrategy(data, strategyRow(request.body), userOf(request).id);
    changed();
    return ok(strategyById(data, id)!);
  }, { preHandler: [validBody(strategyBody)] });

  route(app, ops.strategyUpdate, async (request) => {
    const data = tenantData(request);
    const { id } = request.params;
    if (!strategyById(data, id)) return fail(say(langOf(request), 'noStrategy'));
    const refused = referStrategy(request, id);
    if (refused) return refused;
    // An edited strategy starts counting afresh.
    updateStrategy(data, id, strategyRow(request.body));
    changed();
    return ok(strategyById(data, id)!);
  }, { preHandler: [validBody(strategyBody)] });

  route(
    app,
    ops.strategyEnabled,
    async (request) => {
      const data = tenantData(request);
      const { id } = request.params;
      if (!strategyById(data, id)) return fail(say(langOf(request), 'noStrategy'));
      setStrategyEnabled(data, id, request.body.enabled);
      changed();
      return ok(strategyById(data, id)!);
    },
  );

  route(app, ops.strategyDelete, async (request) => {
    const deleted = deleteStrategies(tenantData(request), request.body.ids);
    if (deleted === null) return fail(say(langOf(request), 'noStrategy'));
    changed();
    return ok({ deleted });
  });

  // ---- quick scenes ----------------------------------------------------------------------------

  route(app, ops.scenePage, async (request) => ok(listScenes(tenantData(request), request.body.keyword, { limit: request.body.limit, offset: offsetOf(request.body) })));

  function referScene(request: FastifyRequest<{ Body: QuickSceneSave }>, except = 0) {
    const data = tenantData(request);
    const lang = langOf(request);
    if (nameTaken('quick_scene', data, request.body.name.trim(), except)) return failField(say(lang, 'sceneExists'), 'name');
    for (const [i, step] of request.body.steps.entries()) {
      if (!SCENE_ACTION_KINDS.includes(step.action.kind)) return failField(translate(lang, 'validate.link.actionIncomplete', { index: i + 1 }), 'steps');
      const refused = checkTarget(data, lang, cleanAction(step.action), i + 1, true);
      if (refused) return failField(refused, 'steps');
    }
    return null;
  }
  const stepsOf = (b: QuickSceneSave): SceneStep[] => b.steps.map((s) => ({ delaySeconds: Number(s.delaySeconds), action: cleanAction(s.action) }));

  route(app, ops.sceneCreate, async (request) => {
    const refused = referScene(request);
    if (refused) return refused;
    const data = tenantData(request);
    const id = insertScene(data, request.body.name.trim(), request.body.note?.trim() ?? '', stepsOf(request.body));
    return ok(sceneById(data, id)!);
  }, { preHandler: [validBody(sceneBody)] });

  route(app, ops.sceneUpdate, async (request) => {
    const data = tenantData(request);
    const { id } = request.params;
    if (!sceneById(data, id)) return fail(say(langOf(request), 'noScene'));
    const refused = referScene(request, id);
    if (refused) return refused;
    updateScene(data, id, request.body.name.trim(), request.body.note?.trim() ?? '', stepsOf(request.body));
    return ok(sceneById(data, id)!);
  }, { preHandler: [validBody(sceneBody)] });

  route(app, ops.sceneDelete, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const scenes = request.body.ids.map((id) => sceneById(data, id));
    if (scenes.some((s) => !s)) return fail(say(lang, 'noScene'));
    const strategies = strategyActions(data);
    for (const scene of scenes) {
      const user_ = strategies.find((s) => s.actions.some((a) => a.kind === 'scene' && a.sceneId === scene!.id));
      if (user_) return fail(say(lang, 'sceneInUse', { name: scene!.name, strategy: user_.name }));
    }
    return ok({ deleted: deleteScenes(data, request.body.ids) });
  });

  route(app, ops.sceneRun, async (request) => {
    const user = userOf(request);
    const { id } = request.params;
    if (!sceneById(tenantData(request), id)) return fail(say(langOf(request), 'noScene'));
    const busy = tooManyTasks(request, platform, user);
    if (busy) return fail(busy);
    return ok(startScene(platform, user.tenantId, user.id, id));
  });

  // ---- holidays --------------------------------------------------------------------------------

  route(app, ops.holidays, async (request) => ok(holidaysOf(tenantData(request), request.query.year)));

  const validDay = (day: string) => DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

  route(
    app,
    ops.holidaySet,
    async (request) => {
      const { day, kind } = request.body;
      if (!validDay(day)) return failField(say(langOf(request), 'badDay'), 'day');
      putHoliday(tenantData(request), day, kind, request.body.name?.trim() ?? '');
      return ok(kind === '' ? null : ({ day, kind, name: request.body.name?.trim() ?? '' } satisfies Holiday));
    },
  );

  /** Import: an xls/xlsx list of days (date, kind, name); any bad row refuses the whole file and changes nothing. */
  route(app, ops.holidayImport, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const upload = await readImportUpload(request, { day: ['日期', 'date', 'Date', 'day', 'Day'], kind: ['类型', 'kind', 'Kind', 'type', 'Type'], name: ['名称', 'name', 'Name', 'holiday', 'Holiday'] });
    if (!('rows' in upload)) return failField(upload.msg, upload.data.field);
    const kinds: Record<string, Holiday['kind']> = { holiday: 'holiday', 节假日: 'holiday', 假日: 'holiday', workday: 'workday', 调休上班: 'workday', 上班: 'workday' };
    const days: Array<[string, Holiday['kind'], string]> = [];
    for (const row of upload.rows) {
      const day = String(row.values.day ?? '').trim().slice(0, 10);
      const kind = kinds[String(row.values.kind ?? '').trim().toLowerCase()] ?? kinds[String(row.values.kind ?? '').trim()];
      if (!validDay(day)) return failField(say(lang, 'importBad', { line: row.line, reason: say(lang, 'badDay') }), 'file');
      if (!kind) return failField(say(lang, 'importBad', { line: row.line, reason: say(lang, 'kindHint') }), 'file');
      days.push([day, kind, String(row.values.name ?? '').trim().slice(0, 64)]);
    }
    putHolidays(data, days);
    return ok({ imported: days.length, msg: say(lang, 'imported', { count: days.length }) });
  });

  // ---- records ---------------------------------------------------------------------------------

  route(
    app,
    ops.recordPage,
    async (request) => {
      const lang = langOf(request);
      const b = request.body;
      let window: RecordFilter['window'];
      if (b.startTime || b.endTime) {
        // The past 3 months, like alarms (SPEC §5), with the same boundary and messages.
        const start = toDate(b.startTime ?? '');
        const end = toDate(b.endTime ?? '');
        const problem = start && end ? alarmQueryWindow(start, end, new Date()) : { key: 'validate.date.invalid' as const };
        if (problem) return fail(translate(lang, problem.key, problem.params));
        window = { from: start!.getTime(), to: end!.getTime() };
      } else window = { since: earliestAlarmQueryDate(new Date()).getTime() };
      return ok(listRecords(tenantData(request), { strategyId: b.strategyId, deviceId: b.deviceId, result: b.result, window }, { limit: b.limit, offset: offsetOf(b) }));
    },
  );

  route(app, ops.record, async (request) => {
    const record = recordById(tenantData(request), request.params.id);
    if (!record) return fail(say(langOf(request), 'noRecord'));
    return ok(record);
  });

};

export default plugin;
