// Alarm request and response shapes shared by the front end and the demo platform (SPEC §3 alarm,
// §4 alarm states and levels, §7 "Alarm").
import type { Static } from 'typebox';
import type * as C from '../contract/alarm.ts';
import type * as EventType from '../contract/alarm-event-type.ts';

export const ALARM_LEVELS = ['critical', 'warning', 'reminder', 'normal'] as const;
export type AlarmLevel = (typeof ALARM_LEVELS)[number];

/** The confirmation state: to be confirmed, confirmed, closed. */
export const ALARM_STATUSES = ['toBeConfirmed', 'confirmed', 'closed'] as const;
export type AlarmStatus = (typeof ALARM_STATUSES)[number];

export const ALARM_HANDLE_STATUSES = ['unhandled', 'handling', 'handled'] as const;
export type AlarmHandleStatus = (typeof ALARM_HANDLE_STATUSES)[number];

// The shapes of the alarm calls come from their declarations (shared/contract/alarm.ts): types only,
// so no schema code reaches the console's or the kit's bundles.
export type Alarm = Static<typeof C.Alarm>;
/** GET /api/alarm/total/tenant: what the bell shows. */
export type AlarmTotal = Static<typeof C.AlarmTotal>;
/** GET /api/alarm query (all optional). Times are YYYY-MM-DD HH:mm:ss; the window is at most 3 months. */
export type AlarmQuery = Static<typeof C.AlarmQuery>;
export type AlarmPage = Static<typeof C.AlarmPage>;
/** POST /api/alarm/handle */
export type AlarmHandle = Static<typeof C.AlarmHandle>;
/** POST /api/alarm/handle/all: every unhandled alarm the filters match (HANDLE_ALL_INLINE at once, more as a task). */
export type AlarmHandleAll = Static<typeof C.AlarmHandleAll>;
export type AlarmHandleAllResult = Static<typeof C.AlarmHandleAllResult>;
/** One entry of an alarm's history of actions (GET /api/alarm/{id}/actions), oldest first. */
export type AlarmAction = Static<typeof C.AlarmAction>;
/** POST /api/alarm/confirm */
export type AlarmConfirm = Static<typeof C.AlarmConfirm>;
/** How many alarms an action changed. */
export type AlarmChanged = Static<typeof C.AlarmChanged>;

export const HANDLE_ALL_INLINE = 1000;

/** An event type (alarm/event-type): the original event number is a positive whole number. */
export type AlarmEventType = Static<typeof EventType.AlarmEventType>;

export type AlarmEventTypeSave = Static<typeof EventType.AlarmEventTypeSave>;

export type AlarmEventTypePage = Static<typeof EventType.AlarmEventTypePage>;

export type AlarmEventTypeQuery = Static<typeof EventType.AlarmEventTypeQuery>;

/** POST /__test/alarms (ATRIUM_FAULTS=1 only): creates alarms at once for tests. */
export interface AlarmBulkCreate {
  count: number;
  level?: AlarmLevel;
  handleStatus?: AlarmHandleStatus;
}

// ---- statistics (the dashboard and chart pages) ----------------------------------------------

/** Counts per level. */
export type LevelCounts = Record<AlarmLevel, number>;

/** GET /api/alarm/total/by/day?days=N (1–92, default 14): one entry per local day, oldest first. */
export interface AlarmsByDay {
  days: string[];
  series: Record<AlarmLevel, number[]>;
}

/** Body of the POST statistics calls: the last `days` days (1–92, default 30), optionally only open ones. */
export interface AlarmStatQuery {
  days?: number;
  handleStatus?: AlarmHandleStatus;
  limit?: number;
}

/** POST /api/alarm/total/by/level */
export interface AlarmLevelTotal {
  level: AlarmLevel;
  total: number;
}

/** POST /api/alarm/total/node: alarms per area (node) of the devices, most first. */
export interface AlarmNodeTotal {
  /** null: devices without an area. */
  areaGuid: string | null;
  areaPath: string;
  total: number;
}

/** POST /api/alarm/total/machine: alarms per device (machine), most first. */
export interface AlarmMachineTotal {
  deviceCode: string;
  deviceName: string;
  total: number;
}

/** GET /api/alarm/area/by/level/{status|hisStatus}/{id}/tree: the area tree with alarm counts per level, children included. */
export interface AlarmAreaNode {
  rowGuid: string;
  parentId: string | null;
  areaName: string;
  counts: LevelCounts;
  children: AlarmAreaNode[];
}

/**
 * Breakdowns (SPEC §7 "Alarm"). "status" paths count open alarms (not yet handled), "hisStatus" paths
 * every alarm of the window; GET calls take `days` (1–92) in the query, POST calls in the body.
 */

/** GET /api/alarm/list/machine?days&handleStatus&limit: devices by alarms, most first, with counts per level. */
export interface AlarmMachineRow {
  deviceId: number | null;
  deviceCode: string;
  deviceName: string;
  areaPath: string;
  counts: LevelCounts;
  total: number;
  lastAt: number;
}

/** GET /api/alarm/list/node?days&handleStatus&limit: areas by alarms of their own devices, most first. */
export interface AlarmNodeRow {
  /** null: devices without an area. */
  areaGuid: string | null;
  areaPath: string;
  counts: LevelCounts;
  total: number;
  lastAt: number;
}

/** Alarms of one resource point (a device's model parameter). */
export interface AlarmResourceTotal {
  deviceCode: string;
  deviceName: string;
  /** null: alarms about the device as a whole. */
  paramCode: string | null;
  paramName: string;
  total: number;
}

/** Alarms of one event type (null: none given). */
export interface AlarmTypeTotal {
  eventTypeId: number | null;
  name: string;
  total: number;
}

/** Alarms of one product model (null: a device without a model). */
export interface AlarmModelTotal {
  modelId: number | null;
  modelName: string;
  total: number;
}

/** GET /api/alarm/stat/machine/{deviceId}?modelId&days: one device's alarms; modelId, when given, must be the device's model. */
export interface AlarmMachineStat {
  deviceId: number;
  deviceCode: string;
  deviceName: string;
  modelId: number | null;
  counts: LevelCounts;
  openCounts: LevelCounts;
  resources: AlarmResourceTotal[];
  types: AlarmTypeTotal[];
  byDay: AlarmsByDay;
}

/** Body of POST /api/alarm/stat/resource and of the machine breakdowns: AlarmStatQuery narrowed to an area (and below) or a model. */
export interface AlarmScopeQuery extends AlarmStatQuery {
  areaGuid?: string;
  modelId?: number;
}

/**
 * GET /api/alarm/area/by/top/resource/{status|hisStatus}/{areaGuid|0} and /area/by/type/…: the areas
 * under the given one (0: the top areas), each counting the alarms of its devices and every area
 * below, broken down into items (top resource points, or event types), most first.
 */
export interface AlarmAreaBreakdown<T> {
  rowGuid: string;
  areaName: string;
  total: number;
  items: T[];
}

/** GET /api/alarm/area/by/product/model/{status|hisStatus}/{modelId|0}?areaGuid: per area, alarms per model (one model when modelId is not 0). */
export type AlarmAreaByModel = AlarmAreaBreakdown<AlarmModelTotal>;

/** POST /api/alarm/machine/by/{level|top/resource|type}/status: devices with open alarms, most first, each broken down. */
export interface AlarmMachineBreakdown<T> {
  deviceCode: string;
  deviceName: string;
  areaPath: string;
  total: number;
  items: T[];
}

/** GET /api/alarm/area/by/level/{status|hisStatus}/{id}/tree/gw: the area tree with each area's gateways and their devices' alarms. */
export interface AlarmGatewayCount {
  gatewayId: number;
  code: string;
  name: string;
  status: 'online' | 'offline' | 'unknown';
  counts: LevelCounts;
}
export interface AlarmAreaGatewayNode extends Omit<AlarmAreaNode, 'children'> {
  gateways: AlarmGatewayCount[];
  children: AlarmAreaGatewayNode[];
}

/** Body of POST /api/pmis/builddevicedetail/applyLog: a device's alarm action log, newest first. */
export interface AlarmApplyLogQuery {
  deviceCode: string;
  page?: number;
  limit?: number;
  days?: number;
}
export interface AlarmApplyLogEntry {
  alarmId: number;
  level: AlarmLevel;
  content: string;
  action: Exclude<AlarmAction['action'], 'raised'>;
  userName: string;
  at: number;
  note: string;
}

// ---- alarm rules (alarm/config) ----------------------------------------------------------------

/**
 * A rule evaluated by the platform on every new value of a model parameter (of one device, or of
 * every device of the model): when `expression` holds for the value x, an alarm of `level` is raised
 * with `content` ({device}, {param}, {value} and {unit} filled in), unless the same rule fired on the
 * same device within `banHours`. The raised alarm's release notice is valid for `noticeHours`.
 */
export interface AlarmRule {
  id: number;
  modelId: number;
  modelName: string;
  paramCode: string;
  /** null: every device of the model. */
  deviceId: number | null;
  deviceName: string;
  expression: string;
  level: AlarmLevel;
  content: string;
  eventTypeId: number | null;
  eventTypeName: string;
  noticeHours: number;
  banHours: number;
  enabled: boolean;
}

export interface AlarmRuleSave {
  modelId: number;
  paramCode: string;
  deviceId?: number | null;
  expression: string;
  level: AlarmLevel;
  content: string;
  eventTypeId?: number | null;
  noticeHours?: number;
  banHours?: number;
  enabled?: boolean;
}

export interface AlarmRulePage {
  rows: AlarmRule[];
  total: number;
}

/** SPEC §9: release notices are valid and bans last 24 hours unless a rule says otherwise. */
export const RULE_DEFAULT_HOURS = 24;
