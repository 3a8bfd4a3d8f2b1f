// Event types (alarmManager alarm/event-type): the original event number (a positive whole number,
// unique in the tenant — the shared form rule), name and description; a type that alarms still use is
// kept, and the answer says by how many. Rules and alarms refer to types by id.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AlarmEventType, AlarmEventTypePage, AlarmEventTypeQuery, AlarmEventTypeSave } from '../../../shared/api/alarm-types.ts';
import { eventTypeSchema } from '../../../shared/validate/alarm.ts';
import { fail, ok, requireMenu, rule, userOf, validBody } from '../http.ts';
import { langOf, textsOf } from '../messages.ts';
import { idList, inList, likePattern, offsetOf, pageRules } from '../resource.ts';

const TEXT = {
  eventTypeMissing: { zh: '事件类型不存在', en: 'no such event type' },
  eventNumberTaken: { zh: '原始事件编号 {number} 已存在', en: 'original event number {number} already exists' },
  eventTypeInUse: { zh: '事件类型正被 {count} 条告警使用，不能删除', en: 'the event type is used by {count} alarms and cannot be deleted' },
} as const;

const say = textsOf(TEXT);

const idsRule = idList();

const plugin: FastifyPluginAsync = async (app) => {
  const { db } = app.atrium;

  const eventTypeById = db.prepare('SELECT id, number, name, description FROM alarm_event_type WHERE id = ? AND tenant_id = ?');
  // The form's rules (shared), then the JSON shapes: the number a JSON integer, the texts strings.
  const eventTypeRules = {
    number: [...eventTypeSchema.number, rule.int(1, 2 ** 31 - 1)],
    name: [rule.required, rule.string, ...eventTypeSchema.name],
    description: [rule.text(0, 10_000), ...eventTypeSchema.description],
  };

  app.post<{ Body: AlarmEventTypeQuery }>(
    '/api/alarm/event-type/page',
    { preHandler: [requireMenu('alarmManager'), validBody<AlarmEventTypeQuery>({ ...pageRules, keyword: [rule.text(0, 64)] })] },
    async (request) => {
      const user = userOf(request);
      const where = ['tenant_id = ?'];
      const args: Array<string | number> = [user.tenantId];
      const keyword = request.body.keyword?.trim();
      if (keyword) {
        where.push("(name LIKE ? ESCAPE '\\' OR CAST(number AS TEXT) LIKE ? ESCAPE '\\')");
        args.push(likePattern(keyword), likePattern(keyword));
      }
      const sql = where.join(' AND ');
      const total = db.prepare(`SELECT COUNT(*) AS n FROM alarm_event_type WHERE ${sql}`).get<{ n: number }>(...args)!.n;
      const rows = db.prepare(`SELECT id, number, name, description FROM alarm_event_type WHERE ${sql} ORDER BY number LIMIT ? OFFSET ?`).all<AlarmEventType>(...args, request.body.limit, offsetOf(request.body));
      return ok<AlarmEventTypePage>({ rows, total });
    },
  );

  /** Saves an event type (new when `id` is null), or answers why not. */
  function saveEventType(request: FastifyRequest<{ Body: AlarmEventTypeSave }>, id: number | null) {
    const user = userOf(request);
    const lang = langOf(request);
    const { number, name, description = '' } = request.body;
    if (id !== null && !eventTypeById.get(id, user.tenantId)) return fail(say(lang, 'eventTypeMissing'));
    const clash = db.prepare('SELECT id FROM alarm_event_type WHERE tenant_id = ? AND number = ? AND id <> ?').get(user.tenantId, number, id ?? 0);
    if (clash) return { code: -1, msg: say(lang, 'eventNumberTaken', { number }), data: { field: 'number' } };
    const saved =
      id === null
        ? Number(db.prepare('INSERT INTO alarm_event_type (tenant_id, number, name, description) VALUES (?, ?, ?, ?)').run(user.tenantId, number, name.trim(), description.trim()).lastInsertRowid)
        : (db.prepare('UPDATE alarm_event_type SET number = ?, name = ?, description = ? WHERE id = ? AND tenant_id = ?').run(number, name.trim(), description.trim(), id, user.tenantId), id);
    return ok(eventTypeById.get<AlarmEventType>(saved, user.tenantId)!);
  }

  app.post<{ Body: AlarmEventTypeSave }>(
    '/api/alarm/event-type',
    { preHandler: [requireMenu('alarmManager'), validBody<AlarmEventTypeSave>(eventTypeRules)] },
    async (request) => saveEventType(request, null),
  );

  app.put<{ Params: { id: string }; Body: AlarmEventTypeSave }>(
    '/api/alarm/event-type/:id',
    { preHandler: [requireMenu('alarmManager'), validBody<AlarmEventTypeSave>(eventTypeRules)] },
    async (request) => {
      const id = Number(request.params.id);
      if (!Number.isInteger(id) || id <= 0) return fail(say(langOf(request), 'eventTypeMissing'));
      return saveEventType(request, id);
    },
  );

  app.post<{ Body: { ids: number[] } }>(
    '/api/alarm/event-type/delete',
    { preHandler: [requireMenu('alarmManager'), validBody<{ ids: number[] }>({ ids: [rule.required, idsRule] })] },
    async (request) => {
      const user = userOf(request);
      const lang = langOf(request);
      const { ids } = request.body;
      const found = db.prepare(`SELECT COUNT(*) AS n FROM alarm_event_type WHERE tenant_id = ? AND id IN (${inList(ids.length)})`).get<{ n: number }>(user.tenantId, ...ids)!;
      if (found.n !== new Set(ids).size) return fail(say(lang, 'eventTypeMissing'));
      const used = db.prepare(`SELECT COUNT(*) AS n FROM alarm WHERE tenant_id = ? AND event_type_id IN (${inList(ids.length)})`).get<{ n: number }>(user.tenantId, ...ids)!;
      if (used.n > 0) return fail(say(lang, 'eventTypeInUse', { count: used.n }));
      const result = db.prepare(`DELETE FROM alarm_event_type WHERE tenant_id = ? AND id IN (${inList(ids.length)})`).run(user.tenantId, ...ids);
      return ok({ deleted: Number(result.changes) });
    },
  );
};

export default plugin;
