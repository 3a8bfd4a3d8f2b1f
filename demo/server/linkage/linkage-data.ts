// Linkage data (linkage.ts's routes, and what the engine reads of scenes): strategy groups,
// strategies, quick scenes, the holiday calendar and the records the engine writes. Every statement
// runs through the tenant accessor (TenantData, `$tenant`).
import type { SQLOutputValue } from 'node:sqlite';
import type { Holiday, LinkAction, LinkAttempt, LinkGroup, LinkLevel, LinkRecord, LinkStrategy, QuickScene, SceneStep } from '../../../shared/api/linkage-types.ts';
import { deleteTenantRows, inList, likePattern, tenantNameKeyword } from '../resource.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

/** A page of a list: how many to read and from where. */
interface Slice {
  limit: number;
  offset: number;
}

// ---- groups ------------------------------------------------------------------------------------

export const groupById = (data: TenantData, id: number): LinkGroup | undefined =>
  data.get<LinkGroup>('SELECT g.id, g.name, g.note, (SELECT COUNT(*) FROM link_strategy s WHERE s.group_id = g.id) AS strategies FROM link_group g WHERE g.tenant_id = $tenant AND g.id = ?', id);

/** The tenant's groups whose name holds `keyword` (when given), by name. */
export function listGroups(data: TenantData, keyword: string | undefined, page: Slice): { rows: LinkGroup[]; total: number } {
  const where = `g.tenant_id = $tenant${keyword ? " AND g.name LIKE ? ESCAPE '\\'" : ''}`;
  const args = keyword ? [likePattern(keyword)] : [];
  const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM link_group g WHERE ${where}`, ...args)!.n;
  const rows = data.all<LinkGroup>(
    `SELECT g.id, g.name, g.note, (SELECT COUNT(*) FROM link_strategy s WHERE s.group_id = g.id) AS strategies FROM link_group g WHERE ${where} ORDER BY g.name LIMIT ? OFFSET ?`,
    ...args,
    page.limit,
    page.offset,
  );
  return { rows, total };
}

/** Whether another of the tenant's groups, strategies or scenes (not `except`) has this name. */
export const nameTaken = (table: 'link_group' | 'link_strategy' | 'quick_scene', data: TenantData, name: string, except = 0): boolean =>
  Boolean(data.get(`SELECT 1 FROM ${table} WHERE tenant_id = $tenant AND name = ? AND id <> ?`, name, except));

export const insertGroup = (data: TenantData, name: string, note: string): number => Number(data.run('INSERT INTO link_group (tenant_id, name, note) VALUES ($tenant, ?, ?)', name, note).lastInsertRowid);

export const updateGroup = (data: TenantData, id: number, name: string, note: string): void => void data.run('UPDATE link_group SET name = ?, note = ? WHERE id = ? AND tenant_id = $tenant', name, note, id);

/** Deletes the tenant's groups among `ids`; answers how many went. */
export const deleteGroups = (data: TenantData, ids: readonly number[]): number => Number(data.run(`DELETE FROM link_group WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids).changes);

// ---- strategies --------------------------------------------------------------------------------

/** A strategy as the API answers it (link_strategy s, its group g and device d). */
const STRATEGY = shape<LinkStrategy>({
  id: col.value('s.id'),
  groupId: col.value('s.group_id'),
  groupName: col.value('g.name'),
  name: col.value('s.name'),
  deviceId: col.value('s.device_id'),
  deviceName: col.value('d.name'),
  expression: col.value('s.expression'),
  hits: col.value('s.hits'),
  level: col.value('s.level'),
  retrySeconds: col.value('s.retry_seconds'),
  periodStart: col.value('s.period_start'),
  periodEnd: col.value('s.period_end'),
  skipHolidays: col.flag('s.skip_holidays'),
  enabled: col.flag('s.enabled'),
  actions: col.json('s.actions'),
  held: col.value('s.held'),
});

const STRATEGY_SELECT = `SELECT ${STRATEGY.select} FROM link_strategy s JOIN link_group g ON g.id = s.group_id JOIN device d ON d.id = s.device_id`;

export const strategyById = (data: TenantData, id: number): LinkStrategy | undefined => {
  const row = data.get(`${STRATEGY_SELECT} WHERE s.tenant_id = $tenant AND s.id = ?`, id);
  return row && STRATEGY.read(row);
};

/** The tenant's strategies (of one group, and whose name or device name holds `keyword`, when given), by group and name. */
export function listStrategies(data: TenantData, q: { groupId?: number | undefined; keyword?: string | undefined }, page: Slice): { rows: LinkStrategy[]; total: number } {
  const { groupId, keyword } = q;
  const where = ['s.tenant_id = $tenant', ...(groupId ? ['s.group_id = ?'] : []), ...(keyword ? ["(s.name LIKE ? ESCAPE '\\' OR d.name LIKE ? ESCAPE '\\')"] : [])].join(' AND ');
  const args = [...(groupId ? [groupId] : []), ...(keyword ? [likePattern(keyword), likePattern(keyword)] : [])];
  const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM link_strategy s JOIN device d ON d.id = s.device_id WHERE ${where}`, ...args)!.n;
  const rows = data.all(`${STRATEGY_SELECT} WHERE ${where} ORDER BY g.name, s.name LIMIT ? OFFSET ?`, ...args, page.limit, page.offset);
  return { rows: STRATEGY.all(rows), total };
}

/** The points of one of the tenant's devices (by its model): code, access and range; null when it is not the tenant's. */
export function devicePoints(data: TenantData, deviceId: number): { name: string; params: Array<{ code: string; access: string; min: string; max: string }> } | null {
  const device = data.get<{ name: string; model_id: number | null }>('SELECT name, model_id FROM device WHERE id = ? AND tenant_id = $tenant', deviceId);
  if (!device) return null;
  const params = device.model_id
    ? data.all<{ code: string; access: string; min: string; max: string }>('SELECT code, access, min, max FROM model_param WHERE tenant_id = $tenant AND model_id = ? ORDER BY id', device.model_id)
    : [];
  return { name: device.name, params };
}

/** A strategy as it is stored (the route has trimmed and checked its values). */
export interface StrategyRow {
  groupId: number;
  name: string;
  deviceId: number;
  expression: string;
  hits: number;
  level: LinkLevel;
  retrySeconds: number;
  periodStart: string;
  periodEnd: string;
  skipHolidays: boolean;
  enabled: boolean;
  actions: LinkAction[];
}

const strategyValues = (s: StrategyRow) => [
  s.groupId,
  s.name,
  s.deviceId,
  s.expression,
  s.hits,
  s.level,
  s.retrySeconds,
  s.periodStart,
  s.periodEnd,
  s.skipHolidays ? 1 : 0,
  s.enabled ? 1 : 0,
  JSON.stringify(s.actions),
];

export const insertStrategy = (data: TenantData, s: StrategyRow, createdBy: number): number =>
  Number(
    data.run(
      `INSERT INTO link_strategy (group_id, name, device_id, expression, hits, level, retry_seconds, period_start, period_end, skip_holidays, enabled, actions, tenant_id, created_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, $tenant, ?)`,
      ...strategyValues(s),
      createdBy,
    ).lastInsertRowid,
  );

/** Saves an edited strategy; it starts counting afresh. */
export const updateStrategy = (data: TenantData, id: number, s: StrategyRow): void =>
  void data.run(
    `UPDATE link_strategy SET group_id = ?, name = ?, device_id = ?, expression = ?, hits = ?, level = ?, retry_seconds = ?, period_start = ?, period_end = ?,
       skip_holidays = ?, enabled = ?, actions = ?, held = 0, armed = 1 WHERE id = ? AND tenant_id = $tenant`,
    ...strategyValues(s),
    id,
  );

/** Switches a strategy on or off; it starts counting afresh. */
export const setStrategyEnabled = (data: TenantData, id: number, enabled: boolean): void =>
  void data.run('UPDATE link_strategy SET enabled = ?, held = 0, armed = 1 WHERE id = ? AND tenant_id = $tenant', enabled ? 1 : 0, id);

/** Deletes the tenant's strategies, all or none: null when any id is not the tenant's. */
export const deleteStrategies = (data: TenantData, ids: readonly number[]): number | null => deleteTenantRows(data, 'link_strategy', ids);

/** Every strategy of the tenant with its actions (which scenes they run). */
export const strategyActions = (data: TenantData): Array<{ name: string; actions: LinkAction[] }> =>
  data.all<{ name: string; actions: string }>('SELECT name, actions FROM link_strategy WHERE tenant_id = $tenant').map((s) => ({ name: s.name, actions: JSON.parse(s.actions) as LinkAction[] }));

// ---- quick scenes ------------------------------------------------------------------------------

const SCENE = shape<QuickScene>({ id: col.value('id'), name: col.value('name'), note: col.value('note'), steps: col.json('steps') });

export const sceneById = (data: TenantData, id: number): QuickScene | undefined => {
  const row = data.get(`SELECT ${SCENE.select} FROM quick_scene WHERE tenant_id = $tenant AND id = ?`, id);
  return row && SCENE.read(row);
};

/** Whether the tenant has this quick scene. */
export const sceneExists = (data: TenantData, id: number): boolean => Boolean(data.get('SELECT 1 FROM quick_scene WHERE id = ? AND tenant_id = $tenant', id));

/** The steps of one of the tenant's quick scenes (it exists). */
export const sceneSteps = (data: TenantData, id: number): SceneStep[] => JSON.parse(data.get<{ steps: string }>('SELECT steps FROM quick_scene WHERE id = ? AND tenant_id = $tenant', id)!.steps) as SceneStep[];

/** One of the tenant's scenes to run: its name and steps (it exists). */
export function sceneToRun(data: TenantData, id: number): { name: string; steps: SceneStep[] } {
  const row = data.get<{ name: string; steps: string }>('SELECT name, steps FROM quick_scene WHERE id = ? AND tenant_id = $tenant', id)!;
  return { name: row.name, steps: JSON.parse(row.steps) as SceneStep[] };
}

/** The tenant's scenes whose name holds `keyword` (when given), by name. */
export function listScenes(data: TenantData, keyword: string | undefined, page: Slice): { rows: QuickScene[]; total: number } {
  const { where, args } = tenantNameKeyword(keyword);
  const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM quick_scene WHERE ${where}`, ...args)!.n;
  const rows = data.all(`SELECT ${SCENE.select} FROM quick_scene WHERE ${where} ORDER BY name LIMIT ? OFFSET ?`, ...args, page.limit, page.offset);
  return { rows: SCENE.all(rows), total };
}

export const insertScene = (data: TenantData, name: string, note: string, steps: readonly SceneStep[]): number =>
  Number(data.run('INSERT INTO quick_scene (tenant_id, name, note, steps) VALUES ($tenant, ?, ?, ?)', name, note, JSON.stringify(steps)).lastInsertRowid);

export const updateScene = (data: TenantData, id: number, name: string, note: string, steps: readonly SceneStep[]): void =>
  void data.run('UPDATE quick_scene SET name = ?, note = ?, steps = ? WHERE id = ? AND tenant_id = $tenant', name, note, JSON.stringify(steps), id);

/** Deletes the tenant's scenes among `ids`; answers how many went. */
export const deleteScenes = (data: TenantData, ids: readonly number[]): number => Number(data.run(`DELETE FROM quick_scene WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids).changes);

// ---- holidays ----------------------------------------------------------------------------------

/** The tenant's calendar days of one year, in order. */
export const holidaysOf = (data: TenantData, year: number | string): Holiday[] => data.all<Holiday>('SELECT day, kind, name FROM holiday WHERE tenant_id = $tenant AND day LIKE ? ORDER BY day', `${year}-%`);

/** Sets one day of the tenant's calendar ('' kind: an ordinary day again). */
export const putHoliday = (data: TenantData, day: string, kind: Holiday['kind'] | '', name: string): void => {
  if (kind === '') data.run('DELETE FROM holiday WHERE tenant_id = $tenant AND day = ?', day);
  else data.run('INSERT INTO holiday (tenant_id, day, kind, name) VALUES ($tenant, ?, ?, ?) ON CONFLICT (tenant_id, day) DO UPDATE SET kind = excluded.kind, name = excluded.name', day, kind, name);
};

/** Sets many days in one transaction: all of them, or none. */
export const putHolidays = (data: TenantData, days: ReadonlyArray<readonly [string, Holiday['kind'], string]>): void =>
  data.tx(() => {
    for (const [day, kind, name] of days) putHoliday(data, day, kind, name);
  });

/** Whether a day (YYYY-MM-DD) is a holiday of the tenant's calendar. */
export const isHoliday = (data: TenantData, day: string): boolean => Boolean(data.get("SELECT 1 FROM holiday WHERE tenant_id = $tenant AND day = ? AND kind = 'holiday'", day));

// ---- records -----------------------------------------------------------------------------------

/** A firing as the API answers it (link_record), before its attempts are added. */
const RECORD = shape<Omit<LinkRecord, 'attempts'>>({
  id: col.value('id'),
  strategyId: col.value('strategy_id'),
  strategyName: col.value('strategy_name'),
  deviceId: col.value('device_id'),
  deviceName: col.value('device_name'),
  firedAt: col.time('fired_at'),
  values: col.json('source_values'),
  result: col.value('result'),
  note: col.value('loc(note_zh, note_en)'),
});

/** One try of one action of a firing (link_attempt). */
const ATTEMPT = shape<LinkAttempt>({
  action: col.value('action'),
  label: col.value('loc(label_zh, label_en)'),
  attempt: col.value('attempt'),
  at: col.time('at'),
  ok: col.flag('ok'),
  message: col.value('loc(message_zh, message_en)'),
});

/** The attempts of these records, by record, in one query. */
function attemptsOf(data: TenantData, ids: readonly number[]): Map<number, LinkAttempt[]> {
  const out = new Map<number, LinkAttempt[]>();
  if (ids.length === 0) return out;
  // The tenant's records' attempts (link_attempt has no tenant of its own: it follows its record).
  const rows = data.all(
    `SELECT ${ATTEMPT.select}, record_id FROM link_attempt WHERE record_id IN (SELECT id FROM link_record WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})) ORDER BY id`,
    ...ids,
  );
  for (const row of rows) {
    const id = Number(row.record_id);
    const list = out.get(id) ?? [];
    list.push(ATTEMPT.read(row));
    out.set(id, list);
  }
  return out;
}

/** Records as answered, each with its attempts. */
function recordsOf(data: TenantData, rows: ReadonlyArray<Record<string, SQLOutputValue>>): LinkRecord[] {
  const records = RECORD.all(rows);
  const attempts = attemptsOf(data, records.map((r) => r.id));
  return records.map((r) => ({ ...r, attempts: attempts.get(r.id) ?? [] }));
}

/** Which firings a record page shows: each given value narrows it; fired in [from, to], or since `since`. */
export interface RecordFilter {
  strategyId?: number | undefined;
  deviceId?: number | undefined;
  result?: string | undefined;
  window: { from: number; to: number } | { since: number };
}

/** The tenant's firings the filter matches, newest first, each with its attempts. */
export function listRecords(data: TenantData, f: RecordFilter, page: Slice): { rows: LinkRecord[]; total: number } {
  const where = ['tenant_id = $tenant'];
  const args: Array<string | number> = [];
  const add = (clause: string, ...values: Array<string | number>) => {
    where.push(clause);
    args.push(...values);
  };
  if (f.strategyId) add('strategy_id = ?', f.strategyId);
  if (f.deviceId) add('device_id = ?', f.deviceId);
  if (f.result) add('result = ?', f.result);
  if ('since' in f.window) add('fired_at >= ?', f.window.since);
  else add('fired_at BETWEEN ? AND ?', f.window.from, f.window.to);
  const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM link_record WHERE ${where.join(' AND ')}`, ...args)!.n;
  const rows = data.all(`SELECT ${RECORD.select} FROM link_record WHERE ${where.join(' AND ')} ORDER BY fired_at DESC, id DESC LIMIT ? OFFSET ?`, ...args, page.limit, page.offset);
  return { rows: recordsOf(data, rows), total };
}

/** One of the tenant's firings with its attempts. */
export function recordById(data: TenantData, id: number): LinkRecord | undefined {
  const row = data.get(`SELECT ${RECORD.select} FROM link_record WHERE tenant_id = $tenant AND id = ?`, id);
  return row ? recordsOf(data, [row])[0]! : undefined;
}
