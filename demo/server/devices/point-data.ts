// Device points in the tenant's data (issue 39: the SQL of points.ts and point-write.ts, moved):
// current values and their history, the readings the monitoring cards poll, the history series
// (downsampled in SQL), and the rows behind a point's alarm and its ban. Every function takes the
// tenant's data (tenant-data.ts) — or, for the point simulator's round over every tenant, the Db.
import type { Db } from '../db.ts';
import { scopeSql } from '../administration/data-scope.ts';
import { inList } from '../resource.ts';
import type { TenantData } from '../tenant-data.ts';

/**
 * Stores a value as the point's reading: its current value (the upsert only ever touches a row of
 * the same tenant) and a history sample. Call inside a transaction.
 */
export function writeReading(data: TenantData, deviceId: number, code: string, value: number, at: number): void {
  data.run(
    'INSERT INTO point_current (device_id, code, tenant_id, value, at) VALUES (?, ?, $tenant, ?, ?) ON CONFLICT (device_id, code) DO UPDATE SET value = excluded.value, at = excluded.at WHERE point_current.tenant_id = $tenant',
    deviceId, code, value, at,
  );
  data.run('INSERT INTO point_history (device_id, code, tenant_id, at, value) VALUES (?, ?, $tenant, ?, ?)', deviceId, code, at, value);
}

/** A device's last values (the simulator's starting point). */
export const lastValues = (data: TenantData, deviceId: number): Array<{ code: string; value: number }> =>
  data.all<{ code: string; value: number }>('SELECT code, value FROM point_current WHERE device_id = ? AND tenant_id = $tenant', deviceId);

/** A device's current values with their times. */
export const currentValues = (data: TenantData, deviceId: number): Array<{ code: string; value: number; at: number }> =>
  data.all<{ code: string; value: number; at: number }>('SELECT code, value, at FROM point_current WHERE device_id = ? AND tenant_id = $tenant', deviceId);

/** Platform-wide (the point simulator's round): every tenant's online devices that have a model. */
export const onlineModelledDevices = (db: Db): Array<{ id: number; tenant_id: number; model_id: number }> =>
  db.prepare("SELECT id, tenant_id, model_id FROM device WHERE model_id IS NOT NULL AND status = 'online'").all<{ id: number; tenant_id: number; model_id: number }>();

/** The tenant's devices among `ids` inside a user's data-group scope (null: all), with code and model. */
export function devicesAmong(data: TenantData, ids: readonly number[], scope: ReadonlySet<number> | null): Array<{ id: number; code: string; model_id: number | null }> {
  const narrow = scopeSql('data_group_id', scope);
  return data.all<{ id: number; code: string; model_id: number | null }>(`SELECT id, code, model_id FROM device WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})${narrow.sql}`, ...ids, ...narrow.args);
}

/** Open alarms (not handled, not closed) per device code, for the given codes. */
export function openAlarmsByDevice(data: TenantData, codes: readonly string[]): Map<string, number> {
  const rows = data.all<{ code: string; n: number }>(
    `SELECT device_code AS code, COUNT(*) AS n FROM alarm WHERE tenant_id = $tenant AND handle_status != 'handled' AND status != 'closed' AND device_code IN (${inList(codes.length)}) GROUP BY device_code`,
    ...codes,
  );
  return new Map(rows.map((r) => [r.code, r.n]));
}

/** The tenant's devices among `ids` inside a user's data-group scope (null: all), with code and stored name. */
export function namedDevicesAmong(data: TenantData, ids: readonly number[], scope: ReadonlySet<number> | null): Array<{ id: number; code: string; name: string }> {
  const narrow = scopeSql('data_group_id', scope);
  return data.all<{ id: number; code: string; name: string }>(`SELECT id, code, name FROM device WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})${narrow.sql}`, ...ids, ...narrow.args);
}

/** A point's history from `from` to `to`, cut into buckets of `bucket` ms, each its average, first time and sample count. */
export const historyBuckets = (data: TenantData, deviceId: number, code: string, from: number, to: number, bucket: number): Array<{ v: number; t: number; n: number }> =>
  data.all<{ v: number; t: number; n: number }>(
    `SELECT CAST((at - ?) / ? AS INTEGER) AS b, AVG(value) AS v, MIN(at) AS t, COUNT(*) AS n FROM point_history
     WHERE device_id = ? AND code = ? AND tenant_id = $tenant AND at BETWEEN ? AND ? GROUP BY b ORDER BY b`,
    from, bucket, deviceId, code, from, to,
  );

// ---- a point's alarm ------------------------------------------------------------------------

/** A device as its point alarms name it. */
export const alarmDevice = (data: TenantData, id: number): { code: string; name: string; model_id: number } | undefined =>
  data.get<{ code: string; name: string; model_id: number }>('SELECT code, name, model_id FROM device WHERE id = ? AND tenant_id = $tenant', id);

/** Until when a point may not raise again (undefined: never banned). */
export const pointBanUntil = (data: TenantData, deviceId: number, code: string): number | undefined =>
  data.get<{ until: number }>('SELECT until FROM point_ban WHERE device_id = ? AND code = ?', deviceId, code)?.until;

/** An alarm of a point out of range (warning, to be confirmed, unhandled); answers its id. */
export function insertPointAlarm(data: TenantData, device: { code: string; name: string; model_id: number }, content: { zh: string; en: string }, at: number, paramCode: string): number {
  return Number(
    data.run(
      `INSERT INTO alarm (tenant_id, device_code, device_name, model_id, level, status, handle_status, content_zh, content_en, occurred_at, param_code)
       VALUES ($tenant, ?, ?, ?, 'warning', 'toBeConfirmed', 'unhandled', ?, ?, ?, ?)`,
      device.code, device.name, device.model_id, content.zh, content.en, at, paramCode,
    ).lastInsertRowid,
  );
}

export const banPoint = (data: TenantData, deviceId: number, code: string, until: number): void =>
  void data.run('INSERT INTO point_ban (device_id, code, until) VALUES (?, ?, ?) ON CONFLICT (device_id, code) DO UPDATE SET until = excluded.until', deviceId, code, until);
