// The device list's query, read once for every caller (the list, its export): query parameters
// checked with readable messages. The query itself runs in device-data.ts (tenant and data-group
// scoping, sort, the SPEC §9 total markers, and the area tree the list filters by).
import type { FastifyRequest } from 'fastify';
import { DEVICE_PAGE_MAX, DEVICE_SORT_KEYS, isDeviceStatus, type DeviceStatus } from '../../../shared/api/device-types.ts';
import { normaliseKeyword } from '../../../shared/devices/list-model.ts';
import { translate } from '../../../shared/i18n/translate.ts';
import { fail, ok } from '../http.ts';
import { langOf, type Lang } from '../messages.ts';
import { queryPage } from '../resource.ts';
import type { ParsedListQuery } from './device-data.ts';

export type { ParsedListQuery };

export type Raw = Record<string, unknown>;

export class QueryProblem extends Error {}

export function fieldSay(lang: Lang, field: string, key: string, params?: Record<string, string | number>): string {
  return translate(lang, 'device.validate.fieldMessage', { field: translate(lang, field), message: translate(lang, key, params) });
}

export function intParam(lang: Lang, raw: Raw, name: string, label: string, min: number, max: number, fallback: number): number {
  const value = raw[name];
  if (value === undefined || value === '') return fallback;
  // A number is a query a contract route has already read (shared/contract: declared as an integer).
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(n)) throw new QueryProblem(fieldSay(lang, label, 'validate.integer'));
  if (n < min || n > max) throw new QueryProblem(fieldSay(lang, label, 'validate.range', { min, max }));
  return n;
}

export function textParam(lang: Lang, raw: Raw, name: string, label: string, max: number): string {
  const value = raw[name];
  if (value === undefined) return '';
  if (typeof value !== 'string') throw new QueryProblem(fieldSay(lang, label, 'validate.text'));
  if ([...value].length > max) throw new QueryProblem(fieldSay(lang, label, 'validate.length.max', { max }));
  return value;
}

function oneOf<T extends string>(lang: Lang, raw: Raw, name: string, label: string, allowed: readonly T[], fallback: T): T {
  const value = raw[name];
  if (value === undefined || value === '') return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new QueryProblem(fieldSay(lang, label, 'device.validate.oneOf', { allowed: allowed.join(', ') }));
}

export function parseListQuery(lang: Lang, raw: Raw): ParsedListQuery {
  const status = raw.status === undefined || raw.status === '' ? null : raw.status;
  if (status !== null && !isDeviceStatus(status)) throw new QueryProblem(fieldSay(lang, 'device.field.status', 'device.validate.oneOf', { allowed: 'online, offline, unknown' }));
  const gatewayId = intParam(lang, raw, 'gatewayId', 'device.field.gateway', 1, 2 ** 31 - 1, 0);
  const areaId = textParam(lang, raw, 'areaId', 'device.field.area', 64);
  // Paging is read as every list reads it (the resource kit's one reader).
  const paging = queryPage(raw, lang, DEVICE_PAGE_MAX);
  if (typeof paging === 'string') throw new QueryProblem(paging);
  return {
    ...paging,
    areaId: areaId === '' ? null : areaId,
    status: status as DeviceStatus | null,
    keyword: normaliseKeyword(textParam(lang, raw, 'keyword', 'device.param.keyword', 64)),
    gatewayId: gatewayId === 0 ? null : gatewayId,
    sort: oneOf(lang, raw, 'sort', 'device.param.sort', DEVICE_SORT_KEYS, 'code'),
    order: oneOf(lang, raw, 'order', 'device.param.order', ['asc', 'desc'] as const, 'asc'),
    count: raw.count !== 'none',
  };
}

export { CHANGES_MAX } from '../../../shared/contract/device.ts';

// ---- writing ----------------------------------------------------------------------------------

/** Runs a list read for the request's language: its answer, or the readable refusal of its query. */
export function answerQuery<T>(request: FastifyRequest, run: (lang: Lang) => T) {
  const lang = langOf(request);
  try {
    return ok(run(lang));
  } catch (error) {
    if (error instanceof QueryProblem) return fail(error.message);
    throw error;
  }
}
