// The event types' data (alarm-event-type.ts): the tenant's event types, their original event numbers
// and how many alarms use them. Every statement runs through the tenant accessor (TenantData, `$tenant`).
import type { AlarmEventType } from '../../../shared/api/alarm-types.ts';
import { inList, likePattern } from '../resource.ts';
import type { TenantData } from '../tenant-data.ts';

const EVENT_TYPE_BY_ID = 'SELECT id, number, name, description FROM alarm_event_type WHERE id = ? AND tenant_id = $tenant';

/** One of the tenant's event types, or undefined. */
export const eventTypeById = (data: TenantData, id: number): AlarmEventType | undefined => data.get<AlarmEventType>(EVENT_TYPE_BY_ID, id);

/** The tenant's event types whose name or number holds `keyword` (when given), by number. */
export function listEventTypes(data: TenantData, keyword: string | undefined, page: { limit: number; offset: number }): { rows: AlarmEventType[]; total: number } {
  const where = ['tenant_id = $tenant'];
  const args: Array<string | number> = [];
  if (keyword) {
    where.push("(name LIKE ? ESCAPE '\\' OR CAST(number AS TEXT) LIKE ? ESCAPE '\\')");
    args.push(likePattern(keyword), likePattern(keyword));
  }
  const sql = where.join(' AND ');
  const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM alarm_event_type WHERE ${sql}`, ...args)!.n;
  const rows = data.all<AlarmEventType>(`SELECT id, number, name, description FROM alarm_event_type WHERE ${sql} ORDER BY number LIMIT ? OFFSET ?`, ...args, page.limit, page.offset);
  return { rows, total };
}

/** Whether another of the tenant's event types (not `exceptId`; 0: none) has this original event number. */
export const eventNumberTaken = (data: TenantData, number: number, exceptId: number): boolean =>
  Boolean(data.get('SELECT id FROM alarm_event_type WHERE tenant_id = $tenant AND number = ? AND id <> ?', number, exceptId));

export const insertEventType = (data: TenantData, number: number, name: string, description: string): number =>
  Number(data.run('INSERT INTO alarm_event_type (tenant_id, number, name, description) VALUES ($tenant, ?, ?, ?)', number, name, description).lastInsertRowid);

export const updateEventType = (data: TenantData, id: number, number: number, name: string, description: string): void =>
  void data.run('UPDATE alarm_event_type SET number = ?, name = ?, description = ? WHERE id = ? AND tenant_id = $tenant', number, name, description, id);

/** How many of `ids` are the tenant's event types. */
export const eventTypesFound = (data: TenantData, ids: readonly number[]): number =>
  data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM alarm_event_type WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids)!.n;

/** How many of the tenant's alarms are of these event types. */
export const alarmsOfEventTypes = (data: TenantData, ids: readonly number[]): number =>
  data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM alarm WHERE tenant_id = $tenant AND event_type_id IN (${inList(ids.length)})`, ...ids)!.n;

/** Deletes the tenant's event types among `ids`; answers how many went. */
export const deleteEventTypes = (data: TenantData, ids: readonly number[]): number =>
  Number(data.run(`DELETE FROM alarm_event_type WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids).changes);
