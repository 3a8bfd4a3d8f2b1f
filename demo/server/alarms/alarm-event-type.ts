// Event types (alarmManager alarm/event-type): the original event number (a positive whole number,
// unique in the tenant — the shared form rule), name and description; a type that alarms still use is
// kept, and the answer says by how many. Rules and alarms refer to types by id.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AlarmEventType, AlarmEventTypeSave } from '../../../shared/api/alarm-types.ts';
import { ops } from '../../../shared/contract/alarm-event-type.ts';
import { route } from '../contract.ts';
import { fail, failField, ok } from '../http.ts';
import { langOf, t, textsOf } from '../messages.ts';
import { inList, likePattern, offsetOf } from '../resource.ts';
import { tenantData } from '../tenant-data.ts';

const TEXT = {
  eventTypeMissing: { zh: '事件类型不存在', en: 'no such event type' },
  eventNumberTaken: { zh: '原始事件编号 {number} 已存在', en: 'original event number {number} already exists' },
  eventTypeInUse: { zh: '事件类型正被 {count} 条告警使用，不能删除', en: 'the event type is used by {count} alarms and cannot be deleted' },
  eventTypeInUse_one: { zh: '事件类型正被 {count} 条告警使用，不能删除', en: 'the event type is used by {count} alarm and cannot be deleted' },
} as const;

const say = textsOf(TEXT);

const EVENT_TYPE_BY_ID = 'SELECT id, number, name, description FROM alarm_event_type WHERE id = ? AND tenant_id = $tenant';

const plugin: FastifyPluginAsync = async (app) => {
  route(
    app,
    ops.page,
    async (request) => {
      const data = tenantData(request);
      const where = ['tenant_id = $tenant'];
      const args: Array<string | number> = [];
      const keyword = request.body.keyword?.trim();
      if (keyword) {
        where.push("(name LIKE ? ESCAPE '\\' OR CAST(number AS TEXT) LIKE ? ESCAPE '\\')");
        args.push(likePattern(keyword), likePattern(keyword));
      }
      const sql = where.join(' AND ');
      const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM alarm_event_type WHERE ${sql}`, ...args)!.n;
      const rows = data.all<AlarmEventType>(`SELECT id, number, name, description FROM alarm_event_type WHERE ${sql} ORDER BY number LIMIT ? OFFSET ?`, ...args, request.body.limit, offsetOf(request.body));
      return ok({ rows, total });
    },
  );

  /** Saves an event type (new when `id` is null), or answers why not. */
  function saveEventType(request: FastifyRequest<{ Body: AlarmEventTypeSave }>, id: number | null) {
    const data = tenantData(request);
    const lang = langOf(request);
    const { number, name, description = '' } = request.body;
    // Whitespace alone is not a name (the form's required rule).
    if (name.trim() === '') return failField(t(request, 'validate.required'), 'name');
    if (id !== null && !data.get(EVENT_TYPE_BY_ID, id)) return fail(say(lang, 'eventTypeMissing'));
    const clash = data.get('SELECT id FROM alarm_event_type WHERE tenant_id = $tenant AND number = ? AND id <> ?', number, id ?? 0);
    if (clash) return failField(say(lang, 'eventNumberTaken', { number }), 'number');
    const saved =
      id === null
        ? Number(data.run('INSERT INTO alarm_event_type (tenant_id, number, name, description) VALUES ($tenant, ?, ?, ?)', number, name.trim(), description.trim()).lastInsertRowid)
        : (data.run('UPDATE alarm_event_type SET number = ?, name = ?, description = ? WHERE id = ? AND tenant_id = $tenant', number, name.trim(), description.trim(), id), id);
    return ok(data.get<AlarmEventType>(EVENT_TYPE_BY_ID, saved)!);
  }

  route(app, ops.create, async (request) => saveEventType(request, null));

  route(app, ops.update, async (request) => saveEventType(request, request.params.id));

  route(
    app,
    ops.delete,
    async (request) => {
      const data = tenantData(request);
      const lang = langOf(request);
      const { ids } = request.body;
      const found = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM alarm_event_type WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids)!;
      if (found.n !== new Set(ids).size) return fail(say(lang, 'eventTypeMissing'));
      const used = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM alarm WHERE tenant_id = $tenant AND event_type_id IN (${inList(ids.length)})`, ...ids)!;
      if (used.n > 0) return fail(say(lang, 'eventTypeInUse', { count: used.n }));
      const result = data.run(`DELETE FROM alarm_event_type WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids);
      return ok({ deleted: Number(result.changes) });
    },
  );
};

export default plugin;
