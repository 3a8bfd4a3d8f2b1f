// Cameras and play requests (SPEC §7 "Video", §4 play types, §9 pan-tilt), plus the camera data
// groups (type 7) they live in. Play requests issue short-lived play codes that the media server
// (demo/media, its own port) checks; every query is scoped by the caller's tenant.
import { mkdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { currentMediaServer, playCodes } from '../../media/index.ts';
import type {
  RecordDay,
  Camera,
  CameraCreate,
  CameraDelete,
  CameraGroupMove,
  CameraList,
  CameraUpdate,
  PlayCodeRef,
  PlayRequest,
  PlayStream,
  PtzCommandRecord,
  PtzResult,
} from '../../../shared/api/video-types.ts';
import { CAMERA_GROUP_TYPE, CAMERA_LIST_MAX_LIMIT, PTZ_RUN_TIME_MS } from '../../../shared/api/video-types.ts';
import type { Db, Migration } from '../db.ts';
import { tx } from '../db.ts';
import { canManageCameras, canSeeCameras, holds } from '../camera-rights.ts';
import { checkBody, fail, failField, ok, requireCheck, requireUser, rule, userOf, validBody, type Schema } from '../http.ts';
import { langOf, type Lang } from '../messages.ts';
import type { SessionUser } from '../context.ts';
import { visibleGroups } from '../data-scope.ts';
import { sourceProblem } from '../security.ts';
import { runningCount, startTask, formatTime } from '../tasks.ts';
import { dayKey, dayStartOf, KEEP_DAYS, migrations as recordingMigrations, segmentsBetween, segmentsOfDay } from '../recordings.ts';
import { isReplayRate, MAX_CLIP_MS, playableSpans, spansLength } from '../../../shared/media/recording.ts';
import { renderClipFile } from '../../media/clip-file.ts';
import { clipFor } from '../../media/clip.ts';
import { hasFfmpeg } from '../../media/producers.ts';
import { randomBytes } from 'node:crypto';
import type { ProgressKey } from '../../../shared/api/progress-types.ts';

const MAX_ID = 2 ** 31 - 1;
const MAX_BATCH = 1000;
const MAX_REPLAY_MS = 31 * 24 * 3600_000;
const CLIP_COUNT = 8;
const MAX_RUNNING_EXPORTS = 3;

const CSV_HEADER = ['id', 'name', 'label', 'group', 'address', 'resolution', 'tags', 'disableYunControl'].join(',');

function csvCell(v: unknown): string {
  const text = String(v ?? '');
  // A leading = + - @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (r: Camera): string =>
  [r.id, r.name, r.label, r.groupPath, r.address, r.resolution, r.tags.join(' '), r.params.disableYunControl].map(csvCell).join(',');

const TEXTS = {
  noDevice: { zh: '无设备编码或设备ID', en: 'No device code or device id' },
  noPermission: { zh: '没有功能权限', en: 'no function permission' },
  noPtz: { zh: '该摄像机不支持云台控制', en: 'this camera has no pan-tilt control' },
  badTime: { zh: '时间格式应为 YYYY-MM-DD HH:mm:ss', en: 'times must be YYYY-MM-DD HH:mm:ss' },
  badRange: { zh: '开始时间必须早于结束时间，且不能晚于今天', en: 'the start must be before the end, and neither after today' },
  rangeTooLong: { zh: '回放时间段不能超过 31 天', en: 'a replay period cannot exceed 31 days' },
  codeExpired: { zh: '播放码已失效，请重新请求', en: 'the play code has expired, request the stream again' },
  noGroup: { zh: '分组不存在', en: 'no such group' },
  labelTaken: { zh: '设备编码已存在', en: 'The same name already exists.' },
  batchPattern: { zh: '批量创建时名称和编码须包含 %d', en: 'a batch needs %d in the name and the code' },
  mediaHook: { zh: '媒体服务器未运行', en: 'the media server is not running' },
  exportTitle: { zh: '导出摄像机列表', en: 'Export camera list' },
  tooManyTasks: { zh: '同时运行的导出任务过多，请稍后再试', en: 'too many exports are running, try again later' },
  noExport: { zh: '导出文件不存在或尚未完成', en: 'the export does not exist or has not finished' },
  clipTooLong: { zh: '录像片段最长 30 分钟', en: 'a clip can be at most 30 minutes long' },
  clipTitle: { zh: '下载录像片段', en: 'Download a recording clip' },
  noEncoder: { zh: '平台未安装 ffmpeg，无法生成录像片段', en: 'the platform has no ffmpeg to make clips with' },
  noRecording: { zh: '该时间段内没有录像', en: 'there is no recording in this period' },
  badRate: { zh: '回放倍速只能为 0.5、1、2、4 或 8', en: 'the replay speed must be 0.5, 1, 2, 4 or 8' },
  badDay: { zh: '日期格式应为 YYYY-MM-DD，且不能晚于今天', en: 'days must be YYYY-MM-DD and not after today' },
  dayTooOld: { zh: `录像只保留 ${KEEP_DAYS} 天`, en: `recordings are kept for ${KEEP_DAYS} days` },
  daysTooMany: { zh: '一次最多查询 31 天的录像', en: 'ask for at most 31 days of recordings at once' },
  sourceScheme: { zh: '视频源地址须为 rtsp、rtmp 或 http(s) 流地址', en: 'the source must be an rtsp, rtmp or http(s) stream URL' },
  sourceHost: { zh: '视频源地址缺少主机', en: 'the source URL has no host' },
  sourcePrivate: { zh: '视频源指向本机或内网地址，平台未允许该网络（ATRIUM_CAMERA_NETWORKS）', en: 'the source points to a local or private address whose network the platform does not allow (ATRIUM_CAMERA_NETWORKS)' },
} as const satisfies Record<string, Record<Lang, string>>;

const say = (request: FastifyRequest, key: keyof typeof TEXTS): string => TEXTS[key][langOf(request)];

export const migrations: Migration[] = [
  {
    id: 'video/001-cameras',
    sql: `
      CREATE TABLE data_group (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenant(id),
        parent_id INTEGER REFERENCES data_group(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        type INTEGER NOT NULL,
        sort INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX data_group_tenant ON data_group(tenant_id, type);
      CREATE TABLE camera (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenant(id),
        data_group_id INTEGER REFERENCES data_group(id) ON DELETE SET NULL,
        name TEXT NOT NULL,
        label TEXT NOT NULL,
        address TEXT NOT NULL DEFAULT '',
        resolution TEXT NOT NULL DEFAULT '',
        tags TEXT NOT NULL DEFAULT '',
        source_url TEXT NOT NULL DEFAULT '',
        disable_yun_control INTEGER NOT NULL DEFAULT 0,
        clip INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        UNIQUE (tenant_id, label)
      );
      CREATE INDEX camera_group ON camera(tenant_id, data_group_id);
      CREATE TABLE ptz_command (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenant(id),
        camera_id INTEGER NOT NULL REFERENCES camera(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        action INTEGER NOT NULL,
        start INTEGER NOT NULL,
        speed INTEGER NOT NULL,
        run_time INTEGER NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE INDEX ptz_command_camera ON ptz_command(tenant_id, camera_id, at);
    `,
  },
  ...recordingMigrations,
];

interface SeedGroup {
  name: string;
  children?: Array<{ name: string; cameras: Array<[name: string, ptz: boolean]> }>;
}

const TENANT1: SeedGroup[] = [
  {
    name: 'Tower A',
    children: [
      { name: 'Lobby', cameras: [['Main entrance', true], ['Reception', true], ['Lift hall', false], ['Revolving door', false], ['Visitor desk', true], ['Atrium balcony', true]] },
      { name: 'Parking B1', cameras: [['Ramp in', true], ['Ramp out', true], ['Row A', false], ['Row B', false], ['Row C', false], ['EV chargers', true], ['Pay station', false], ['Stairwell B1', false]] },
      { name: 'Office floors', cameras: [['Floor 3 corridor', false], ['Floor 5 corridor', false], ['Floor 7 corridor', false], ['Floor 9 corridor', false], ['Server room', true], ['Print room', false]] },
    ],
  },
  {
    name: 'Tower B',
    children: [
      { name: 'Lobby', cameras: [['Main entrance', true], ['Security desk', true], ['Lift hall', false], ['Mail room', false]] },
      { name: 'Roof', cameras: [['Helipad', true], ['Chillers', true], ['Water tanks', false], ['Antenna mast', true]] },
      { name: 'Plant rooms', cameras: [['Boiler room', false], ['Switchgear', false], ['Generator', true], ['Pump room', false]] },
    ],
  },
  {
    name: 'Campus',
    children: [
      { name: 'Perimeter', cameras: [['North gate', true], ['South gate', true], ['East fence', true], ['West fence', true], ['Loading bay', true], ['Bike shed', false]] },
      { name: 'Gardens', cameras: [['Fountain', true], ['Playground', true], ['Cafe terrace', false], ['Footbridge', true]] },
      { name: 'Warehouse', cameras: [['Dock 1', true], ['Dock 2', true], ['Aisle 1', false], ['Aisle 2', false]] },
    ],
  },
];

const TENANT2: SeedGroup[] = [
  { name: 'Head office', children: [{ name: 'Ground floor', cameras: [['Entrance', true], ['Reception', false], ['Car park', true], ['Back door', false]] }] },
];

function seedTenant(db: Db, tenantId: number, groups: SeedGroup[], prefix: string): void {
  const group = db.prepare('INSERT INTO data_group (tenant_id, parent_id, name, type, sort) VALUES (?, ?, ?, ?, ?)');
  const camera = db.prepare(
    `INSERT INTO camera (tenant_id, data_group_id, name, label, address, resolution, tags, disable_yun_control, clip, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let n = 0;
  groups.forEach((top, i) => {
    const topId = Number(group.run(tenantId, null, top.name, CAMERA_GROUP_TYPE, i).lastInsertRowid);
    top.children?.forEach((child, j) => {
      const childId = Number(group.run(tenantId, topId, child.name, CAMERA_GROUP_TYPE, j).lastInsertRowid);
      for (const [name, ptz] of child.cameras) {
        n += 1;
        const label = `${prefix}${String(n).padStart(3, '0')}`;
        const tags = [top.name, ptz ? 'PTZ' : 'Fixed'].join(',');
        camera.run(tenantId, childId, `${top.name} ${child.name} ${name}`, label, `192.168.${10 + i}.${100 + n}:554`, '1920x1080', tags, ptz ? 0 : 1, n, Date.now());
      }
    });
  });
}

export function seed(db: Db): void {
  const has = db.prepare('SELECT COUNT(*) AS n FROM data_group').get() as { n: number };
  if (has.n > 0) return;
  const tenants = db.prepare('SELECT id FROM tenant ORDER BY id').all() as Array<{ id: number }>;
  tx(db, () => {
    if (tenants[0]) seedTenant(db, tenants[0].id, TENANT1, 'CAM-');
    if (tenants[1]) seedTenant(db, tenants[1].id, TENANT2, 'ST-CAM-');
  });
}

// ---- helpers ----------------------------------------------------------------------------------

interface CameraRow {
  id: number;
  tenant_id: number;
  data_group_id: number | null;
  name: string;
  label: string;
  address: string;
  resolution: string;
  tags: string;
  source_url: string;
  disable_yun_control: number;
  clip: number;
  group_name: string | null;
  parent_name: string | null;
}

const toCamera = (row: CameraRow): Camera => ({
  id: row.id,
  name: row.name,
  label: row.label,
  data_group_Id: row.data_group_id,
  dataGroupName: row.group_name ?? '',
  groupPath: [row.parent_name, row.group_name].filter(Boolean).join(' / '),
  params: { disableYunControl: row.disable_yun_control === 1 },
  address: row.address,
  resolution: row.resolution,
  tags: row.tags ? row.tags.split(',') : [],
  sourceUrl: row.source_url,
});

/** Query strings carry text; numeric and boolean fields are converted before the shared rules run. */
function numberish(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
}

const TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** 'YYYY-MM-DD HH:mm:ss' in the server's local time → ms, or null when malformed. */
export function parseTime(text: string): number | null {
  const m = TIME.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, s);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d || date.getHours() !== h || date.getMinutes() !== mi) return null;
  return date.getTime();
}

/** Replay window: the asked range, or today 00:00:00–23:59:59 when none is given (SPEC §4). */
export function replayRange(startTime: string | undefined, endTime: string | undefined, now = new Date()): { startMs: number; endMs: number } | 'badTime' | 'badRange' | 'rangeTooLong' {
  const dayStart = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const dayEnd = dayStart + 24 * 3600_000 - 1000;
  const startMs = startTime ? parseTime(startTime) : dayStart;
  const endMs = endTime ? parseTime(endTime) : dayEnd;
  if (startMs === null || endMs === null) return 'badTime';
  // Nothing after today exists yet (the picker blocks those dates too).
  if (startMs >= endMs || startMs > dayEnd || endMs > dayEnd) return 'badRange';
  if (endMs - startMs > MAX_REPLAY_MS) return 'rangeTooLong';
  return { startMs, endMs };
}


/** Where players reach the media server: the host the API was called on, at the media port. */
function mediaOrigin(request: FastifyRequest): { http: string; ws: string } {
  const port = currentMediaServer()?.port ?? request.server.atrium.config.mediaPort ?? 8081;
  const host = request.hostname.includes(':') && !request.hostname.startsWith('[') ? `[${request.hostname}]` : request.hostname;
  const secure = request.protocol === 'https';
  return { http: `${secure ? 'https' : 'http'}://${host}:${port}`, ws: `${secure ? 'wss' : 'ws'}://${host}:${port}` };
}

// ---- routes -----------------------------------------------------------------------------------

const BASE = '/api/cctv/video/client';

interface ListQuery {
  page?: number;
  limit?: number;
  /** One camera by id (the player naming the camera it was given). */
  id?: number;
  dataGroupId?: number;
  label?: string;
  name?: string;
  /** One tag the camera must carry (exact, case-sensitive). */
  tag?: string;
  exact?: string | boolean | number;
}

const plugin: FastifyPluginAsync = async (app) => {
  const { db, config } = app.atrium;
  const SELECT = `SELECT c.*, g.name AS group_name, p.name AS parent_name FROM camera c
    LEFT JOIN data_group g ON g.id = c.data_group_id LEFT JOIN data_group p ON p.id = g.parent_id`;
  const byId = db.prepare(`${SELECT} WHERE c.id = ? AND c.tenant_id = ?`);
  const groupOf = db.prepare('SELECT id FROM data_group WHERE id = ? AND tenant_id = ? AND type = ?');
  const subgroups = db.prepare(
    `WITH RECURSIVE tree(id) AS (SELECT id FROM data_group WHERE id = ? AND tenant_id = ?
       UNION ALL SELECT d.id FROM data_group d JOIN tree ON d.parent_id = tree.id)
     SELECT id FROM tree`,
  );
  const recordPtz = db.prepare('INSERT INTO ptz_command (tenant_id, camera_id, user_id, action, start, speed, run_time, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');

  /** A camera of the caller's tenant inside their data authority, or null (not revealing it exists). */
  const findCamera = (request: FastifyRequest, id: number): CameraRow | null => {
    const user = userOf(request);
    const row = (byId.get(id, user.tenantId) as unknown as CameraRow | undefined) ?? null;
    const scope = row ? visibleGroups(db, user, CAMERA_GROUP_TYPE) : null;
    return row && scope && (row.data_group_id === null || !scope.has(row.data_group_id)) ? null : row;
  };

  function filterSql(user: SessionUser, q: ListQuery): { where: string; args: Array<string | number> } {
    const clauses = ['c.tenant_id = ?'];
    const args: Array<string | number> = [user.tenantId];
    const scope = visibleGroups(db, user, CAMERA_GROUP_TYPE);
    if (scope) {
      clauses.push(`c.data_group_id IN (${[...scope].map(() => '?').join(',') || 'NULL'})`);
      args.push(...scope);
    }
    if (q.id) {
      clauses.push('c.id = ?');
      args.push(q.id);
    }
    if (q.dataGroupId) {
      const ids = (subgroups.all(q.dataGroupId, user.tenantId) as Array<{ id: number }>).map((r) => r.id);
      clauses.push(`c.data_group_id IN (${ids.length ? ids.map(() => '?').join(',') : 'NULL'})`);
      args.push(...ids);
    }
    const exact = q.exact === true || q.exact === 'true' || q.exact === 1 || q.exact === '1';
    for (const [column, value] of [['c.label', q.label], ['c.name', q.name]] as const) {
      if (!value) continue;
      if (exact) {
        clauses.push(`${column} = ?`);
        args.push(value);
      } else {
        clauses.push(`${column} LIKE ? ESCAPE '\\'`);
        args.push(`%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      }
    }
    if (typeof q.tag === 'string' && q.tag !== '') {
      // Tags are stored comma-joined (commas inside a tag are replaced on write), so one tag is a
      // whole item of ','||tags||','.
      clauses.push("(',' || c.tags || ',') LIKE ? ESCAPE '\\'");
      args.push(`%,${q.tag.replace(/[\\%_]/g, (c) => `\\${c}`)},%`);
    }
    return { where: clauses.join(' AND '), args };
  }

  const listSchema: Schema<ListQuery> = {
    page: [rule.int(1, 1_000_000)],
    id: [rule.int(1, MAX_ID)],
    limit: [rule.int(1, CAMERA_LIST_MAX_LIMIT)],
    dataGroupId: [rule.int(1, MAX_ID)],
    label: [rule.text(1, 64)],
    name: [rule.text(1, 64)],
    tag: [rule.text(1, 64)],
    exact: [rule.oneOf(true, false, 'true', 'false', 0, 1)],
  };

  app.get<{ Querystring: Record<string, string> }>(`${BASE}/getCameraList`, { preHandler: requireCheck(canSeeCameras) }, async (request) => {
    const q = Object.fromEntries(Object.entries(request.query).map(([k, v]) => [k, k === 'label' || k === 'name' || k === 'tag' ? v : numberish(v)])) as ListQuery;
    const problem = checkBody(request, q, listSchema);
    if (problem) return fail(problem);
    const user = userOf(request);
    const page = q.page ?? 1;
    const limit = q.limit ?? 10;
    const { where, args } = filterSql(user, q);
    const total = (db.prepare(`SELECT COUNT(*) AS n FROM camera c WHERE ${where}`).get(...args) as { n: number }).n;
    const rows = db.prepare(`${SELECT} WHERE ${where} ORDER BY c.id LIMIT ? OFFSET ?`).all(...args, limit, (page - 1) * limit) as unknown as CameraRow[];
    return ok<CameraList>({ rows: rows.map(toCamera), total });
  });

  app.get(`${BASE}/tags`, { preHandler: requireCheck(canSeeCameras) }, async (request) => {
    const rows = db.prepare('SELECT tags FROM camera WHERE tenant_id = ?').all(userOf(request).tenantId) as Array<{ tags: string }>;
    const tags = new Set<string>();
    for (const r of rows) for (const t of r.tags.split(',')) if (t) tags.add(t);
    return ok([...tags].sort());
  });

  const cameraFields: Schema<Omit<CameraCreate, 'params' | 'tags'>> = {
    name: [rule.required, rule.text(1, 64)],
    label: [rule.required, rule.text(1, 64), (v) => (typeof v === 'string' && /[{}[\]^]/.test(v) ? { key: 'validate.oneOf' } : null)],
    dataGroupId: [rule.required, rule.int(1, MAX_ID)],
    address: [rule.text(0, 128)],
    resolution: [rule.text(0, 32)],
    sourceUrl: [rule.text(0, 1024)],
    count: [rule.int(1, MAX_BATCH)],
  };

  const tagText = (tags: unknown): string => (Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string' && t.trim() !== '').map((t) => t.trim().replace(/,/g, ' ')).join(',') : '');

  /** Why a camera source may not be relayed (a refusal naming the field), or null. */
  const badSource = (request: FastifyRequest, url: string | undefined) => {
    if (!url) return null;
    const problem = sourceProblem(url, config.cameraNetworks);
    if (!problem) return null;
    return failField(say(request, problem === 'scheme' ? 'sourceScheme' : problem === 'host' ? 'sourceHost' : 'sourcePrivate'), 'sourceUrl');
  };

  app.post<{ Body: CameraCreate }>(`${BASE}/setCamera`, { preHandler: [requireCheck(canManageCameras), validBody(cameraFields)] }, async (request) => {
    const user = userOf(request);
    const body = request.body;
    const refused = badSource(request, body.sourceUrl);
    if (refused) return refused;
    if (!groupOf.get(body.dataGroupId, user.tenantId, CAMERA_GROUP_TYPE)) return fail(say(request, 'noGroup'));
    const count = body.count ?? 1;
    if (count > 1 && (!body.name.includes('%d') || !body.label.includes('%d'))) return fail(say(request, 'batchPattern'));
    const insert = db.prepare(
      `INSERT INTO camera (tenant_id, data_group_id, name, label, address, resolution, tags, source_url, disable_yun_control, clip, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const maxId = (db.prepare('SELECT COALESCE(MAX(id), 0) AS n FROM camera').get() as { n: number }).n;
    try {
      const ids = tx(db, () =>
        Array.from({ length: count }, (_, i) => {
          const fill = (text: string) => (count > 1 ? text.replace(/%d/g, String(i + 1)) : text);
          return Number(
            insert.run(user.tenantId, body.dataGroupId, fill(body.name), fill(body.label), body.address ?? '', body.resolution ?? '', tagText(body.tags),
              body.sourceUrl ?? '', body.params?.disableYunControl ? 1 : 0, ((maxId + i) % CLIP_COUNT) + 1, Date.now()).lastInsertRowid,
          );
        }),
      );
      return ok(count === 1 ? toCamera(findCamera(request, ids[0]!)!) : { ids });
    } catch (error) {
      if (error instanceof Error && /UNIQUE/.test(error.message)) return fail(say(request, 'labelTaken'));
      throw error;
    }
  });

  app.put<{ Body: CameraUpdate }>(
    `${BASE}/updateCamera`,
    {
      preHandler: [
        requireCheck(canManageCameras),
        validBody<CameraUpdate>({
          id: [rule.required, rule.int(1, MAX_ID)],
          name: [rule.text(1, 64)],
          label: cameraFields.label.slice(1),
          dataGroupId: [rule.int(1, MAX_ID)],
          address: cameraFields.address,
          resolution: cameraFields.resolution,
          sourceUrl: cameraFields.sourceUrl,
          tags: [],
          params: [],
        }),
      ],
    },
    async (request) => {
      const user = userOf(request);
      const body = request.body;
      const row = findCamera(request, body.id);
      if (!row) return fail(say(request, 'noDevice'));
      const refused = badSource(request, body.sourceUrl);
      if (refused) return refused;
      if (body.dataGroupId && !groupOf.get(body.dataGroupId, user.tenantId, CAMERA_GROUP_TYPE)) return fail(say(request, 'noGroup'));
      try {
        db.prepare(
          `UPDATE camera SET name = ?, label = ?, data_group_id = ?, address = ?, resolution = ?, tags = ?, source_url = ?, disable_yun_control = ?
           WHERE id = ? AND tenant_id = ?`,
        ).run(
          body.name ?? row.name, body.label ?? row.label, body.dataGroupId ?? row.data_group_id, body.address ?? row.address,
          body.resolution ?? row.resolution, body.tags ? tagText(body.tags) : row.tags, body.sourceUrl ?? row.source_url,
          body.params?.disableYunControl === undefined ? row.disable_yun_control : body.params.disableYunControl ? 1 : 0, row.id, user.tenantId,
        );
      } catch (error) {
        if (error instanceof Error && /UNIQUE/.test(error.message)) return fail(say(request, 'labelTaken'));
        throw error;
      }
      return ok(toCamera(findCamera(request, row.id)!));
    },
  );

  app.delete<{ Body: CameraDelete | undefined; Querystring: { id?: string } }>(`${BASE}/deleteCamera`, { preHandler: requireCheck(canManageCameras) }, async (request) => {
    const user = userOf(request);
    const ids = [...(request.body?.ids ?? []), request.body?.id, numberish(request.query.id)].filter(
      (v): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0,
    );
    if (ids.length === 0) return fail(checkBody(request, {}, { id: [rule.required] }) ?? say(request, 'noDevice'));
    const del = db.prepare('DELETE FROM camera WHERE id = ? AND tenant_id = ?');
    const deleted = tx(db, () => ids.reduce((n, id) => n + Number(del.run(id, user.tenantId).changes), 0));
    return ok({ deleted });
  });

  app.post<{ Params: { id: string }; Body: CameraGroupMove }>(
    `${BASE}/update/group/:id`,
    { preHandler: [requireCheck(canManageCameras), validBody<CameraGroupMove>({ ids: [rule.required, (v) => (Array.isArray(v) && v.length <= MAX_BATCH && v.every((x) => Number.isInteger(x)) ? null : { key: 'validate.oneOf' })] })] },
    async (request) => {
      const user = userOf(request);
      const groupId = Number(request.params.id);
      if (!Number.isInteger(groupId) || !groupOf.get(groupId, user.tenantId, CAMERA_GROUP_TYPE)) return fail(say(request, 'noGroup'));
      const move = db.prepare('UPDATE camera SET data_group_id = ? WHERE id = ? AND tenant_id = ?');
      const moved = tx(db, () => request.body.ids.reduce((n, id) => n + Number(move.run(groupId, id, user.tenantId).changes), 0));
      return ok({ moved });
    },
  );

  // Export runs as a background task (the progress panel shows it); the finished file is fetched
  // with GET export/file?hashKey=… by the user who started it.
  const exportDir = join(config.dataDir, 'exports');
  const exportFile = (tenantId: number, hashKey: string) => join(exportDir, `cameras-${tenantId}-${hashKey}.csv`);

  app.post<{ Body: ListQuery | undefined }>(`${BASE}/export`, { preHandler: requireCheck(canSeeCameras) }, async (request) => {
    const user = userOf(request);
    if (runningCount(db, user.tenantId, user.id) >= MAX_RUNNING_EXPORTS) return fail(say(request, 'tooManyTasks'));
    const { where, args } = filterSql(user, request.body ?? {});
    const total = (db.prepare(`SELECT COUNT(*) AS n FROM camera c WHERE ${where}`).get(...args) as { n: number }).n;
    let target = '';
    const key = startTask(
      db,
      user.tenantId,
      user.id,
      TEXTS.exportTitle[langOf(request)],
      async (report, signal) => {
        const rows = db.prepare(`${SELECT} WHERE ${where} ORDER BY c.id`).all(...args) as unknown as CameraRow[];
        const lines = [CSV_HEADER];
        for (let i = 0; i < rows.length; i++) {
          if (signal.aborted) return;
          lines.push(csvLine(toCamera(rows[i]!)));
          if (i % 500 === 499) {
            report({ current: i + 1, total: rows.length });
            // Yield between chunks: a 20000-row export must not stall every other request.
            await new Promise((r) => setImmediate(r));
          }
        }
        mkdirSync(exportDir, { recursive: true });
        await writeFile(target, '\ufeff' + lines.join('\r\n') + '\r\n');
        report({ current: rows.length, total: rows.length });
        return { text: { zh: `已导出 ${rows.length} 台摄像机`, en: `${rows.length} cameras exported` }, file: { path: target, name: 'cameras.csv' } };
      },
      { key: 'cameraExport', total },
    );
    target = exportFile(user.tenantId, key.hashKey);
    return ok<ProgressKey>(key);
  });

  app.get<{ Querystring: { hashKey?: string } }>(`${BASE}/export/file`, { preHandler: requireCheck(canSeeCameras) }, async (request, reply) => {
    const user = userOf(request);
    const hashKey = request.query.hashKey ?? '';
    const owned = /^[0-9a-f]{16}$/.test(hashKey)
      ? db.prepare("SELECT 1 FROM progress WHERE tenant_id = ? AND user_id = ? AND task_key = 'cameraExport' AND hash_key = ? AND status = 0").get(user.tenantId, user.id, hashKey)
      : undefined;
    if (!owned) return fail(say(request, 'noExport'));
    const body = await readFile(exportFile(user.tenantId, hashKey)).catch(() => null);
    if (!body) return fail(say(request, 'noExport'));
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="cameras.csv"').send(body);
  });

  // ---- recordings ----

  /** The recorded segments of a camera for one day (day=YYYY-MM-DD) or several (from, to; at most 31). */
  app.get<{ Querystring: Record<string, string> }>(
    `${BASE}/record`,
    {
      preHandler: requireUser,
      schema: {
        summary: 'Recorded segments of a camera, per day',
        querystring: { type: 'object', properties: { id: { type: 'string' }, day: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } } },
      },
    },
    async (request) => {
      const user = userOf(request);
      if (!holds(user, 'video:replay')) return fail(say(request, 'noPermission'), 40301);
      const camera = findCamera(request, Number(request.query.id));
      if (!camera) return fail(say(request, 'noDevice'));
      const first = dayStartOf(request.query.day ?? request.query.from ?? '');
      const last = dayStartOf(request.query.day ?? request.query.to ?? request.query.from ?? '');
      const now = new Date();
      const today = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
      if (first === null || last === null || first > last || last > today) return fail(say(request, 'badDay'));
      if (first < today - KEEP_DAYS * 24 * 3600_000) return fail(say(request, 'dayTooOld'));
      const days: RecordDay[] = [];
      for (let day = new Date(first); day.getTime() <= last; day.setDate(day.getDate() + 1)) {
        if (days.length >= 31) return fail(say(request, 'daysTooMany'));
        days.push({
          day: dayKey(day.getTime()),
          segments: segmentsOfDay(db, camera.id, day.getTime(), now.getTime()).map((g) => ({ startTime: formatTime(g.startMs), endTime: formatTime(g.endMs), startMs: g.startMs, endMs: g.endMs, state: g.state, trigger: g.trigger })),
        });
      }
      return ok(days);
    },
  );

  // ---- clips ----

  /** A span of recordings as an MP4 with the recorded time burnt in, made as a background task. */
  app.post<{ Body: { id: number; startTime: string; endTime: string } }>(
    `${BASE}/clip`,
    { preHandler: [requireUser, validBody<{ id: number; startTime: string; endTime: string }>({ id: [rule.required, rule.int(1, MAX_ID)], startTime: [rule.required, rule.text(19, 19)], endTime: [rule.required, rule.text(19, 19)] })] },
    async (request) => {
      const user = userOf(request);
      if (!holds(user, 'video:replay')) return fail(say(request, 'noPermission'), 40301);
      const camera = findCamera(request, request.body.id);
      if (!camera) return fail(say(request, 'noDevice'));
      const r = replayRange(request.body.startTime, request.body.endTime);
      if (typeof r === 'string') return fail(say(request, r));
      if (r.endMs - r.startMs > MAX_CLIP_MS) return fail(say(request, 'clipTooLong'));
      const spans = playableSpans(segmentsBetween(db, camera.id, r.startMs, r.endMs), r.startMs, r.endMs);
      if (!spans.length) return fail(say(request, 'noRecording'));
      if (!hasFfmpeg()) return fail(say(request, 'noEncoder'));
      if (runningCount(db, user.tenantId, user.id) >= MAX_RUNNING_EXPORTS) return fail(say(request, 'tooManyTasks'));
      const dir = join(config.dataDir, 'clips', String(user.tenantId));
      mkdirSync(dir, { recursive: true });
      const base = `clip-${randomBytes(8).toString('hex')}`;
      const stamp = (ms: number) => formatTime(ms).replace(/[-: ]/g, '').slice(0, 14);
      const name = `${camera.label || `camera-${camera.id}`}-${stamp(r.startMs)}-${stamp(r.endMs)}.mp4`.replace(/[^\w.-]+/g, '_');
      const seconds = Math.round(spansLength(spans) / 1000);
      const key = startTask(
        db,
        user.tenantId,
        user.id,
        say(request, 'clipTitle'),
        async (report, signal) => {
          const path = await renderClipFile({ clip: clipFor(camera.clip), spans, dir, base, signal, progress: (share) => report({ current: Math.round(share * 100) }) });
          return { text: { zh: `已生成 ${seconds} 秒录像`, en: `${seconds} s of recording ready` }, file: { path, name } };
        },
        { key: 'videoClip', total: 100 },
      );
      return ok<ProgressKey>(key);
    },
  );

  // ---- play ----

  app.post<{ Body: PlayRequest }>(
    `${BASE}/request`,
    {
      preHandler: [
        requireUser,
        validBody<PlayRequest>({
          id: [rule.required, rule.int(1, MAX_ID)],
          playType: [rule.oneOf(0, 1, 2, 3)],
          startTime: [rule.text(0, 19)],
          endTime: [rule.text(0, 19)],
          action: [rule.requiredIf((b) => b.playType === 3), rule.int(1, 10)],
          runTime: [rule.int(100, 10_000)],
          start: [rule.oneOf(0, 1)],
          speed: [rule.int(1, 7)],
          // Any number passes here; one not offered is refused below with the speeds that are.
          rate: [(value) => (value === undefined || value === null || typeof value === 'number' ? null : { key: 'validate.oneOf' })],
        }),
      ],
    },
    async (request) => {
      const user = userOf(request);
      const body = request.body;
      const playType = body.playType ?? 0;
      const needs = playType === 0 || playType === 3 ? ['video:play'] : playType === 1 ? ['video:replay'] : ['video:play', 'video:replay'];
      if (!needs.every((e) => holds(user, e))) return fail(say(request, 'noPermission'), 40301);
      // Another tenant's camera is simply not there: the answer does not reveal that it exists.
      const camera = findCamera(request, body.id);
      if (!camera) return fail(say(request, 'noDevice'));

      if (playType === 3) {
        if (camera.disable_yun_control) return fail(say(request, 'noPtz'));
        const command: PtzResult = { playType: 3, action: body.action!, start: body.start ?? 0, speed: body.speed ?? 4, runTime: body.runTime ?? PTZ_RUN_TIME_MS };
        recordPtz.run(user.tenantId, camera.id, user.id, command.action, command.start, command.speed, command.runTime, Date.now());
        return ok(command);
      }

      const origin = mediaOrigin(request);
      const rate = body.rate ?? 1;
      const stream = (kind: 'live' | 'replay', range: { startMs: number; endMs: number; spans: Array<[number, number]> } | null): PlayStream => {
        const grant = playCodes.issue({
          cameraId: camera.id,
          tenantId: user.tenantId,
          userId: user.id,
          kind,
          clip: camera.clip,
          sourceUrl: camera.source_url || null,
          startMs: range?.startMs ?? null,
          endMs: range?.endMs ?? null,
          ...(range ? { spans: range.spans, rate } : {}),
        });
        const path = `/${kind}/${camera.id}.flv?code=${grant.code}`;
        const answer: PlayStream = { flvUri: origin.http + path, wsUri: origin.ws + path, code: grant.code, playType: kind === 'live' ? 0 : 1 };
        return range ? { ...answer, startTime: formatTime(range.startMs), rate, spans: range.spans } : answer;
      };

      let range: { startMs: number; endMs: number; spans: Array<[number, number]> } | null = null;
      if (playType === 1 || playType === 2) {
        if (!isReplayRate(rate)) return fail(say(request, 'badRate'));
        const r = replayRange(body.startTime || undefined, body.endTime || undefined);
        if (typeof r === 'string') return fail(say(request, r));
        // Replay plays what was recorded inside the asked period: a start in a gap moves on to the next
        // recording (the timeline snaps a seek to the nearer edge itself), gaps and damaged files are skipped.
        const spans = playableSpans(segmentsBetween(db, camera.id, r.startMs, r.endMs), r.startMs, r.endMs).map(([a, b]): [number, number] => [a, b]);
        if (!spans.length) return fail(say(request, 'noRecording'));
        range = { startMs: spans[0]![0], endMs: r.endMs, spans };
      }
      if (playType === 0) return ok(stream('live', null));
      if (playType === 1) return ok(stream('replay', range));
      return ok([stream('live', null), stream('replay', range)]);
    },
  );

  const codeRef: Schema<PlayCodeRef> = { id: [rule.required, rule.int(1, MAX_ID)], playCode: [rule.required, rule.text(8, 64)] };

  app.get<{ Querystring: Record<string, string> }>(`${BASE}/heart`, { preHandler: requireUser }, async (request) => {
    const q = { id: numberish(request.query.id), playCode: request.query.playCode };
    const problem = checkBody(request, q, codeRef);
    if (problem) return fail(problem);
    const user = userOf(request);
    return playCodes.touch(String(q.playCode), Number(q.id), user.tenantId) ? ok(true) : fail(say(request, 'codeExpired'));
  });

  app.post<{ Body: PlayCodeRef }>(`${BASE}/shut`, { preHandler: [requireUser, validBody(codeRef)] }, async (request) => {
    const user = userOf(request);
    // Shutting a code that already ended is fine: the player only wants it gone.
    return ok(playCodes.shut(request.body.playCode, request.body.id, user.tenantId));
  });

  // ---- test-only hooks (ATRIUM_FAULTS=1) ----
  if (config.faults) {
    app.get<{ Querystring: { cameraId?: string; since?: string } }>('/__test/ptz', async (request) => {
      const rows = db
        .prepare('SELECT camera_id, action, start, speed, run_time, at FROM ptz_command WHERE camera_id = ? AND at >= ? ORDER BY id')
        .all(Number(request.query.cameraId ?? 0), Number(request.query.since ?? 0)) as Array<{ camera_id: number; action: number; start: number; speed: number; run_time: number; at: number }>;
      return ok<PtzCommandRecord[]>(rows.map((r) => ({ cameraId: r.camera_id, action: r.action, start: r.start, speed: r.speed, runTime: r.run_time, at: r.at })));
    });

    // Simulates the media server dying and coming back, without touching the API or the play codes.
    app.post<{ Body: { action: 'stop' | 'start' } }>('/__test/media', { preHandler: validBody<{ action: string }>({ action: [rule.required, rule.oneOf('stop', 'start')] }) }, async (request) => {
      const media = currentMediaServer();
      if (!media) return fail(say(request, 'mediaHook'));
      if (request.body.action === 'stop') await media.stop();
      else await media.start();
      return ok(media.stats());
    });
  }
};

export default plugin;
