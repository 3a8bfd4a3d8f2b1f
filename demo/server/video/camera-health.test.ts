// Camera source health on the platform (issue 35): a camera with a real source (tests/cameras) is
// checked while nobody watches it, the list answers its online flag and state, and a camera that goes
// offline is an event that moves its device and raises "camera offline" through an alarm rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRtspCameras, type RtspCameras } from '../../../tests/cameras/rtsp.ts';
import { CAMERA_TOPIC, learn, probeCamera, type CameraStatusEvent } from './camera-health.ts';
import { busOf } from '../bus.ts';
import { usePlatform } from '../test-platform.ts';

const BASE = '/api/cctv/video/client';

describe('camera source health', () => {
  const p = usePlatform({ cameraNetworks: ['127.0.0.0/8'] });
  let cameras: RtspCameras;
  beforeAll(async () => {
    cameras = await startRtspCameras();
  }, 30_000);
  afterAll(async () => {
    await cameras?.close();
  });

  const db = () => p.s.app.atrium.db;
  const group = async () => ((await p.call(p.admin, 'GET', '/api/admin/dataGrp/tree/0')).data as Array<{ id: number }>)[0]!.id;
  const add = async (label: string, sourceUrl: string): Promise<number> => {
    const made = await p.call(p.admin, 'POST', `${BASE}/setCamera`, { name: label, label, dataGroupId: await group(), sourceUrl });
    expect(made.code).toBe(0);
    return made.data.id as number;
  };
  const listed = async (id: number) => (await p.call(p.admin, 'GET', `${BASE}/getCameraList`, undefined, { id: String(id) })).data.rows[0] as { online: boolean; sourceState: string; sourceCodec?: string };
  const row = (id: number) => db().prepare('SELECT id, tenant_id, source_url FROM camera WHERE id = ?').get<{ id: number; tenant_id: number; source_url: string }>(id)!;

  it('answers a demo camera without a source as online and live', async () => {
    const first = (await p.call(p.admin, 'GET', `${BASE}/getCameraList`, undefined, { limit: '1' })).data.rows[0];
    expect(first).toMatchObject({ sourceUrl: '', online: true, sourceState: 'live' });
  });

  it('checks cameras nobody watches and answers each one\'s state', async () => {
    const ids = {
      live: await add('HEALTH-LIVE', cameras.url('h264')),
      credentials: await add('HEALTH-401', cameras.url('auth', 'cam:wrong')),
      notFound: await add('HEALTH-404', cameras.url('h264').replace('/h264', '/nothing')),
      offline: await add('HEALTH-DEAD', cameras.deadUrl),
      unsupported: await add('HEALTH-MJPEG', cameras.url('mjpeg')),
    };
    // The periodic check finds new cameras within seconds (one probe at a time).
    await expect.poll(async () => (await listed(ids.unsupported)).sourceState, { timeout: 40_000, interval: 500 }).not.toBe('connecting');
    expect(await listed(ids.live)).toMatchObject({ online: true, sourceState: 'live' });
    expect(await listed(ids.credentials)).toMatchObject({ online: false, sourceState: 'credentials' });
    expect(await listed(ids.notFound)).toMatchObject({ online: false, sourceState: 'not-found' });
    expect(await listed(ids.offline)).toMatchObject({ online: false, sourceState: 'offline' });
    expect(await listed(ids.unsupported)).toMatchObject({ online: false, sourceState: 'unsupported', sourceCodec: 'mjpeg' });
  }, 60_000);

  it('puts a camera going offline on the queue, moves its device and raises the offline alarm through a rule', async () => {
    const id = await add('CAM-FLAKY', cameras.url('flaky'));
    // The camera's device: its label as the code, a model with an `online` parameter, and a rule on it.
    const tenant = 1;
    const category = Number(db().prepare("INSERT INTO device_category (tenant_id, name, name_en) VALUES (?, '摄像机', 'Cameras')").run(tenant).lastInsertRowid);
    const model = Number(db().prepare("INSERT INTO device_model (tenant_id, category_id, code, name, name_en) VALUES (?, ?, 'IPC', '网络摄像机', 'IP camera')").run(tenant, category).lastInsertRowid);
    db().prepare("INSERT INTO model_param (tenant_id, model_id, name, name_en, code, data_type, access, ui_type, min, max, default_value) VALUES (?, ?, '在线', 'Online', 'online', 'bool', 'r', 'switch', '0', '1', '1')").run(tenant, model);
    const device = Number(db().prepare("INSERT INTO device (tenant_id, code, name, status, status_at, created_at, model_id) VALUES (?, 'CAM-FLAKY', 'Flaky camera', 'online', ?, ?, ?)").run(tenant, Date.now(), Date.now(), model).lastInsertRowid);
    const rule = await p.call(p.admin, 'POST', '/api/alarm/rule', { modelId: model, paramCode: 'online', expression: 'x == 0', level: 'critical', content: '{device} offline' });
    expect(rule.code).toBe(0);
    const events: CameraStatusEvent[] = [];
    busOf(db()).subscribe<CameraStatusEvent>(CAMERA_TOPIC, 'test-listener', (e) => events.push(e));
    const alarms = () => db().prepare("SELECT content_en, level FROM alarm WHERE tenant_id = 1 AND device_code = 'CAM-FLAKY'").all<{ content_en: string; level: string }>();
    const status = () => db().prepare('SELECT status FROM device WHERE id = ?').get<{ status: string }>(device)!.status;

    await probeCamera(db(), row(id));
    expect(await listed(id)).toMatchObject({ online: true, sourceState: 'live' });
    await cameras.stopFlaky();
    try {
      await probeCamera(db(), row(id));
      expect(await listed(id)).toMatchObject({ online: false, sourceState: 'offline' });
      await expect.poll(() => alarms(), { timeout: 5000 }).toEqual([{ content_en: 'Flaky camera offline', level: 'critical' }]);
      expect(status()).toBe('offline');
      expect(events.filter((e) => e.cameraId === id).map((e) => [e.online, e.state])).toEqual([[true, 'live'], [false, 'offline']]);
      // Still offline: no second event, no second alarm.
      await probeCamera(db(), row(id));
      expect(events.filter((e) => e.cameraId === id)).toHaveLength(2);
    } finally {
      await cameras.startFlaky();
    }
    await probeCamera(db(), row(id));
    expect(await listed(id)).toMatchObject({ online: true, sourceState: 'live' });
    await expect.poll(() => status(), { timeout: 5000 }).toBe('online');
    expect(alarms()).toHaveLength(1);
  }, 60_000);

  it('takes what the media server reports while someone watches, and ignores reports on a replaced source', async () => {
    const id = await add('HEALTH-REPORTED', cameras.url('h264-aac'));
    learn(db(), { cameraId: id, tenantId: 1, state: 'credentials', url: cameras.url('h264-aac'), at: Date.now() });
    expect(await listed(id)).toMatchObject({ online: false, sourceState: 'credentials' });
    expect(learn(db(), { cameraId: id, tenantId: 1, state: 'live', url: 'rtsp://127.0.0.1:1/old', at: Date.now() })).toBeNull();
    expect(await listed(id)).toMatchObject({ online: false, sourceState: 'credentials' });
  });
});
