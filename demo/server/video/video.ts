// Cameras (SPEC §7 "Video"): lists with filters inside the caller's data authority, add (one or a
// batch), edit, move between their data groups (type 7), delete and export. Playing them is in
// video-play.ts, their tables and first-start data in video-seed.ts; every query is tenant-scoped.
import { namesAfterEdit } from '../local-names.ts';
import { mkdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { currentMediaServer } from '../../media/index.ts';
import type { Camera, CameraExportQuery } from '../../../shared/api/video-types.ts';
import { CAMERA_GROUP_TYPE } from '../../../shared/api/video-types.ts';
import { ops } from '../../../shared/contract/video.ts';
import { route } from '../contract.ts';
import { canManageCameras, canSeeCameras } from './camera-rights.ts';
import type { SessionUser } from '../context.ts';
import { visibleGroups } from '../administration/data-scope.ts';
import { platformData, tenantData, type TenantData } from '../tenant-data.ts';
import { describeIssue, fail, failField, ok, requireCheck, userOf } from '../http.ts';
import { langOf, type Lang, textsOf } from '../messages.ts';
import { KEEP_DAYS } from './recordings.ts';
import { carriesMask, isMaskedOf, sourceProblem } from '../security.ts';
import { allCameras, cameraAnswer, cameraFilter, cameraGroupExists, cameraPage, cameraRow, cameraTagLists, countCameras, deleteCameras, insertCameras, moveCameras, ownsCameraExport, updateCamera, type CameraFilter, type CameraRow } from './camera-data.ts';
import { runningCount, startTask } from '../operations/tasks.ts';

export const MAX_REPLAY_MS = 31 * 24 * 3600_000;
export const MAX_RUNNING_EXPORTS = 3;

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
  badDay: { zh: '日期格式应为 YYYY-MM-DD，且不能晚于今天', en: 'days must be YYYY-MM-DD and not after today' },
  dayTooOld: { zh: `录像只保留 ${KEEP_DAYS} 天`, en: `recordings are kept for ${KEEP_DAYS} days` },
  daysTooMany: { zh: '一次最多查询 31 天的录像', en: 'ask for at most 31 days of recordings at once' },
  sourceScheme: { zh: '视频源地址须为 rtsp、rtsps、rtmp、rtmps 或 http(s) 流地址', en: 'the source must be an rtsp, rtsps, rtmp, rtmps or http(s) stream URL' },
  sourceHost: { zh: '视频源地址缺少主机', en: 'the source URL has no host' },
  sourcePrivate: { zh: '视频源指向本机或内网地址，平台未允许该网络（ATRIUM_CAMERA_NETWORKS）', en: 'the source points to a local or private address whose network the platform does not allow (ATRIUM_CAMERA_NETWORKS)' },
  sourceMasked: { zh: '视频源地址中的密码显示为 ***：修改地址时请重新输入密码', en: 'the password in the source URL is shown as ***: type the password again when changing the URL' },
  externalScheme: { zh: '外部媒体服务器不能拉取这种视频源', en: 'the external media server cannot pull this kind of source' },
  externalDown: { zh: '外部媒体服务器无法连接或拒绝了拉流请求', en: 'the external media server does not answer or refused to pull the camera' },
} as const satisfies Record<string, Record<Lang, string>>;

export const say = textsOf(TEXTS);

export { seed } from './video-seed.ts';

// ---- helpers ----------------------------------------------------------------------------------

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
export function mediaOrigin(request: FastifyRequest): { http: string; ws: string } {
  const port = currentMediaServer()?.port ?? request.server.atrium.config.mediaPort ?? 8081;
  const host = request.hostname.includes(':') && !request.hostname.startsWith('[') ? `[${request.hostname}]` : request.hostname;
  const secure = request.protocol === 'https';
  return { http: `${secure ? 'https' : 'http'}://${host}:${port}`, ws: `${secure ? 'wss' : 'ws'}://${host}:${port}` };
}

// ---- routes -----------------------------------------------------------------------------------

export const BASE = '/api/cctv/video/client';

/** A camera of the caller's tenant inside their data authority, or null (not revealing it exists). */
export function findCameraOf(request: FastifyRequest, id: number): CameraRow | null {
  const user = userOf(request);
  const data = tenantData(request);
  const row = cameraRow(data, id);
  const scope = row ? visibleGroups(data, user, CAMERA_GROUP_TYPE) : null;
  return row && scope && (row.data_group_id === null || !scope.has(row.data_group_id)) ? null : row;
}

/** A camera group (data group of type 7) of the tenant. */
const groupOf = cameraGroupExists;

const plugin: FastifyPluginAsync = async (app) => {
  const { config } = app.atrium;
  // An export is a background task of the platform's task machinery (operations/tasks.ts), which
  // keeps it per tenant and user; it takes the database itself.
  const tasks = platformData(app, 'camera exports run as background tasks (operations/tasks.ts, per tenant and user)');

  const findCamera = (request: FastifyRequest, id: number): CameraRow | null => findCameraOf(request, id);

  /** The cameras of a list or an export: the query's, inside the caller's data authority. */
  const filterOf = (data: TenantData, user: SessionUser, q: CameraExportQuery): CameraFilter => cameraFilter(data, visibleGroups(data, user, CAMERA_GROUP_TYPE), q);

  // Reading needs a right that shows cameras; changing needs video:manage (camera-rights.ts).
  const seeing = { preHandler: [requireCheck(canSeeCameras)] };
  const managing = { preHandler: [requireCheck(canManageCameras)] };

  route(app, ops.list, async (request) => {
    const q = request.query;
    const user = userOf(request);
    const data = tenantData(request);
    const page = q.page ?? 1;
    const limit = q.limit ?? 10;
    const filter = filterOf(data, user, q);
    const total = countCameras(data, filter);
    return ok({ rows: cameraPage(data, filter, limit, (page - 1) * limit), total });
  }, seeing);

  route(app, ops.tags, async (request) => {
    const tags = new Set<string>();
    for (const r of cameraTagLists(tenantData(request))) for (const t of r.split(',')) if (t) tags.add(t);
    return ok([...tags].sort());
  }, seeing);

  const tagText = (tags: readonly string[] | undefined): string => (tags ?? []).map((t) => t.trim().replace(/,/g, ' ')).filter((t) => t !== '').join(',');

  /** Why a camera source may not be relayed (a refusal naming the field), or null. */
  const badSource = (request: FastifyRequest, url: string | undefined) => {
    if (!url) return null;
    // A masked password sent back is not a password; only the camera's own shown value may be (kept below).
    if (carriesMask(url)) return failField(say(request, 'sourceMasked'), 'sourceUrl');
    const problem = sourceProblem(url, config.cameraNetworks);
    if (!problem) return null;
    return failField(say(request, problem === 'scheme' ? 'sourceScheme' : problem === 'host' ? 'sourceHost' : 'sourcePrivate'), 'sourceUrl');
  };

  route(app, ops.create, async (request) => {
    const data = tenantData(request);
    const body = request.body;
    const refused = badSource(request, body.sourceUrl);
    if (refused) return refused;
    if (!groupOf(data, body.dataGroupId)) return fail(say(request, 'noGroup'));
    const count = body.count ?? 1;
    if (count > 1 && (!body.name.includes('%d') || !body.label.includes('%d'))) return fail(say(request, 'batchPattern'));
    try {
      const ids = insertCameras(
        data,
        Array.from({ length: count }, (_, i) => {
          const fill = (text: string) => (count > 1 ? text.replace(/%d/g, String(i + 1)) : text);
          return { dataGroupId: body.dataGroupId, name: fill(body.name), label: fill(body.label), address: body.address ?? '', resolution: body.resolution ?? '', tags: tagText(body.tags), sourceUrl: body.sourceUrl ?? '', disableYunControl: Boolean(body.params?.disableYunControl) };
        }),
      );
      return ok(count === 1 ? cameraAnswer(data, ids[0]!) : { ids });
    } catch (error) {
      if (error instanceof Error && /UNIQUE/.test(error.message)) return fail(say(request, 'labelTaken'));
      throw error;
    }
  }, managing);

  route(app, ops.update, async (request) => {
    const data = tenantData(request);
    const body = request.body;
    const row = findCamera(request, body.id);
    if (!row) return fail(say(request, 'noDevice'));
    // The form sends back the masked URL it was shown when the source was not edited: keep the stored one.
    const sourceUrl = body.sourceUrl !== undefined && isMaskedOf(body.sourceUrl, row.source_url) ? row.source_url : body.sourceUrl;
    const refused = badSource(request, sourceUrl);
    if (refused) return refused;
    if (body.dataGroupId && !groupOf(data, body.dataGroupId)) return fail(say(request, 'noGroup'));
    const names = body.name === undefined ? { name: row.name, name_en: row.name_en } : namesAfterEdit(row, body.name);
    // Tags sent back as shown keep both languages; edited ones are what was typed.
    const tags = body.tags ? namesAfterEdit({ name: row.tags, name_en: row.tags_en }, tagText(body.tags)) : { name: row.tags, name_en: row.tags_en };
    try {
      updateCamera(data, row.id, {
        name: names.name,
        name_en: names.name_en,
        label: body.label ?? row.label,
        dataGroupId: body.dataGroupId ?? row.data_group_id,
        address: body.address ?? row.address,
        resolution: body.resolution ?? row.resolution,
        tags: tags.name,
        tags_en: tags.name_en,
        sourceUrl: sourceUrl ?? row.source_url,
        disableYunControl: body.params?.disableYunControl === undefined ? row.disable_yun_control : body.params.disableYunControl ? 1 : 0,
      });
    } catch (error) {
      if (error instanceof Error && /UNIQUE/.test(error.message)) return fail(say(request, 'labelTaken'));
      throw error;
    }
    return ok(cameraAnswer(data, row.id));
  }, managing);

  route(app, ops.delete, async (request) => {
    const data = tenantData(request);
    // The body names the cameras; a delete without a body names one in its query (signed over it).
    const ids = [...(request.body?.ids ?? []), ...(request.body?.id ? [request.body.id] : []), ...(request.query.id ? [request.query.id] : [])];
    if (ids.length === 0) return failField(describeIssue(langOf(request), 'id', { key: 'validate.required' }), 'id');
    // Every camera named must be the caller's (tenant and data authority), as for a move: otherwise none goes.
    if (!ids.every((id) => findCamera(request, id))) return fail(say(request, 'noDevice'));
    const deleted = deleteCameras(data, ids);
    return ok({ deleted });
  }, managing);

  route(app, ops.move, async (request) => {
    const data = tenantData(request);
    const groupId = request.params.id;
    if (!groupOf(data, groupId)) return fail(say(request, 'noGroup'));
    // Every camera named must be the caller's (tenant and data authority): otherwise none moves.
    if (!request.body.ids.every((id) => findCamera(request, id))) return fail(say(request, 'noDevice'));
    const moved = moveCameras(data, groupId, request.body.ids);
    return ok({ moved });
  }, managing);

  // Export runs as a background task (the progress panel shows it); the finished file is fetched
  // with GET export/file?hashKey=… by the user who started it.
  const exportDir = join(config.dataDir, 'exports');
  const exportFile = (tenantId: number, hashKey: string) => join(exportDir, `cameras-${tenantId}-${hashKey}.csv`);

  route(app, ops.export, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    if (runningCount(tasks, user.tenantId, user.id) >= MAX_RUNNING_EXPORTS) return fail(say(request, 'tooManyTasks'));
    const filter = filterOf(data, user, request.body);
    const total = countCameras(data, filter);
    let target = '';
    const key = startTask(
      tasks,
      user.tenantId,
      user.id,
      TEXTS.exportTitle[langOf(request)],
      async (report, signal) => {
        const rows = allCameras(data, filter);
        const lines = [CSV_HEADER];
        for (let i = 0; i < rows.length; i++) {
          if (signal.aborted) return;
          lines.push(csvLine(rows[i]!));
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
    return ok(key);
  }, seeing);

  route(app, ops.exportFile, async (request, reply) => {
    const user = userOf(request);
    const hashKey = request.query.hashKey;
    const owned = ownsCameraExport(tenantData(request), user.id, hashKey);
    if (!owned) return fail(say(request, 'noExport'));
    const body = await readFile(exportFile(user.tenantId, hashKey)).catch(() => null);
    if (!body) return fail(say(request, 'noExport'));
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="cameras.csv"').send(body);
  }, seeing);
};

export default plugin;
