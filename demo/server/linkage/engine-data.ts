// The linkage engine's data (linkage-engine.ts): the enabled strategies of every tenant, each
// strategy's counting state, the firings with their attempts and the retry queue, and what actions
// name (devices, scenes, users). What is one tenant's goes through that tenant's data (TenantData,
// `$tenant`); the index, the retry queue and the restart's clean-up are platform-wide by nature and
// take the platform's Db (platformData).
import type { AlarmLevel } from '../../../shared/api/alarm-types.ts';
import type { LinkAction, LinkLevel } from '../../../shared/api/linkage-types.ts';
import type { Db } from '../db.ts';
import type { Both } from '../devices/point-write.ts';
import type { TenantData } from '../tenant-data.ts';

/** The name of one of the tenant's devices, or undefined. */
export const deviceName = (data: TenantData, id: number): string | undefined => data.get<{ name: string }>('SELECT name FROM device WHERE id = ? AND tenant_id = $tenant', id)?.name;

/** The name of one of the tenant's quick scenes, or undefined. */
export const sceneName = (data: TenantData, id: number): string | undefined => data.get<{ name: string }>('SELECT name FROM quick_scene WHERE id = ? AND tenant_id = $tenant', id)?.name;

/** Whether the user is one of the tenant's. */
export const userExists = (data: TenantData, id: number): boolean => Boolean(data.get('SELECT 1 FROM user WHERE id = ? AND tenant_id = $tenant', id));

/** Raises an alarm on one of the tenant's devices; answers the alarm and the device's name, or null without the device. */
export function insertLinkAlarm(data: TenantData, deviceId: number, level: AlarmLevel, content: string, at: number): { alarmId: number; deviceName: string } | null {
  const device = data.get<{ code: string; name: string; model_id: number | null }>('SELECT code, name, model_id FROM device WHERE id = ? AND tenant_id = $tenant', deviceId);
  if (!device) return null;
  const alarmId = Number(
    data.run(
      `INSERT INTO alarm (tenant_id, device_code, device_name, model_id, level, status, handle_status, content_zh, content_en, occurred_at)
       VALUES ($tenant, ?, ?, ?, ?, 'toBeConfirmed', 'unhandled', ?, ?, ?)`,
      device.code,
      device.name,
      device.model_id,
      level,
      content,
      content,
      at,
    ).lastInsertRowid,
  );
  return { alarmId, deviceName: device.name };
}

/** An enabled strategy of any tenant, as stored. */
export interface EnabledStrategy {
  id: number;
  tenant_id: number;
  device_id: number;
  expression: string;
  hits: number;
  level: LinkLevel;
  retry_seconds: number;
  period_start: string;
  period_end: string;
  skip_holidays: number;
  created_by: number;
}

/** Every tenant's enabled strategies (the engine's index; platform-wide). */
export const enabledStrategies = (db: Db): EnabledStrategy[] =>
  db
    .prepare('SELECT id, tenant_id, device_id, expression, hits, level, retry_seconds, period_start, period_end, skip_holidays, created_by FROM link_strategy WHERE enabled = 1')
    .all<EnabledStrategy>();

/** A strategy's count of consecutive holds, and whether it may fire. */
export const strategyState = (data: TenantData, id: number): { held: number; armed: number } | undefined =>
  data.get<{ held: number; armed: number }>('SELECT held, armed FROM link_strategy WHERE id = ? AND tenant_id = $tenant', id);

export const setStrategyState = (data: TenantData, id: number, held: number, armed: number): void =>
  void data.run('UPDATE link_strategy SET held = ?, armed = ? WHERE id = ? AND tenant_id = $tenant', held, armed, id);

/** The current values of one of the tenant's devices, by point code. */
export const currentValues = (data: TenantData, deviceId: number): Record<string, number> =>
  Object.fromEntries(data.all<{ code: string; value: number }>('SELECT code, value FROM point_current WHERE device_id = ? AND tenant_id = $tenant', deviceId).map((r) => [r.code, r.value]));

/** A firing to record: the strategy, its device, the values, and whether the chain stopped it. */
export interface Firing {
  strategyId: number;
  deviceId: number;
  at: number;
  values: Record<string, number>;
  /** The chain went too deep: recorded as stopped with this note, its actions not run. */
  stopped: Both | null;
  level: LinkLevel;
  retryMs: number;
  depth: number;
  userId: number;
}

/** Records a firing with the strategy's name and actions as they are now, all its actions pending; answers its id. */
export function insertFiring(data: TenantData, f: Firing): number {
  const strategy = data.get<{ name: string; actions: string }>('SELECT name, actions FROM link_strategy WHERE id = ? AND tenant_id = $tenant', f.strategyId)!;
  const device = deviceName(data, f.deviceId);
  const actions = JSON.parse(strategy.actions) as LinkAction[];
  return Number(
    data.run(
      `INSERT INTO link_record (tenant_id, strategy_id, strategy_name, device_id, device_name, fired_at, source_values, result, note_zh, note_en, actions, pending, level, retry_ms, depth, user_id)
         VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      f.strategyId,
      strategy.name,
      f.deviceId,
      device ?? '',
      f.at,
      JSON.stringify(f.values),
      f.stopped ? 'stopped' : 'running',
      f.stopped ? f.stopped.zh : '',
      f.stopped ? f.stopped.en : '',
      strategy.actions,
      JSON.stringify(actions.map((_a, i) => i)),
      f.level,
      f.retryMs,
      f.depth,
      f.userId,
    ).lastInsertRowid,
  );
}

/** A firing whose pending actions are to run (the retry queue is the platform's: its tenant is read here). */
export interface PendingFiring {
  tenant_id: number;
  actions: string;
  pending: string;
  level: LinkLevel;
  retry_ms: number;
  depth: number;
  user_id: number;
}

export const pendingFiring = (db: Db, recordId: number): PendingFiring =>
  db.prepare('SELECT tenant_id, actions, pending, level, retry_ms, depth, user_id FROM link_record WHERE id = ?').get<PendingFiring>(recordId)!;

/** Records one try of one action of a firing (numbered after the action's earlier tries). */
export function insertAttempt(data: TenantData, recordId: number, action: number, label: Both, at: number, ok: boolean, message: Both): void {
  const n = data.get<{ n: number }>('SELECT COUNT(*) AS n FROM link_attempt WHERE record_id = ? AND action = ?', recordId, action)!.n + 1;
  data.run(
    'INSERT INTO link_attempt (record_id, action, label_zh, label_en, attempt, at, ok, message_zh, message_en) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    recordId,
    action,
    label.zh,
    label.en,
    n,
    at,
    ok ? 1 : 0,
    message.zh,
    message.en,
  );
}

/** The most tries any action of a firing has had. */
export const mostTries = (data: TenantData, recordId: number): number => data.get<{ n: number | null }>('SELECT MAX(attempt) AS n FROM link_attempt WHERE record_id = ?', recordId)!.n ?? 0;

export const firingSucceeded = (data: TenantData, recordId: number): void =>
  void data.run("UPDATE link_record SET result = 'success', pending = '[]', next_retry_at = NULL WHERE id = ? AND tenant_id = $tenant", recordId);

export const firingRetrying = (data: TenantData, recordId: number, failed: readonly number[], nextAt: number): void =>
  void data.run("UPDATE link_record SET result = 'retrying', pending = ?, next_retry_at = ? WHERE id = ? AND tenant_id = $tenant", JSON.stringify(failed), nextAt, recordId);

export const firingFailed = (data: TenantData, recordId: number, failed: readonly number[], note: Both): void =>
  void data.run(
    "UPDATE link_record SET result = 'failed', pending = ?, next_retry_at = NULL, note_zh = ?, note_en = ? WHERE id = ? AND tenant_id = $tenant",
    JSON.stringify(failed),
    note.zh,
    note.en,
    recordId,
  );

/**
 * Firings that were running when the platform went down: important ones resume their retries (due
 * `now`), common ones are recorded as interrupted with `note` (platform-wide, at start).
 */
export function settleInterrupted(db: Db, now: number, note: Both): void {
  db.prepare("UPDATE link_record SET result = 'retrying', next_retry_at = ? WHERE result = 'running' AND level = 'important'").run(now);
  db.prepare("UPDATE link_record SET result = 'stopped', note_zh = ?, note_en = ? WHERE result = 'running'").run(note.zh, note.en);
}

/** The firings whose retry is due at `now`, soonest first (at most 100; platform-wide). */
export const dueRetries = (db: Db, now: number): number[] =>
  db.prepare("SELECT id FROM link_record WHERE result = 'retrying' AND next_retry_at <= ? ORDER BY next_retry_at LIMIT 100").all<{ id: number }>(now).map((r) => r.id);

/** Claims a due retry (so a second scan does not run it too); false when another scan has it. */
export const claimRetry = (db: Db, id: number): boolean => Number(db.prepare("UPDATE link_record SET result = 'running' WHERE id = ? AND result = 'retrying'").run(id).changes) > 0;
