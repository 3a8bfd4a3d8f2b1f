// The alarm simulator: the demo building's devices raise alarms over time (a Poisson process at a
// configurable rate), as real rows of the alarm table. Devices come from the device table once the
// device domain provides one (tenant_id, code, name), and from this file's seeded sources until then.
import { announceAlarm } from './alarm-events.ts';
import type { Db } from '../db.ts';
import { tenantDataOf, type TenantData } from '../tenant-data.ts';
import { deviceRows, insertSimulatedAlarm, seededSourceRows, type SourceKind } from './simulator-data.ts';
import type { AlarmHandleStatus, AlarmLevel } from '../../../shared/api/alarm-types.ts';

export type { SourceKind };

export interface AlarmSource {
  tenantId: number;
  code: string;
  name: string;
  kind: SourceKind;
}

/** Seeded devices per tenant, used while no device table exists. */
export const SEED_SOURCES: AlarmSource[] = [
  { tenantId: 1, code: 'FD-1F-001', name: '1F smoke detector 001', kind: 'smoke' },
  { tenantId: 1, code: 'FD-3F-014', name: '3F smoke detector 014', kind: 'smoke' },
  { tenantId: 1, code: 'AHU-B1-02', name: 'B1 air handling unit 02', kind: 'hvac' },
  { tenantId: 1, code: 'ELV-03', name: 'Elevator 3', kind: 'elevator' },
  { tenantId: 1, code: 'CAM-GATE-01', name: 'Main gate camera', kind: 'camera' },
  { tenantId: 1, code: 'PUMP-B2-01', name: 'B2 water pump 01', kind: 'pump' },
  { tenantId: 1, code: 'PDU-2F-A', name: '2F power distribution A', kind: 'power' },
  { tenantId: 1, code: 'ACS-LOBBY-1', name: 'Lobby access door 1', kind: 'access' },
  { tenantId: 2, code: 'FD-G-001', name: 'Ground floor smoke detector 001', kind: 'smoke' },
  { tenantId: 2, code: 'AHU-R-01', name: 'Roof air handling unit 01', kind: 'hvac' },
  { tenantId: 2, code: 'CAM-DOCK-02', name: 'Loading dock camera 2', kind: 'camera' },
];

interface Template {
  level: AlarmLevel;
  zh: string;
  en: string;
  /** The resource point (model parameter code) the alarm is about, where there is one. */
  param?: string;
}

const TEMPLATES: Record<SourceKind, Template[]> = {
  smoke: [
    { level: 'critical', zh: '烟雾浓度超过阈值', en: 'Smoke concentration above threshold', param: 'smoke' },
    { level: 'reminder', zh: '探测器需要清洁', en: 'Detector needs cleaning' },
  ],
  hvac: [
    { level: 'warning', zh: '送风温度过高', en: 'Supply air temperature high', param: 'temp' },
    { level: 'reminder', zh: '过滤网压差偏高，需更换', en: 'Filter pressure drop high, replace filter', param: 'pressure' },
  ],
  elevator: [
    { level: 'critical', zh: '电梯困人', en: 'Passenger trapped' },
    { level: 'warning', zh: '轿门开关故障', en: 'Car door fault' },
  ],
  camera: [{ level: 'warning', zh: '视频信号丢失', en: 'Video signal lost' }],
  pump: [
    { level: 'warning', zh: '出水压力过低', en: 'Outlet pressure low', param: 'pressure' },
    { level: 'critical', zh: '水泵过载停机', en: 'Pump stopped on overload', param: 'run' },
  ],
  power: [
    { level: 'critical', zh: '进线失电', en: 'Incoming supply lost', param: 'power' },
    { level: 'reminder', zh: '功率因数偏低', en: 'Power factor low', param: 'power' },
  ],
  access: [
    { level: 'warning', zh: '门长时间未关', en: 'Door held open', param: 'open' },
    { level: 'critical', zh: '非法闯入', en: 'Forced entry', param: 'lock' },
  ],
  generic: [
    { level: 'warning', zh: '设备离线', en: 'Device offline' },
    { level: 'reminder', zh: '参数超出范围', en: 'Parameter out of range' },
  ],
};

const KIND_HINTS: Array<[RegExp, SourceKind]> = [
  [/smoke|^FD-|烟/i, 'smoke'],
  [/AHU|air|hvac|空调/i, 'hvac'],
  [/ELV|elevator|lift|电梯/i, 'elevator'],
  [/CAM|camera|摄像/i, 'camera'],
  [/PUMP|泵/i, 'pump'],
  [/PDU|power|电/i, 'power'],
  [/ACS|door|access|门禁/i, 'access'],
];

export const kindOf = (code: string, name: string): SourceKind => KIND_HINTS.find(([re]) => re.test(code) || re.test(name))?.[1] ?? 'generic';

/**
 * The devices alarms come from, of every tenant (the simulator walks the whole platform): the real
 * device table when there is one with devices, else the seeded sources.
 */
export function alarmSources(db: Db): AlarmSource[] {
  const devices = deviceRows(db);
  if (devices && devices.length > 0) return devices.map((r) => ({ tenantId: r.tenant_id, code: r.code, name: r.name, kind: kindOf(r.code, r.name) }));
  return seededSourceRows(db).map((r) => ({ tenantId: r.tenant_id, code: r.code, name: r.name, kind: r.kind }));
}

export interface NewAlarm {
  source: AlarmSource;
  template: Template;
  at: number;
  handleStatus?: AlarmHandleStatus;
}

/** Raises one alarm of one tenant's source, through that tenant's data. */
function insertAlarm(data: TenantData, a: NewAlarm): number {
  return insertSimulatedAlarm(data, {
    code: a.source.code,
    name: a.source.name,
    level: a.template.level,
    handleStatus: a.handleStatus ?? 'unhandled',
    zh: a.template.zh,
    en: a.template.en,
    at: a.at,
    param: a.template.param ?? null,
  });
}

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length) % list.length]!;

/** One alarm from a random source (of one tenant, if given); answers its id, or null without sources. */
export function raiseAlarm(db: Db, random: () => number = Math.random, tenantId?: number): number | null {
  const sources = alarmSources(db).filter((s) => tenantId === undefined || s.tenantId === tenantId);
  if (sources.length === 0) return null;
  const source = pick(sources, random);
  const template = pick(TEMPLATES[source.kind], random);
  const at = Date.now();
  const alarmId = insertAlarm(tenantDataOf(db, source.tenantId), { source, template, at });
  announceAlarm(db, { tenantId: source.tenantId, alarmId, level: template.level, deviceName: source.name, content: template.en, at });
  return alarmId;
}

/** Alarms raised in one batch are announced one by one (notifications) up to this many; a bulk load is not. */
const ANNOUNCE_UP_TO = 100;

/**
 * Many alarms at once in one transaction (tests: 25000 open alarms), spread over the last hour with the
 * last one raised now: a single alarm is the newest, not an hour old behind others raised since.
 */
export function raiseAlarms(db: Db, tenantId: number, count: number, options: { level?: AlarmLevel; handleStatus?: AlarmHandleStatus } = {}): number {
  const sources = alarmSources(db).filter((s) => s.tenantId === tenantId);
  const from = sources.length > 0 ? sources : [{ tenantId, code: 'SIM-0001', name: 'Simulated device', kind: 'generic' as const }];
  const data = tenantDataOf(db, tenantId);
  const now = Date.now();
  return data.tx(() => {
    for (let i = 0; i < count; i++) {
      const source = from[i % from.length]!;
      const templates = TEMPLATES[source.kind];
      const template = options.level ? (templates.find((t) => t.level === options.level) ?? { ...templates[0]!, level: options.level }) : templates[i % templates.length]!;
      const at = now - Math.floor(((count - 1 - i) / count) * 3_600_000);
      const alarmId = insertAlarm(data, { source, template, at, ...(options.handleStatus ? { handleStatus: options.handleStatus } : {}) });
      if (count <= ANNOUNCE_UP_TO) announceAlarm(db, { tenantId, alarmId, level: template.level, deviceName: source.name, content: template.en, at });
    }
    return count;
  });
}

export interface Simulator {
  stop(): void;
}

/**
 * Raises alarms at `perMinute` on average (exponential gaps, so arrivals look like real ones).
 * 0 or less starts nothing.
 */
export function startAlarmSimulator(db: Db, perMinute: number, log: (line: string) => void = () => undefined): Simulator {
  if (!(perMinute > 0)) return { stop: () => undefined };
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const meanMs = 60_000 / perMinute;
  const next = () => {
    const gap = Math.max(100, -Math.log(1 - Math.random()) * meanMs);
    timer = setTimeout(() => {
      if (stopped) return;
      try {
        raiseAlarm(db);
      } catch (error) {
        log(`alarm simulator: ${(error as Error).message}`);
      }
      next();
    }, gap);
    timer.unref();
  };
  next();
  log(`alarm simulator: about ${perMinute} alarms per minute`);
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
