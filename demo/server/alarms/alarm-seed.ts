// The alarm domain's first-start data: which devices raise alarms (the seeded devices, two of each
// kind per tenant, or fixed sources for a tenant without devices) and a week of history, so the bell
// and the lists show something before the simulator runs. Same sequence on every machine.
import type { AppConfig } from '../context.ts';
import type { Db } from '../db.ts';
import { tenantDataOf } from '../tenant-data.ts';
import { alarmSources, raiseAlarms, SEED_SOURCES, type SourceKind } from './alarm-simulator.ts';

/** Device code prefixes of the device seed and the alarm kind each raises. */
const DEVICE_KINDS: ReadonlyArray<[string, SourceKind]> = [
  ['SMOKE', 'smoke'],
  ['AHU', 'hvac'],
  ['PUMP', 'pump'],
  ['METER', 'power'],
  ['DOOR', 'access'],
  ['TEMP', 'hvac'],
  ['FCU', 'hvac'],
  ['LIGHT', 'power'],
];

/**
 * The devices that raise alarms: per tenant, the first two seeded devices of each kind (so alarms
 * carry real devices with areas); a tenant without devices gets the fixed sources instead. The seed
 * walks every tenant (the platform's list) and fills each through that tenant's data.
 */
function seedSources(db: Db): void {
  const tenants = (db.prepare('SELECT id FROM tenant WHERE platform = 0').all<{ id: number }>()).map((t) => t.id);
  for (const tenantId of tenants) {
    const data = tenantDataOf(db, tenantId);
    if (data.get('SELECT 1 FROM alarm_source WHERE tenant_id = $tenant LIMIT 1')) continue;
    const devices = DEVICE_KINDS.flatMap(([prefix, kind]) =>
      data
        .all<{ code: string; name: string }>("SELECT code, name FROM device WHERE tenant_id = $tenant AND code LIKE ? ESCAPE '\\' ORDER BY id LIMIT 2", `%${prefix}-%`)
        .map((d) => ({ code: d.code, name: d.name, kind })),
    );
    for (const s of devices.length ? devices : SEED_SOURCES.filter((x) => x.tenantId === tenantId)) {
      data.run('INSERT OR IGNORE INTO alarm_source (tenant_id, code, name, kind) VALUES ($tenant, ?, ?, ?)', s.code, s.name, s.kind);
    }
  }
}

/** A week of history on first start, so the bell and lists show something before the simulator runs. */
function seedHistory(db: Db): void {
  const has = db.prepare('SELECT COUNT(*) AS n FROM alarm').get<{ n: number }>()!;
  if (has.n > 0) return;
  // A fixed sequence, so every fresh demo starts with the same history.
  let state = 20240601;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const now = Date.now();
  const tenants: Array<[number, number]> = [
    [1, 36],
    [2, 6],
  ];
  const handleAs = 'UPDATE alarm SET handle_status = ?, handler = ?, handled_at = ?, status = ?, confirmer = ?, confirmed_at = ? WHERE id = ? AND tenant_id = $tenant';
  for (const [tenantId, count] of tenants) {
    if (!alarmSources(db).some((s) => s.tenantId === tenantId)) continue;
    raiseAlarms(db, tenantId, count);
    const data = tenantDataOf(db, tenantId);
    const ids = data.all<{ id: number }>('SELECT id FROM alarm WHERE tenant_id = $tenant ORDER BY id').map((r) => r.id);
    data.tx(() => {
      ids.forEach((id, i) => {
        const at = now - Math.floor(random() * 7 * 86_400_000);
        data.run('UPDATE alarm SET occurred_at = ? WHERE id = ? AND tenant_id = $tenant', at, id);
        // Two thirds are dealt with; the rest stay open for the bell.
        if (i % 3 !== 0) data.run(handleAs, 'handled', 'Demo Admin', at + 600_000, random() < 0.5 ? 'confirmed' : 'closed', 'Demo Admin', at + 900_000, id);
        else if (random() < 0.3) data.run(handleAs, 'handling', 'Olivia Operator', null, 'toBeConfirmed', '', null, id);
      });
    });
  }
}

/**
 * Tops the first tenant up to `target` alarms spread over the past 89 days (ATRIUM_SEED_ALARMS, for the
 * search benchmark): every seeded device of the tenant in turn, all levels, mostly handled and closed,
 * a few still open, a fifth with an event type, a fixed sequence.
 */
/** One in seven critical, three warnings, two reminders, one normal. */
const LEVEL_MIX = ['critical', 'warning', 'warning', 'warning', 'reminder', 'reminder', 'normal'] as const;

export function seedBulkAlarms(db: Db, target: number | null): void {
  if (target === null) return;
  const data = tenantDataOf(db, 1);
  const have = data.get<{ n: number }>('SELECT COUNT(*) AS n FROM alarm WHERE tenant_id = $tenant')!.n;
  if (have >= target) return;
  const devices = data.all<{ code: string; name: string; model_id: number | null }>('SELECT code, name, model_id FROM device WHERE tenant_id = $tenant ORDER BY id');
  if (devices.length === 0) return;
  if (!data.get('SELECT 1 FROM alarm_event_type WHERE tenant_id = $tenant')) {
    ['Fire', 'Intrusion', 'Equipment fault'].forEach((name, i) => data.run('INSERT INTO alarm_event_type (tenant_id, number, name) VALUES ($tenant, ?, ?)', 9001 + i, name));
  }
  const types = data.all<{ id: number }>('SELECT id FROM alarm_event_type WHERE tenant_id = $tenant ORDER BY id').map((t) => t.id);
  const insert = (...values: Array<string | number | null>) =>
    data.run(
      `INSERT INTO alarm (tenant_id, device_code, device_name, model_id, level, status, handle_status, content_zh, content_en, occurred_at, handler, handled_at, confirmer, confirmed_at, event_type_id, param_code)
       VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ...values,
    );
  const now = Date.now();
  const span = 89 * 86_400_000;
  const count = target - have;
  for (let done = 0; done < count; ) {
    data.tx(() => {
      for (let k = 0; k < 50_000 && done < count; k++, done++) {
        const device = devices[(done * 7919) % devices.length]!;
        const level = LEVEL_MIX[(done * 2654435761) % LEVEL_MIX.length]!;
        const at = now - span + Math.floor((done / count) * span);
        const open = done % 50 === 0;
        insert(
          device.code,
          device.name,
          device.model_id,
          level,
          open ? 'toBeConfirmed' : done % 3 === 0 ? 'confirmed' : 'closed',
          open ? 'unhandled' : 'handled',
          `历史告警 ${done}`,
          `Historical alarm ${done}`,
          at,
          open ? '' : 'Demo Admin',
          open ? null : at + 600_000,
          open ? '' : 'Demo Admin',
          open ? null : at + 900_000,
          types.length > 0 && done % 5 === 0 ? types[done % types.length]! : null,
          null,
        );
      }
    });
  }
}

export function seed(db: Db, config: AppConfig): void {
  seedSources(db);
  seedHistory(db);
  seedBulkAlarms(db, config.tuning.seedAlarms);
}
