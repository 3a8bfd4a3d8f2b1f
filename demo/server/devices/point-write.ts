// Writing a value to a device point through its gateway (SPEC §1 control, §8 gateway messages): used
// by the control call, by linkage strategies and by quick scenes. The gateway simulator may be offline,
// silent, faulty or slow; a refusal is the sentence a person reads. A write that lands is a point
// change like any other: it goes out on the event queue's point.changed topic, so linkage strategies on
// that device are evaluated (one level deeper).
import { translate as sharedTranslate } from '../../../shared/i18n/translate.ts';
import type { ParamRow } from '../../../shared/api/device-model-types.ts';
import { compile, evaluate } from '../../../shared/validate/expression.ts';
import { busOf } from '../bus.ts';
import type { Db } from '../db.ts';
import type { Lang } from '../messages.ts';
import { tenantDataOf, type TenantData } from '../tenant-data.ts';
import { modelParams } from './device-model-data.ts';
import { deviceRef } from './device-data.ts';
import { gatewaySimMode, gatewayStatus } from './gateway-data.ts';
import { writeReading } from './point-data.ts';

const SLOW_MS = 1500;

const TEXT = {
  noDevice: { zh: '设备不存在', en: 'no such device' },
  noParam: { zh: '设备型号没有参数 {code}', en: 'the device model has no parameter {code}' },
  readOnly: { zh: '参数 {code} 只读，不能写入', en: 'parameter {code} is read-only' },
  range: { zh: '写入值须在 {min} 到 {max} 之间', en: 'the value must be from {min} to {max}' },
  noGateway: { zh: '设备没有网关，不能写入', en: 'the device has no gateway to write through' },
} as const;

export type WriteRefusal = keyof typeof TEXT;

export const sayWrite = (lang: Lang, key: WriteRefusal, vars: Record<string, string | number> = {}): string =>
  TEXT[key][lang].replace(/\{(\w+)\}/g, (_m, n: string) => String(vars[n] ?? ''));

/** A refusal in both languages (records keep both; a call answers in the caller's). */
export interface Both {
  zh: string;
  en: string;
}
const both = (key: WriteRefusal, vars: Record<string, string | number> = {}): Both => ({ zh: sayWrite('zh', key, vars), en: sayWrite('en', key, vars) });

const num = (text: string, fallback: number) => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : fallback);

/** A parameter's writable range (min/max as configured; 0–100 when unset). */
export const rangeOf = (param: ParamRow): { min: number; max: number } => ({ min: num(param.min, 0), max: num(param.max, 100) });

/** How one of the tenant's (simulated) gateways answers a write or a distribution: null when it took it, else SPEC §8's message. */
export async function throughGateway(data: TenantData, gatewayId: number, lang: Lang): Promise<string | null> {
  const refused = await gatewayAnswer(data, gatewayId);
  return refused ? refused[lang] : null;
}

async function gatewayAnswer(data: TenantData, gatewayId: number): Promise<Both | null> {
  // Another tenant's gateway answers as one that is not there (offline).
  const status = gatewayStatus(data, gatewayId);
  const mode = gatewaySimMode(data, gatewayId);
  const text = (key: 'offline' | 'noAnswer' | 'exception'): Both => ({ zh: sharedTranslate('zh', `gateway.${key}` as never), en: sharedTranslate('en', `gateway.${key}` as never) });
  if (status !== 'online') return text('offline');
  if (mode === 'silent') return text('noAnswer');
  if (mode === 'faulty') return text('exception');
  if (mode === 'slow') await new Promise((r) => setTimeout(r, SLOW_MS));
  return null;
}

/** A change of some devices' points: what the `point.changed` topic carries; `depth` counts writes caused by writes. */
export interface PointChange {
  tenantId: number;
  deviceIds: readonly number[];
  at: number;
  depth: number;
}
export const POINT_TOPIC = 'point.changed';

/** Adds a consumer of point changes (the linkage engine); answers the unsubscribe. */
export function onPointChange(db: Db, name: string, listener: (change: PointChange) => unknown): () => void {
  return busOf(db).subscribe<PointChange>(POINT_TOPIC, name, listener);
}

export function pointsChanged(db: Db, tenantId: number, deviceIds: readonly number[], at: number, depth = 0): void {
  busOf(db).publish<PointChange>(POINT_TOPIC, { tenantId, deviceIds, at, depth });
}

/** Stores a value as the point's reading (current value and history) and tells the listeners. */
export function storePoint(db: Db, tenantId: number, deviceId: number, code: string, value: number, at: number, depth = 0): void {
  const data = tenantDataOf(db, tenantId);
  // The current value and its history sample land together.
  data.tx(() => writeReading(data, deviceId, code, value, at));
  pointsChanged(db, tenantId, [deviceId], at, depth);
}

export type WriteOutcome = { ok: true; written: number } | { ok: false; text: Both; field?: 'code' | 'value' };

/** Writes `value` to a read-write point of one of the tenant's devices, through its gateway; `depth` counts writes that caused this one. */
export async function writePoint(db: Db, tenantId: number, deviceId: number, code: string, value: unknown, depth = 0): Promise<WriteOutcome> {
  const data = tenantDataOf(db, tenantId);
  const device = deviceRef(data, deviceId);
  if (!device) return { ok: false, text: both('noDevice') };
  const param = device.model_id ? modelParams(data, device.model_id).find((p) => p.code === code) : undefined;
  if (!param) return { ok: false, text: both('noParam', { code }), field: 'code' };
  if (param.access !== 'rw') return { ok: false, text: both('readOnly', { code }) };
  const { min, max } = rangeOf(param);
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) return { ok: false, text: both('range', { min, max }), field: 'value' };
  if (!device.gateway_id) return { ok: false, text: both('noGateway') };
  const refused = await gatewayAnswer(data, device.gateway_id);
  if (refused) return { ok: false, text: refused };
  const control = param.controlFormula.trim() ? compile(param.controlFormula) : null;
  const written = control?.ok ? evaluate(control.tree, { x: value }) : value;
  // The device takes the value; its reading (what the collection formula makes of it) is what it shows.
  storePoint(db, tenantId, device.id, code, value, Date.now(), depth + 1);
  return { ok: true, written };
}
