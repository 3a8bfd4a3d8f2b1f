// Alarm request and response shapes shared by the front end and the demo platform (SPEC §3 alarm,
// §4 alarm states and levels, §7 "Alarm").
import type { Static } from 'typebox';
import type * as C from '../contract/alarm.ts';
import type * as EventType from '../contract/alarm-event-type.ts';
import type * as Stats from '../contract/alarm-stats.ts';
import type * as Breakdown from '../contract/alarm-breakdown.ts';
import type * as Rule from '../contract/alarm-rule.ts';

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
// From their declarations (shared/contract/alarm-stats.ts), types only.

/** The longest span a statistic covers, in days (the 3-month window of SPEC §5). */
export const ALARM_STAT_MAX_DAYS = 92;

/** Counts per level. */
export type LevelCounts = Static<typeof Stats.LevelCounts>;

/** GET /api/alarm/total/by/day?days=N (1–92, default 14): one entry per local day, oldest first. */
export type AlarmsByDay = Static<typeof Stats.AlarmsByDay>;

/** Body of the POST statistics calls: the last `days` days (1–92, default 30), optionally only in one handling state. */
export type AlarmStatQuery = Static<typeof Stats.AlarmStatQuery>;

/** POST /api/alarm/total/by/level */
export type AlarmLevelTotal = Static<typeof Stats.AlarmLevelTotal>;

/** POST /api/alarm/total/node: alarms per area (node) of the devices, most first (areaGuid null: devices without an area). */
export type AlarmNodeTotal = Static<typeof Stats.AlarmNodeTotal>;

/** POST /api/alarm/total/machine: alarms per device (machine), most first. */
export type AlarmMachineTotal = Static<typeof Stats.AlarmMachineTotal>;

/** GET /api/alarm/area/by/level/{status|hisStatus}/{id}/tree: the area tree with alarm counts per level, children included. */
export type AlarmAreaNode = Static<typeof Stats.AlarmAreaNode>;

/**
 * Breakdowns (SPEC §7 "Alarm"), from their declarations (shared/contract/alarm-breakdown.ts). "status"
 * paths count open alarms (not yet handled), "hisStatus" paths every alarm of the window; GET calls
 * take `days` (1–92) in the query, POST calls in the body.
 */

/** GET /api/alarm/list/{machine|node} query: days, limit, handleStatus. */
export type AlarmListQuery = Static<typeof Breakdown.AlarmListQuery>;
/** GET /api/alarm/list/machine: devices by alarms, most first, with counts per level. */
export type AlarmMachineRow = Static<typeof Breakdown.AlarmMachineRow>;
/** GET /api/alarm/list/node: areas by alarms of their own devices, most first (areaGuid null: devices without an area). */
export type AlarmNodeRow = Static<typeof Breakdown.AlarmNodeRow>;
/** Alarms of one resource point (a device's model parameter; paramCode null: the device as a whole). */
export type AlarmResourceTotal = Static<typeof Breakdown.AlarmResourceTotal>;
/** Alarms of one resource point inside an area's or a device's breakdown. */
export type AlarmPointTotal = Static<typeof Breakdown.AlarmPointTotal>;
/** Alarms of one event type (null: none given). */
export type AlarmTypeTotal = Static<typeof Breakdown.AlarmTypeTotal>;
/** Alarms of one product model (null: a device without a model). */
export type AlarmModelTotal = Static<typeof Breakdown.AlarmModelTotal>;
/** GET /api/alarm/stat/machine/{deviceId}?modelId&days: one device's alarms; modelId, when given, must be the device's model. */
export type AlarmMachineStat = Static<typeof Breakdown.AlarmMachineStat>;
/** Body of POST /api/alarm/stat/resource and of the machine breakdowns: AlarmStatQuery narrowed to an area (and below) or a model. */
export type AlarmScopeQuery = Static<typeof Breakdown.AlarmScopeQuery>;
/** GET /api/alarm/area/by/top/resource/{status|hisStatus}/{areaGuid|0}: per area, its top resource points. */
export type AlarmAreaByPoint = Static<typeof Breakdown.AlarmAreaByPoint>;
/** GET /api/alarm/area/by/type/{status|hisStatus}/{areaGuid|0}: per area, alarms per event type. */
export type AlarmAreaByType = Static<typeof Breakdown.AlarmAreaByType>;
/** GET /api/alarm/area/by/product/model/{status|hisStatus}/{modelId|0}?areaGuid: per area, alarms per model (one model when modelId is not 0). */
export type AlarmAreaByModel = Static<typeof Breakdown.AlarmAreaByModel>;
/** POST /api/alarm/machine/by/level/status: devices with open alarms, most first, each per level. */
export type AlarmMachineByLevel = Static<typeof Breakdown.AlarmMachineByLevel>;
/** POST /api/alarm/machine/by/top/resource/status: devices with open alarms, each with its top resource points. */
export type AlarmMachineByPoint = Static<typeof Breakdown.AlarmMachineByPoint>;
/** POST /api/alarm/machine/by/type/status: devices with open alarms, each per event type. */
export type AlarmMachineByType = Static<typeof Breakdown.AlarmMachineByType>;
/** One gateway of an area with its devices' alarms per level. */
export type AlarmGatewayCount = Static<typeof Breakdown.AlarmGatewayCount>;
/** GET /api/alarm/area/by/level/{status|hisStatus}/{id}/tree/gw: the area tree with each area's gateways and their devices' alarms. */
export type AlarmAreaGatewayNode = Static<typeof Breakdown.AlarmAreaGatewayNode>;
/** Body of POST /api/pmis/builddevicedetail/applyLog: a device's alarm action log, newest first. */
export type AlarmApplyLogQuery = Static<typeof Breakdown.AlarmApplyLogQuery>;
export type AlarmApplyLogEntry = Static<typeof Breakdown.AlarmApplyLogEntry>;
export type AlarmApplyLog = Static<typeof Breakdown.AlarmApplyLog>;

// ---- alarm rules (alarm/config) ----------------------------------------------------------------

/**
 * A rule evaluated by the platform on every new value of a model parameter (of one device, or of
 * every device of the model): when `expression` holds for the value x, an alarm of `level` is raised
 * with `content` ({device}, {param}, {value} and {unit} filled in), unless the same rule fired on the
 * same device within `banHours`. The raised alarm's release notice is valid for `noticeHours`.
 * From its declaration (shared/contract/alarm-rule.ts).
 */
export type AlarmRule = Static<typeof Rule.AlarmRule>;
export type AlarmRuleSave = Static<typeof Rule.AlarmRuleSave>;
export type AlarmRuleQuery = Static<typeof Rule.AlarmRuleQuery>;
export type AlarmRulePage = Static<typeof Rule.AlarmRulePage>;

/** SPEC §9: release notices are valid and bans last 24 hours unless a rule says otherwise. */
export const RULE_DEFAULT_HOURS = 24;
