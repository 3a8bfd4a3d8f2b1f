// The alarm simulator's data (alarm-simulator.ts): the devices alarms come from, of every tenant
// (platform-wide: the simulator walks the whole platform, on the platform's Db), and the simulated
// alarm itself, written through its tenant's data (TenantData, `$tenant`).
import type { AlarmHandleStatus, AlarmLevel } from '../../../shared/api/alarm-types.ts';
import type { Db } from '../db.ts';
import type { TenantData } from '../tenant-data.ts';

/** What kind of equipment a simulated alarm source is (alarm-simulator.ts picks its texts by it). */
export type SourceKind = 'smoke' | 'hvac' | 'elevator' | 'camera' | 'pump' | 'power' | 'access' | 'generic';

function hasTable(db: Db, table: string, columns: string[]): boolean {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table);
  if (!exists) return false;
  const have = new Set((db.prepare(`PRAGMA table_info(${table})`).all<{ name: string }>()).map((c) => c.name));
  return columns.every((c) => have.has(c));
}

/** Every tenant's devices (at most 5000), or null while there is no device table with tenant, code and name. */
export function deviceRows(db: Db): Array<{ tenant_id: number; code: string; name: string }> | null {
  if (!hasTable(db, 'device', ['tenant_id', 'code', 'name'])) return null;
  return db.prepare('SELECT tenant_id, code, name FROM device LIMIT 5000').all<{ tenant_id: number; code: string; name: string }>();
}

/** The seeded alarm sources of every tenant, in their order. */
export const seededSourceRows = (db: Db): Array<{ tenant_id: number; code: string; name: string; kind: SourceKind }> =>
  db.prepare('SELECT tenant_id, code, name, kind FROM alarm_source ORDER BY id').all<{ tenant_id: number; code: string; name: string; kind: SourceKind }>();

/** A simulated alarm of one of the tenant's sources. */
export interface SimulatedAlarm {
  code: string;
  name: string;
  level: AlarmLevel;
  handleStatus: AlarmHandleStatus;
  zh: string;
  en: string;
  at: number;
  /** The resource point the template names, kept only where the device's model has that parameter. */
  param: string | null;
}

/** Raises one simulated alarm; answers its id. */
export function insertSimulatedAlarm(data: TenantData, a: SimulatedAlarm): number {
  // The template's resource point only where the device's model has that parameter (a light circuit has no "power").
  return Number(
    data.run(
      `INSERT INTO alarm (tenant_id, device_code, device_name, model_id, level, status, handle_status, content_zh, content_en, occurred_at, param_code)
       SELECT $tenant, ?, ?, d.model_id, ?, 'toBeConfirmed', ?, ?, ?, ?, (SELECT mp.code FROM model_param mp WHERE mp.model_id = d.model_id AND mp.code = ?)
       FROM (SELECT 1) LEFT JOIN device d ON d.tenant_id = $tenant AND d.code = ?`,
      a.code,
      a.name,
      a.level,
      a.handleStatus,
      a.zh,
      a.en,
      a.at,
      a.param,
      a.code,
    ).lastInsertRowid,
  );
}
