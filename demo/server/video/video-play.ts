// Playing cameras (split from video.ts): the recording index of a camera's days, replay clips, the
// play request (live, replay, both, pan-tilt), its heartbeat and shut; and the test-only hooks of the
// media server and the pan-tilt log.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { PlayStream, PtzResult, RecordDay } from '../../../shared/api/video-types.ts';
import { dayText } from '../../../shared/forms/date-text.ts';
import { PTZ_RUN_TIME_MS } from '../../../shared/api/video-types.ts';
import { MAX_CLIP_MS, playableSpans, spansLength } from '../../../shared/media/recording.ts';
import { ops } from '../../../shared/contract/video-play.ts';
import { route } from '../contract.ts';
import { renderClipFile } from '../../media/clip-file.ts';
import { clipFor } from '../../media/clip.ts';
import { sceneKindOf, type CameraTitle, type SceneKind } from '../../media/scene.ts';
import { playCodes } from '../../media/index.ts';
import { hasFfmpeg } from '../../media/producers.ts';
import { holds } from './camera-rights.ts';
import { sourceCodecOf } from './camera-health.ts';
import { createMediaAdapter, ExternalStreams, MediaServerError } from './media-adapter.ts';
import { withTwins } from '../settings.ts';
import { describeIssue, fail, failField, ok, userOf } from '../http.ts';
import { langOf } from '../messages.ts';
import { dayStartOf, KEEP_DAYS, segmentsBetween, segmentsOfDay } from './recordings.ts';
import { formatTime, runningCount, startTask } from '../operations/tasks.ts';
import { findCameraOf, MAX_RUNNING_EXPORTS, mediaOrigin, replayRange, say } from './video.ts';
import { logPtzCommand, type CameraRow } from './camera-data.ts';
import { platformData, tenantData } from '../tenant-data.ts';

/** What the camera's drawn picture shows: its kind of place (from its names and group) and its title. */
function sceneOf(camera: CameraRow): { kind: SceneKind; title: CameraTitle } {
  return {
    kind: sceneKindOf([camera.name_en, camera.name, camera.group_name].filter(Boolean).join(' ')),
    title: { label: camera.label, name: camera.name, nameEn: camera.name_en || null },
  };
}

const plugin: FastifyPluginAsync = async (app) => {
  const { config } = app.atrium;
  // The recording index (record_day, record_segment: rows of a camera, no tenant of their own; the
  // camera is found in the caller's tenant first) and the platform's background tasks (a clip is one,
  // kept per tenant and user by operations/tasks.ts) take the database itself.
  const db = platformData(app, 'the recording index of a camera found in the caller’s tenant, and clips as background tasks (operations/tasks.ts)');
  const findCamera = (request: Parameters<typeof findCameraOf>[0], id: number): CameraRow | null => findCameraOf(request, id);
  // Cameras with a source play through the external media server when one is configured; the play
  // answer may point only at the own media server or a configured origin (ATRIUM_MEDIA_ORIGINS).
  let external: ExternalStreams | null = null;
  if (config.mediaServer) {
    if (!withTwins(config.mediaOrigins).includes(config.mediaServer.playOrigin)) throw new Error(`the media server's play origin ${config.mediaServer.playOrigin} is not among ATRIUM_MEDIA_ORIGINS`);
    const streams = new ExternalStreams(createMediaAdapter(config.mediaServer), playCodes, { log: app.atrium.log });
    external = streams;
    app.addHook('onClose', () => streams.close());
  }

  // ---- recordings ----

  /** The recorded segments of a camera for one day (day=YYYY-MM-DD) or several (from, to; at most 31). */
  route(app, ops.record, async (request) => {
    const user = userOf(request);
    if (!holds(user, 'video:replay')) return fail(say(request, 'noPermission'), 40301);
    const camera = findCamera(request, request.query.id);
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
        day: dayText(day),
        segments: segmentsOfDay(db, camera.id, day.getTime(), now.getTime()).map((g) => ({ startTime: formatTime(g.startMs), endTime: formatTime(g.endMs), startMs: g.startMs, endMs: g.endMs, state: g.state, trigger: g.trigger })),
      });
    }
    return ok(days);
  });

  // ---- clips ----

  /** A span of recordings as an MP4 with the recorded time burnt in, made as a background task. */
  route(app, ops.clip, async (request) => {
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
        const path = await renderClipFile({ clip: clipFor(camera.clip), scene: config.drawnVideo ? { ...sceneOf(camera), look: camera.clip } : null, spans, dir, base, signal, progress: (share) => report({ current: Math.round(share * 100) }) });
        return { text: { zh: `已生成 ${seconds} 秒录像`, en: `${seconds} s of recording ready` }, file: { path, name } };
      },
      { key: 'videoClip', total: 100 },
    );
    return ok(key);
  });

  // ---- play ----

  route(app, ops.request, async (request) => {
    const user = userOf(request);
    const body = request.body;
    const playType = body.playType ?? 0;
    const needs = playType === 0 || playType === 3 ? ['video:play'] : playType === 1 ? ['video:replay'] : ['video:play', 'video:replay'];
    if (!needs.every((e) => holds(user, e))) return fail(say(request, 'noPermission'), 40301);
    // Another tenant's camera is simply not there: the answer does not reveal that it exists.
    const camera = findCamera(request, body.id);
    if (!camera) return fail(say(request, 'noDevice'));

    if (playType === 3) {
      // A pan-tilt command names its action (the schema cannot say "required when playType is 3").
      if (body.action === undefined) return failField(describeIssue(langOf(request), 'action', { key: 'validate.required' }), 'action');
      if (camera.disable_yun_control) return fail(say(request, 'noPtz'));
      const command: PtzResult = { playType: 3, action: body.action, start: body.start ?? 0, speed: body.speed ?? 4, runTime: body.runTime ?? PTZ_RUN_TIME_MS };
      logPtzCommand(tenantData(request), camera.id, user.id, command, Date.now());
      return ok(command);
    }

    const origin = mediaOrigin(request);
    const rate = body.rate ?? 1;
    // An H.265 camera's live picture goes out as H.265 to a browser that decodes it, transcoded to
    // H.264 for any other. Recordings are kept as H.264, so replay is H.264 for everyone.
    // A camera with a source is H.265 when its source was last seen sending it (camera-health.ts).
    const h265 = camera.source_url ? sourceCodecOf(camera.id, camera.source_url) === 'hevc' : camera.codec === 'h265';
    const hevc = h265 && hasFfmpeg() ? (body.h265 === true ? 'native' : 'transcode') : null;
    const stream = async (kind: 'live' | 'replay', range: { startMs: number; endMs: number; spans: Array<[number, number]> } | null): Promise<PlayStream> => {
      const live = kind === 'live';
      const grant = playCodes.issue({
        cameraId: camera.id,
        tenantId: user.tenantId,
        userId: user.id,
        kind,
        clip: camera.clip,
        scene: sceneOf(camera),
        sourceUrl: camera.source_url || null,
        hevc: live ? hevc : null,
        startMs: range?.startMs ?? null,
        endMs: range?.endMs ?? null,
        ...(range ? { spans: range.spans, rate } : {}),
      });
      if (live && external && camera.source_url) {
        // The external server pulls the camera; the code still lives by the player's heartbeats here.
        const urls = await external.open(grant, camera.source_url);
        return { ...urls, code: grant.code, playType: 0, codec: camera.codec };
      }
      const path = `/${kind}/${camera.id}.flv?code=${grant.code}`;
      const codec = live && hevc === 'native' ? 'h265' : 'h264';
      const answer: PlayStream = { flvUri: origin.http + path, wsUri: origin.ws + path, code: grant.code, playType: live ? 0 : 1, codec, ...(live && hevc === 'transcode' ? { transcoded: true } : {}) };
      return range ? { ...answer, startTime: formatTime(range.startMs), rate, spans: range.spans } : answer;
    };

    let range: { startMs: number; endMs: number; spans: Array<[number, number]> } | null = null;
    if (playType === 1 || playType === 2) {
      const r = replayRange(body.startTime || undefined, body.endTime || undefined);
      if (typeof r === 'string') return fail(say(request, r));
      // Replay plays what was recorded inside the asked period: a start in a gap moves on to the next
      // recording (the timeline snaps a seek to the nearer edge itself), gaps and damaged files are skipped.
      const spans = playableSpans(segmentsBetween(db, camera.id, r.startMs, r.endMs), r.startMs, r.endMs).map(([a, b]): [number, number] => [a, b]);
      if (!spans.length) return fail(say(request, 'noRecording'));
      range = { startMs: spans[0]![0], endMs: r.endMs, spans };
    }
    try {
      if (playType === 0) return ok(await stream('live', null));
      if (playType === 1) return ok(await stream('replay', range));
      return ok([await stream('live', null), await stream('replay', range)]);
    } catch (error) {
      if (error instanceof MediaServerError) return fail(say(request, error.reason === 'scheme' ? 'externalScheme' : 'externalDown'));
      throw error;
    }
  });

  route(app, ops.heart, async (request) => {
    const user = userOf(request);
    return playCodes.touch(request.query.playCode, request.query.id, user.tenantId) ? ok(true as const) : fail(say(request, 'codeExpired'));
  });

  route(app, ops.shut, async (request) => {
    const user = userOf(request);
    // Shutting a code that already ended is fine: the player only wants it gone.
    return ok(playCodes.shut(request.body.playCode, request.body.id, user.tenantId));
  });

  // ---- test-only hooks (ATRIUM_FAULTS=1) ----
};

export default plugin;
