// Device status over time: the one place that changes a device's status (so every change lands in
// the tenant's change feed the list polls), and a simulator that flips random devices and gateways
// the way a real site's devices drop off and come back.
import type { DeviceStatus } from '../../../shared/api/device-types.ts';
import { tx, type Db } from '../db.ts';
// The defaults live with the platform's other tunable numbers (settings.ts imports no domain module).
import { DEFAULT_EXCURSIONS_PER_HOUR, DEFAULT_FLIP_SHARE } from '../settings.ts';

export { DEFAULT_EXCURSIONS_PER_HOUR, DEFAULT_FLIP_SHARE };
const TICK_MS = 2000;

/** The tenant's next change-feed position. Call inside a transaction. */
export function nextSeq(db: Db, tenantId: number): number {
  db.prepare('INSERT OR IGNORE INTO device_cursor (tenant_id, seq) VALUES (?, 0)').run(tenantId);
  const row = db.prepare('UPDATE device_cursor SET seq = seq + 1 WHERE tenant_id = ? RETURNING seq').get<{ seq: number }>(tenantId)!;
  return row.seq;
}

/** The tenant's current change-feed position (0 before any change). */
export function currentSeq(db: Db, tenantId: number): number {
  const row = db.prepare('SELECT seq FROM device_cursor WHERE tenant_id = ?').get<{ seq: number }>(tenantId);
  return row?.seq ?? 0;
}

/**
 * Sets one device's status and records the change in the feed. Answers the new seq, or null when the
 * tenant has no such device; setting the status it already has records nothing and answers its seq.
 */
export function setDeviceStatus(db: Db, tenantId: number, deviceId: number, status: DeviceStatus, now = Date.now()): number | null {
  return tx(db, () => {
    const row = db.prepare('SELECT status, status_seq FROM device WHERE id = ? AND tenant_id = ?').get<{ status: string; status_seq: number }>(deviceId, tenantId);
    if (!row) return null;
    if (row.status === status) return row.status_seq;
    const seq = nextSeq(db, tenantId);
    db.prepare('UPDATE device SET status = ?, status_seq = ?, status_at = ? WHERE id = ? AND tenant_id = ?').run(status, seq, now, deviceId, tenantId);
    return seq;
  });
}

/**
 * New devices come alive: a device that has never reported (status unknown, no value yet), has a model
 * (something to report) and sits on an online gateway comes online now, so the same simulator round
 * gives it its first values. Recorded in the change feed like every status change. Answers the ids.
 */
export function wakeNewDevices(db: Db, now = Date.now()): number[] {
  const waiting = db
    .prepare(
      `SELECT d.id, d.tenant_id FROM device d JOIN gateway g ON g.id = d.gateway_id AND g.tenant_id = d.tenant_id AND g.status = 'online'
       WHERE d.status = 'unknown' AND d.model_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM point_current p WHERE p.device_id = d.id)`,
    )
    .all<{ id: number; tenant_id: number }>();
  for (const d of waiting) setDeviceStatus(db, d.tenant_id, d.id, 'online', now);
  return waiting.map((d) => d.id);
}

/** What a device does next: online ones mostly drop offline (sometimes to unknown); the others come back. */
export function nextStatus(current: DeviceStatus, random: () => number): DeviceStatus {
  if (current !== 'online') return 'online';
  return random() < 0.85 ? 'offline' : 'unknown';
}

export interface SimulatorOptions {
  /** Share of each tenant's devices flipped per minute; 0 pauses. */
  sharePerMinute: number;
  tickMs?: number;
  random?: () => number;
}

export class DeviceSimulator {
  readonly #db: Db;
  readonly #tickMs: number;
  readonly #random: () => number;
  #share: number;
  #timer: ReturnType<typeof setInterval> | null = null;
  /** Fractional flips carried to the next tick, per tenant, so small rates still flip now and then. */
  readonly #carry = new Map<number, number>();

  constructor(db: Db, options: SimulatorOptions) {
    this.#db = db;
    this.#share = Math.max(0, options.sharePerMinute);
    this.#tickMs = options.tickMs ?? TICK_MS;
    this.#random = options.random ?? Math.random;
  }

  get sharePerMinute(): number {
    return this.#share;
  }

  start(): void {
    if (this.#timer !== null) return;
    this.#timer = setInterval(() => this.tick(), this.#tickMs);
    // The simulator alone must never keep the process (or a test run) alive.
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
  }

  setRate(sharePerMinute: number): void {
    this.#share = Math.max(0, sharePerMinute);
    this.#carry.clear();
  }

  /** One step: flips about share × devices × tick / minute devices in each tenant. Answers how many flipped. */
  tick(now = Date.now()): number {
    if (this.#share === 0) return 0;
    const db = this.#db;
    const tenants = db.prepare('SELECT tenant_id, COUNT(*) AS n FROM device GROUP BY tenant_id').all<{ tenant_id: number; n: number }>();
    const pick = db.prepare('SELECT id, status FROM device WHERE tenant_id = ? ORDER BY id LIMIT 1 OFFSET ?');
    const update = db.prepare('UPDATE device SET status = ?, status_seq = ?, status_at = ? WHERE id = ? AND tenant_id = ?');
    let flipped = 0;
    tx(db, () => {
      for (const { tenant_id: tenantId, n } of tenants) {
        const due = (this.#carry.get(tenantId) ?? 0) + (n * this.#share * this.#tickMs) / 60_000;
        const count = Math.min(n, Math.floor(due));
        this.#carry.set(tenantId, due - count);
        for (let i = 0; i < count; i++) {
          const row = pick.get<{ id: number; status: DeviceStatus }>(tenantId, Math.floor(this.#random() * n));
          if (!row) continue;
          update.run(nextStatus(row.status, this.#random), nextSeq(db, tenantId), now, row.id, tenantId);
          flipped += 1;
        }
        // Gateways are few and steadier: one of them changes now and then.
        if (count > 0 && this.#random() < 0.1) {
          const gateway = db.prepare('SELECT id, status FROM gateway WHERE tenant_id = ? ORDER BY random() LIMIT 1').get<{ id: number; status: DeviceStatus }>(tenantId);
          if (gateway) {
            db.prepare('UPDATE gateway SET status = ?, status_at = ? WHERE id = ? AND tenant_id = ?').run(
              nextStatus(gateway.status, this.#random),
              now,
              gateway.id,
              tenantId,
            );
          }
        }
      }
    });
    return flipped;
  }
}

