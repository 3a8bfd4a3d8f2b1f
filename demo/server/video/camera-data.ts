// The cameras' SQL (issue 39): the camera shape and its FROM (its group and the group's parent), the
// list's filter inside a data authority, adding (one or a batch), editing, moving and deleting, the
// tags, a camera export's ownership and the pan-tilt log. Every function takes a tenant's data
// (tenant-data.ts), bound to one tenant; video.ts and video-play.ts check requests and answer.
import type { Camera, CameraExportQuery } from '../../../shared/api/video-types.ts';
import { CAMERA_GROUP_TYPE } from '../../../shared/api/video-types.ts';
import { groupAndBelow } from '../administration/data-scope.ts';
import { maskSourceUrl } from '../security.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';
import { cameraHealth } from './camera-health.ts';

/** How many demo clips the cameras go round (a new camera's clip follows its id). */
const CLIP_COUNT = 8;

export interface CameraRow {
  id: number;
  tenant_id: number;
  data_group_id: number | null;
  /** The stored (Chinese or typed) name, its English seed name, and the one in the caller's language. */
  name: string;
  name_en: string;
  label: string;
  address: string;
  resolution: string;
  /** Comma-joined; seeded tags carry English ones too (tags_en), read like names (local-names.ts). */
  tags: string;
  tags_en: string;
  source_url: string;
  disable_yun_control: number;
  clip: number;
  codec: 'h264' | 'h265';
  group_name: string | null;
}

const GROUP_NAME = 'loc(g.name, g.name_en)';

const HEALTH_SQL = ['c.id', 'c.source_url', 'c.online'] as const;
const health = (values: Array<string | number | null>) => cameraHealth(Number(values[0]), String(values[1] ?? ''), values[2] === null ? null : Number(values[2]));

/** A camera as the API answers it (camera c, its group g and the group's parent p); its health from camera-health.ts. */
const CAMERA = shape<Camera>({
  id: col.value('c.id'),
  name: col.value('loc(c.name, c.name_en)'),
  label: col.value('c.label'),
  data_group_Id: col.value('c.data_group_id'),
  dataGroupName: col.value(`COALESCE(${GROUP_NAME}, '')`),
  groupPath: col.value(`CASE WHEN p.id IS NULL THEN COALESCE(${GROUP_NAME}, '') ELSE loc(p.name, p.name_en) || ' / ' || ${GROUP_NAME} END`),
  params: { disableYunControl: col.flag('c.disable_yun_control') },
  address: col.value('c.address'),
  resolution: col.value('c.resolution'),
  tags: col.list('loc(c.tags, c.tags_en)'),
  // The stored URL keeps its password; every answer shows it masked (rtsp://user:***@host/…).
  sourceUrl: col.calc('c.source_url', (v) => maskSourceUrl(String(v ?? ''))),
  codec: col.value('c.codec'),
  online: col.from(HEALTH_SQL, (v) => health(v).online),
  sourceState: col.from(HEALTH_SQL, (v) => health(v).sourceState),
  sourceCodec: col.from(HEALTH_SQL, (v) => health(v).sourceCodec),
});

const CAMERA_FROM = 'FROM camera c LEFT JOIN data_group g ON g.id = c.data_group_id LEFT JOIN data_group p ON p.id = g.parent_id';
const CAMERA_SELECT = `SELECT c.*, ${GROUP_NAME} AS group_name ${CAMERA_FROM}`;
const ANSWER_SELECT = `SELECT ${CAMERA.select} ${CAMERA_FROM}`;

/** A camera of the tenant as stored, with its group's name (the caller checks the data authority). */
export const cameraRow = (td: TenantData, id: number): CameraRow | null => td.get<CameraRow>(`${CAMERA_SELECT} WHERE c.id = ? AND c.tenant_id = $tenant`, id) ?? null;

/** A camera as answered (found by the caller, so in their tenant and data authority). */
export const cameraAnswer = (td: TenantData, id: number): Camera => CAMERA.read(td.get(`${ANSWER_SELECT} WHERE c.id = ? AND c.tenant_id = $tenant`, id)!);

/** Whether a camera group (data group of type 7) is the tenant's. */
export const cameraGroupExists = (td: TenantData, id: number): boolean => Boolean(td.get('SELECT id FROM data_group WHERE id = ? AND tenant_id = $tenant AND type = ?', id, CAMERA_GROUP_TYPE));

/** Which cameras a list or an export covers: built once, then counted and read. */
export interface CameraFilter {
  readonly where: string;
  readonly args: ReadonlyArray<string | number>;
}

/** The cameras of the query inside the visible groups (`scope`; null: not narrowed). */
export function cameraFilter(td: TenantData, scope: ReadonlySet<number> | null, q: CameraExportQuery): CameraFilter {
  const clauses = ['c.tenant_id = $tenant'];
  const args: Array<string | number> = [];
  if (scope) {
    clauses.push(`c.data_group_id IN (${[...scope].map(() => '?').join(',') || 'NULL'})`);
    args.push(...scope);
  }
  if (q.id) {
    clauses.push('c.id = ?');
    args.push(q.id);
  }
  if (q.dataGroupId) {
    const ids = groupAndBelow(td, q.dataGroupId);
    clauses.push(`c.data_group_id IN (${ids.length ? ids.map(() => '?').join(',') : 'NULL'})`);
    args.push(...ids);
  }
  const exact = q.exact === true;
  // A name matches in either language (a seeded camera has two).
  for (const [columns, value] of [[['c.label'], q.label], [['c.name', 'c.name_en'], q.name]] as const) {
    if (!value) continue;
    if (exact) {
      clauses.push(`(${columns.map((c) => `${c} = ?`).join(' OR ')})`);
      args.push(...columns.map(() => value));
    } else {
      clauses.push(`(${columns.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')})`);
      args.push(...columns.map(() => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    }
  }
  if (q.tag) {
    // Tags are stored comma-joined (commas inside a tag are replaced on write), so one tag is a
    // whole item of ','||tags||','; a seeded tag matches in either language.
    clauses.push("((',' || c.tags || ',') LIKE ? ESCAPE '\\' OR (',' || c.tags_en || ',') LIKE ? ESCAPE '\\')");
    const item = `%,${q.tag.replace(/[\\%_]/g, (c) => `\\${c}`)},%`;
    args.push(item, item);
  }
  return { where: clauses.join(' AND '), args };
}

export const countCameras = (td: TenantData, f: CameraFilter): number => td.get<{ n: number }>(`SELECT COUNT(*) AS n FROM camera c WHERE ${f.where}`, ...f.args)!.n;

/** A page of the filtered cameras, by id. */
export const cameraPage = (td: TenantData, f: CameraFilter, limit: number, offset: number): Camera[] => CAMERA.all(td.all(`${ANSWER_SELECT} WHERE ${f.where} ORDER BY c.id LIMIT ? OFFSET ?`, ...f.args, limit, offset));

/** Every filtered camera, by id (an export). */
export const allCameras = (td: TenantData, f: CameraFilter): Camera[] => CAMERA.all(td.all(`${ANSWER_SELECT} WHERE ${f.where} ORDER BY c.id`, ...f.args));

/** Every camera's tags (comma-joined, in the reader's language). */
export const cameraTagLists = (td: TenantData): string[] => td.all<{ tags: string }>('SELECT loc(tags, tags_en) AS tags FROM camera WHERE tenant_id = $tenant').map((r) => r.tags);

/** What a new camera is stored with (the name and label with the batch's number filled in). */
export interface NewCamera {
  dataGroupId: number;
  name: string;
  label: string;
  address: string;
  resolution: string;
  tags: string;
  sourceUrl: string;
  disableYunControl: boolean;
}

/** Adds cameras in one transaction (all or none; a taken label throws the UNIQUE error): their ids. */
export function insertCameras(td: TenantData, cameras: ReadonlyArray<NewCamera>): number[] {
  // The demo clip follows the new camera's id round the clips (the id the row gets: the largest so far + 1).
  const insert = `INSERT INTO camera (tenant_id, data_group_id, name, label, address, resolution, tags, source_url, disable_yun_control, clip, created_at)
       VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(id), 0) FROM camera) % ${CLIP_COUNT} + 1, ?)`;
  return td.tx(() =>
    cameras.map((c) => Number(td.run(insert, c.dataGroupId, c.name, c.label, c.address, c.resolution, c.tags, c.sourceUrl, c.disableYunControl ? 1 : 0, Date.now()).lastInsertRowid)),
  );
}

/** A camera's stored fields after an edit (a taken label throws the UNIQUE error). */
export interface CameraChange {
  name: string;
  name_en: string;
  label: string;
  dataGroupId: number | null;
  address: string;
  resolution: string;
  tags: string;
  tags_en: string;
  sourceUrl: string;
  disableYunControl: number;
}

export const updateCamera = (td: TenantData, id: number, c: CameraChange): void =>
  void td.run(
    `UPDATE camera SET name = ?, name_en = ?, label = ?, data_group_id = ?, address = ?, resolution = ?, tags = ?, tags_en = ?, source_url = ?, disable_yun_control = ?
         WHERE id = ? AND tenant_id = $tenant`,
    c.name, c.name_en, c.label, c.dataGroupId, c.address, c.resolution, c.tags, c.tags_en, c.sourceUrl, c.disableYunControl, id,
  );

/** Deletes the cameras in one transaction: how many went. */
export const deleteCameras = (td: TenantData, ids: readonly number[]): number =>
  td.tx(() => ids.reduce((n, id) => n + Number(td.run('DELETE FROM camera WHERE id = ? AND tenant_id = $tenant', id).changes), 0));

/** Moves the cameras into a group in one transaction: how many moved. */
export const moveCameras = (td: TenantData, groupId: number, ids: readonly number[]): number =>
  td.tx(() => ids.reduce((n, id) => n + Number(td.run('UPDATE camera SET data_group_id = ? WHERE id = ? AND tenant_id = $tenant', groupId, id).changes), 0));

/** Whether the user's finished camera export has this key. */
export const ownsCameraExport = (td: TenantData, userId: number, hashKey: string): boolean =>
  Boolean(td.get("SELECT 1 FROM progress WHERE tenant_id = $tenant AND user_id = ? AND task_key = 'cameraExport' AND hash_key = ? AND status = 0", userId, hashKey));

/** A pan-tilt command, logged. */
export const logPtzCommand = (td: TenantData, cameraId: number, userId: number, c: { action: number; start: number; speed: number; runTime: number }, at: number): void =>
  void td.run('INSERT INTO ptz_command (tenant_id, camera_id, user_id, action, start, speed, run_time, at) VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?)', cameraId, userId, c.action, c.start, c.speed, c.runTime, at);
