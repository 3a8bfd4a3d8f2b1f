// Camera source health: the platform follows each camera's source state. The media server reports
// every state it meets while someone watches (demo/media/source.ts); a camera with a source that
// nobody watches is checked now and then with ffprobe (one at a time, once a minute, and soon after
// it is added or its source changes). The state lives in memory, the online flag in the database;
// the camera list answers both (camera-data.ts). A camera that goes offline or comes back is an event
// on the platform's queue (`camera.status`); a device registered with the camera's label as its code,
// of a model with an `online` parameter, follows it — its status, and its `online` point (1/0), which
// the alarm rules evaluate like any other value: a rule `x == 0` on it raises "camera offline".
import type { FastifyPluginAsync } from 'fastify';
import type { CameraSourceState } from '../../../shared/api/video-types.ts';
import { hasFfmpeg } from '../../media/producers.ts';
import { isRelayed, onSourceReport, probeSource, SERVED_VIDEO, type SourceReport } from '../../media/source.ts';
import { busOf } from '../bus.ts';
import type { Db } from '../db.ts';
import { setDeviceStatus } from '../devices/device-simulator.ts';
import { storePoint } from '../devices/point-write.ts';
import { fireRule, ruleBook } from '../alarms/alarm-rule.ts';
import { platformData, tenantDataOf } from '../tenant-data.ts';
import { camerasWithSource, deviceWithParam, reportedCamera, setCameraOnline } from './camera-health-data.ts';

/** The queue topic of cameras going offline and coming back. */
export const CAMERA_TOPIC = 'camera.status';
/** The parameter of a camera's device that carries its online state (1 online, 0 offline). */
export const ONLINE_PARAM = 'online';
/** How often a camera nobody watches is checked. */
export const PROBE_EVERY_MS = 60_000;
/** How often the platform looks for cameras due a check (a query, and at most one probe at a time). */
const TICK_MS = 3_000;

export interface CameraStatusEvent {
  tenantId: number;
  cameraId: number;
  label: string;
  online: boolean;
  state: CameraSourceState;
  codec?: string;
  at: number;
}

interface Health {
  url: string;
  state: CameraSourceState;
  codec?: string;
  /** What the source sends (h264, hevc …), once known. */
  videoCodec?: string;
  online: boolean | null;
  at: number;
}

/** Per camera id: what was last learnt of its source (process-wide, as the media server is). */
const health = new Map<number, Health>();

/** The video codec a camera's source was last seen sending (the play request chooses H.265 delivery by it). */
export function sourceCodecOf(cameraId: number, url: string): string | null {
  const h = health.get(cameraId);
  return h && h.url === url ? (h.videoCodec ?? null) : null;
}

/** A camera's answer fields from its id, source and stored flag. */
export function cameraHealth(cameraId: number, url: string, flag: number | null): { online: boolean; sourceState: CameraSourceState; sourceCodec?: string } {
  if (!url) return { online: true, sourceState: 'live' };
  const h = health.get(cameraId);
  const online = h && h.url === url && h.online !== null ? h.online : flag === 1;
  if (h && h.url === url) return { online, sourceState: h.state, ...(h.state === 'unsupported' && h.codec ? { sourceCodec: h.codec } : {}) };
  return { online, sourceState: flag === 1 ? 'live' : flag === 0 ? 'offline' : 'connecting' };
}

/**
 * Takes in one report: remembers it, stores the online flag, and on a change between online and
 * offline puts a `camera.status` event on the queue. Answers the event, or null when nothing changed.
 */
export function learn(db: Db, report: Pick<SourceReport, 'cameraId' | 'tenantId' | 'state' | 'codec' | 'videoCodec' | 'at'> & { url: string }): CameraStatusEvent | null {
  // A report names its camera's tenant (the play code's): the camera is read and written in it.
  const data = tenantDataOf(db, report.tenantId);
  const camera = reportedCamera(data, report.cameraId, report.url);
  if (!camera) return null;
  const before = health.get(report.cameraId);
  const online = report.state === 'live' ? true : report.state === 'connecting' ? (before?.url === report.url ? before.online : camera.online === null ? null : camera.online === 1) : false;
  health.set(report.cameraId, {
    url: report.url,
    state: report.state,
    ...(report.codec ? { codec: report.codec } : {}),
    ...(report.videoCodec ? { videoCodec: report.videoCodec } : before?.url === report.url && before.videoCodec ? { videoCodec: before.videoCodec } : {}),
    online,
    at: report.at,
  });
  if (online === null) return null;
  const flag = online ? 1 : 0;
  if (camera.online === flag) return null;
  setCameraOnline(data, report.cameraId, flag);
  const event: CameraStatusEvent = { tenantId: report.tenantId, cameraId: report.cameraId, label: camera.label, online, state: report.state, ...(report.codec ? { codec: report.codec } : {}), at: report.at };
  busOf(db).publish<CameraStatusEvent>(CAMERA_TOPIC, event);
  return event;
}

/**
 * A camera's device follows it: the device with the camera's label as its code, if its model has the
 * `online` parameter, gets the status and the point value, and the alarm rules on that parameter run.
 * Answers the alarms raised.
 */
export function followDevice(db: Db, event: CameraStatusEvent): number[] {
  const device = deviceWithParam(tenantDataOf(db, event.tenantId), event.label, ONLINE_PARAM);
  if (!device) return [];
  setDeviceStatus(db, event.tenantId, device.id, event.online ? 'online' : 'offline', event.at);
  const value = event.online ? 1 : 0;
  storePoint(db, event.tenantId, device.id, ONLINE_PARAM, value, event.at);
  const raised: number[] = [];
  for (const rule of ruleBook(db)(event.tenantId, device.model_id, ONLINE_PARAM, device.id)) {
    const id = fireRule(db, event.tenantId, device.id, rule, { code: device.code, name: device.name, unit: device.unit }, value, event.at);
    if (id !== null) raised.push(id);
  }
  return raised;
}

/** Checks one camera nobody watches and takes in what it found. */
export async function probeCamera(db: Db, camera: { id: number; tenant_id: number; source_url: string }, signal?: AbortSignal): Promise<CameraStatusEvent | null> {
  const probed = await probeSource(camera.source_url, undefined, signal);
  if (signal?.aborted) return null;
  const at = Date.now();
  const base = { cameraId: camera.id, tenantId: camera.tenant_id, url: camera.source_url, at };
  if (!probed.ok) return learn(db, { ...base, state: probed.failure.state, ...(probed.failure.codec ? { codec: probed.failure.codec } : {}) });
  const video = probed.source.video;
  if (!video || !SERVED_VIDEO.has(video.codec)) return learn(db, { ...base, state: 'unsupported', codec: video?.codec ?? 'none' });
  return learn(db, { ...base, state: 'live', videoCodec: video.codec });
}

const plugin: FastifyPluginAsync = async (app) => {
  // Camera health follows the cameras of every tenant: the media server's reports (each naming its
  // camera's tenant) and the probe of cameras nobody watches, over the whole camera table.
  const db = platformData(app, 'camera health follows the cameras of every tenant (source reports, probes of unwatched cameras)');
  const bus = busOf(db);
  bus.declare(CAMERA_TOPIC);
  const unsubscribe = bus.subscribe<CameraStatusEvent>(CAMERA_TOPIC, 'camera-device', (event) => followDevice(db, event));
  // What the media server learns while people watch.
  const stopReports = onSourceReport((report) => {
    if (report.url) learn(db, { ...report, url: report.url });
  });

  // Cameras nobody watches: one check at a time, soon after a camera is added or its source changes,
  // then once a minute; a camera being relayed is followed by its relay instead.
  const due = camerasWithSource(db);
  let busy = false;
  let closed = false;
  // Stops a check under way when the platform closes (ffprobe may wait on a silent host for seconds).
  const stopping = new AbortController();
  const tick = async (): Promise<void> => {
    if (busy || closed || !hasFfmpeg()) return;
    busy = true;
    try {
      const now = Date.now();
      for (const camera of due()) {
        if (closed) break;
        const h = health.get(camera.id);
        const fresh = h && h.url === camera.source_url && now - h.at < PROBE_EVERY_MS;
        if (fresh || isRelayed(camera.id)) continue;
        await probeCamera(db, camera, stopping.signal);
      }
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    closed = true;
    stopping.abort();
    clearInterval(timer);
    stopReports();
    unsubscribe();
  });
};

export default plugin;
