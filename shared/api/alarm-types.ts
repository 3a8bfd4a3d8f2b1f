// Alarm request and response shapes shared by the front end and the demo platform (SPEC §3 alarm,
// §4 alarm states and levels, §7 "Alarm").

export const ALARM_LEVELS = ['critical', 'warning', 'reminder', 'normal'] as const;
export type AlarmLevel = (typeof ALARM_LEVELS)[number];

/** The confirmation state: to be confirmed, confirmed, closed. */
export const ALARM_STATUSES = ['toBeConfirmed', 'confirmed', 'closed'] as const;
export type AlarmStatus = (typeof ALARM_STATUSES)[number];

export const ALARM_HANDLE_STATUSES = ['unhandled', 'handling', 'handled'] as const;
export type AlarmHandleStatus = (typeof ALARM_HANDLE_STATUSES)[number];

export interface Alarm {
  id: number;
  deviceCode: string;
  deviceName: string;
  modelId: number | null;
  level: AlarmLevel;
  status: AlarmStatus;
  handleStatus: AlarmHandleStatus;
  content: string;
  /** YYYY-MM-DD HH:mm:ss */
  time: string;
  handler: string;
  handleTime: string;
  handleNote: string;
  confirmer: string;
  confirmTime: string;
  /** The event type's id, null when the alarm has none. */
  eventTypeId: number | null;
  /** Event type name ('' when none). */
  eventTypeName: string;
  /** The device's area path, top first ('Tower A / Floor 3'), '' when the device has no area. */
  areaPath: string;
}

/** GET /api/alarm/total/tenant: what the bell shows. */
export interface AlarmTotal {
  /** Unhandled alarms of the caller's tenant (exact; the client caps what it shows). */
  total: number;
  /** Id of the newest alarm of the tenant, 0 when there is none: a rise means a new alarm. */
  latestId: number;
  /** The newest alarm, for a desktop notification; null when there is none. */
  latest: Pick<Alarm, 'id' | 'level' | 'content' | 'deviceName' | 'time'> | null;
}

/** GET /api/alarm query (all optional). Times are YYYY-MM-DD HH:mm:ss; the window is at most 3 months. */
export interface AlarmQuery {
  page?: number;
  limit?: number;
  level?: AlarmLevel;
  status?: AlarmStatus;
  handleStatus?: AlarmHandleStatus;
  deviceCode?: string;
  modelId?: number;
  keyword?: string;
  eventTypeId?: number;
  /** The alarms of the devices in this area and the areas below it. */
  areaGuid?: string;
  startTime?: string;
  endTime?: string;
}

/** A page of a list; `total` follows the SPEC §9 markers (exact, -1 none, -2 other). */
export interface AlarmPage {
  total: number;
  rows: Alarm[];
}

/** POST /api/alarm/handle */
export interface AlarmHandle {
  ids: number[];
  /** 'handling' takes an alarm in hand; 'handled' finishes it. */
  handleStatus: Extract<AlarmHandleStatus, 'handling' | 'handled'>;
  note?: string;
}

/**
 * POST /api/alarm/handle/all: every unhandled or handling alarm the filters match (the list's own
 * filters, within the 3-month window). Up to HANDLE_ALL_INLINE alarms are handled at once and the
 * answer says how many; more run as a background task whose key the answer carries.
 */
export interface AlarmHandleAll extends Omit<AlarmQuery, 'page' | 'limit' | 'handleStatus'> {
  note?: string;
}

export const HANDLE_ALL_INLINE = 1000;

/** What handle-all did: handled at once (`changed`), or started as a task (`task` holds its key). */
export interface AlarmHandleAllResult {
  changed: number;
  task: string | null;
}

/** One entry of an alarm's history of actions (GET /api/alarm/{id}/actions), oldest first. */
export interface AlarmAction {
  action: 'raised' | 'handling' | 'handled' | 'confirmed' | 'closed';
  user: string;
  /** YYYY-MM-DD HH:mm:ss */
  time: string;
  note: string;
}

/** An event type (alarm/event-type): the original event number is a positive whole number. */
export interface AlarmEventType {
  id: number;
  number: number;
  name: string;
  description: string;
}

export interface AlarmEventTypeSave {
  number: number;
  name: string;
  description?: string;
}

export interface AlarmEventTypePage {
  rows: AlarmEventType[];
  total: number;
}

export interface AlarmEventTypeQuery {
  page: number;
  limit: number;
  keyword?: string;
}

/** POST /api/alarm/confirm */
export interface AlarmConfirm {
  ids: number[];
  /** 'confirmed' (default) or 'closed'. */
  status?: Extract<AlarmStatus, 'confirmed' | 'closed'>;
}

/** How many alarms an action changed. */
export interface AlarmChanged {
  changed: number;
}

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
