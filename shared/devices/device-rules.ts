// The rules a new device must satisfy (SPEC §5 plus plain network formats), shared by the demo
// server and any device form. Answers message keys, never texts: the caller translates them.
import {
  deviceAddress,
  integerBetween,
  length,
  namePattern2,
  pointCode,
  required,
  serialNumber,
  validateField,
  type Rule,
} from '../validate/index.ts';
import type { DeviceCreate } from '../api/device-types.ts';

/** A failed check: the field it concerns (an i18n key under device.field) and the message key with its params. */
export interface DeviceIssue {
  field: DeviceField;
  key: string;
  params?: Readonly<Record<string, string | number>>;
}

export type DeviceField = 'code' | 'name' | 'label' | 'address' | 'sn' | 'ip' | 'mac' | 'busNo' | 'port' | 'version' | 'gatewayId' | 'areaId' | 'modelId';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const MAC = /^[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){4}$/;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Field → shared/validate rules, in the order a user reads the form. */
const SHARED_RULES: ReadonlyArray<[DeviceField, readonly Rule[]]> = [
  ['code', [required(), length(1, 64), pointCode()]],
  ['name', [required(), length(1, 64), namePattern2()]],
  ['label', [length(0, 64)]],
  ['address', [length(0, 32), deviceAddress()]],
  ['sn', [serialNumber()]],
  ['busNo', [integerBetween(0, 255)]],
  ['port', [integerBetween(1, 65535)]],
  ['version', [length(0, 32)]],
];

/** The device form's field rules (the same as checkDevice's), for the console's form dialog. */
export const deviceFormSchema: Readonly<Record<string, readonly Rule[]>> = {
  ...Object.fromEntries(SHARED_RULES),
  ip: [(value) => (typeof value === 'string' && value.trim() !== '' && !IPV4.test(value.trim()) ? ({ key: 'device.validate.ip' } as never) : null)],
  mac: [(value) => (typeof value === 'string' && value.trim() !== '' && !MAC.test(value.trim()) ? ({ key: 'device.validate.mac' } as never) : null)],
};

/** An area's name: its bounds, shared with the API contract (shared/contract/device-admin.ts AreaSave). */
export const AREA_NAME = [1, 64] as const;

/** The area form's rules (devmng/subsystem). */
export const areaSchema: Readonly<Record<'name', readonly Rule[]>> = { name: [required(), length(...AREA_NAME)] };

/**
 * The first problem with one device, or null. Shape checks only; whether the gateway and area exist
 * and the code is free is the server's to say (device.gatewayMissing, device.areaMissing, device.codeTaken).
 */
export function checkDevice(input: unknown): DeviceIssue | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { field: 'code', key: 'device.validate.notObject' };
  const values = input as Record<string, unknown>;
  for (const [field, rules] of SHARED_RULES) {
    const value = typeof values[field] === 'string' ? (values[field] as string).trim() : values[field];
    const result = validateField(value, rules, values);
    if (result) return result.params ? { field, key: result.key, params: result.params } : { field, key: result.key };
  }
  const ip = text(values.ip);
  if (values.ip !== undefined && values.ip !== null && typeof values.ip !== 'string') return { field: 'ip', key: 'validate.text' };
  if (ip !== '' && !IPV4.test(ip)) return { field: 'ip', key: 'device.validate.ip' };
  const mac = text(values.mac);
  if (values.mac !== undefined && values.mac !== null && typeof values.mac !== 'string') return { field: 'mac', key: 'validate.text' };
  if (mac !== '' && !MAC.test(mac)) return { field: 'mac', key: 'device.validate.mac' };
  const gateway = values.gatewayId;
  if (gateway !== undefined && gateway !== null && !(typeof gateway === 'number' && Number.isInteger(gateway) && gateway > 0)) {
    return { field: 'gatewayId', key: 'device.validate.gatewayMissing' };
  }
  const model = values.modelId;
  if (model !== undefined && model !== null && !(typeof model === 'number' && Number.isInteger(model) && model > 0)) {
    return { field: 'modelId', key: 'device.validate.modelMissing' };
  }
  const area = values.areaId;
  if (area !== undefined && area !== null && area !== '' && (typeof area !== 'string' || area.length > 64)) {
    return { field: 'areaId', key: 'device.validate.areaMissing' };
  }
  return null;
}

/** The device as it is stored: trimmed texts, numbers parsed, absent values normalised. Call after checkDevice(). */
export function normaliseDevice(input: DeviceCreate): Required<Omit<DeviceCreate, 'busNo' | 'port'>> & { busNo: number | null; port: number | null } {
  const int = (value: unknown): number | null => {
    if (value === undefined || value === null || value === '') return null;
    return typeof value === 'number' ? value : Number(String(value).trim());
  };
  return {
    code: text(input.code),
    name: text(input.name),
    label: text(input.label),
    address: text(input.address),
    sn: text(input.sn),
    ip: text(input.ip),
    mac: text(input.mac).toUpperCase().replaceAll('-', ':'),
    busNo: int(input.busNo),
    port: int(input.port),
    version: text(input.version),
    gatewayId: input.gatewayId ?? null,
    areaId: input.areaId ? input.areaId : null,
    modelId: input.modelId ?? null,
  };
}
