// Device status over time: the one place that changes a device's status (so every change lands in
// the tenant's change feed the list polls), and a simulator that flips random devices and gateways
// the way a real site's devices drop off and come back.
import type { DeviceStatus } from '../../../shared/api/device-types.ts';
import { tx, type Db } from '../db.ts';
// The defaults live with the platform's other tunable numbers (settings.ts imports no domain module).
import { DEFAULT_EXCURSIONS_PER_HOUR, DEFAULT_FLIP_SHARE } from '../settings.ts';
import { tenantDataOf } from '../tenant-data.ts';
import { deviceAtOffset, deviceCountsByTenant, devicesWaitingToWake, nextSeq, randomGateway, setStatus, writeDeviceStatus, writeGatewayStatus } from './device-data.ts';

export { DEFAULT_EXCURSIONS_PER_HOUR, DEFAULT_FLIP_SHARE };
const TICK_MS = 2000;

/**
 * Sets one device's status and records the change in the feed. Answers the new seq, or null when the
 * tenant has no such device; setting the status it already has records nothing and answers its seq.
 */
export function setDeviceStatus(db: Db, tenantId: number, deviceId: number, status: DeviceStatus, now = Date.now()): number | null {
  // Its callers (camera health, the test switch, the wake-up below) each act for one tenant's device.
  return setStatus(tenantDataOf(db, tenantId), deviceId, status, now);
}

/**
 * New devices come alive: a device that has never reported (status unknown, no value yet), has a model
 * (something to report) and sits on an online gateway comes online now, so the same simulator round
 * gives it its first values. Recorded in the change feed like every status change. Answers the ids.
 */
export function wakeNewDevices(db: Db, now = Date.now()): number[] {
  // Platform-wide by nature: the point simulator's round walks every tenant's new devices.
  const waiting = devicesWaitingToWake(db);
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
    // The simulator is platform-wide by nature: it counts every tenant's devices, then works each
    // tenant through that tenant's own data.
    const tenants = deviceCountsByTenant(db);
    let flipped = 0;
    tx(db, () => {
      for (const { tenant_id: tenantId, n } of tenants) {
        const data = tenantDataOf(db, tenantId);
        const due = (this.#carry.get(tenantId) ?? 0) + (n * this.#share * this.#tickMs) / 60_000;
        const count = Math.min(n, Math.floor(due));
        this.#carry.set(tenantId, due - count);
        for (let i = 0; i < count; i++) {
          const row = deviceAtOffset(data, Math.floor(this.#random() * n));
          if (!row) continue;
          const status = nextStatus(row.status, this.#random);
          writeDeviceStatus(data, row.id, status, nextSeq(data), now);
          flipped += 1;
        }
        // Gateways are few and steadier: one of them changes now and then.
        if (count > 0 && this.#random() < 0.1) {
          const gateway = randomGateway(data);
          if (gateway) writeGatewayStatus(data, gateway.id, nextStatus(gateway.status, this.#random), now);
        }
      }
    });
    return flipped;
  }
}

