// Test-only routes (ATRIUM_FAULTS=1, never in plain `npm start`), kept out of the product's route
// files: journeys and server tests use them to make the platform do now what it would do by itself
// later (a simulator round, a scheduler tick, a retry), to put it in a state (a device's status, a
// gateway's behaviour, a directory down, a media server restart), or to read what a device received.
// test-switch.ts has createApp install them after the route modules; they reach the engines those
// started through services.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ALARM_HANDLE_STATUSES, ALARM_LEVELS, type AlarmBulkCreate } from '../../shared/api/alarm-types.ts';
import { isDeviceStatus, type DeviceStatusForce, type SimulatorRate } from '../../shared/api/device-types.ts';
import type { PtzCommandRecord } from '../../shared/api/video-types.ts';
import { currentMediaServer } from '../media/index.ts';
import { setDeviceStatus } from './devices/device-simulator.ts';
import { fail, ok, rule, validBody } from './http.ts';
import { engineOf } from './linkage/linkage-engine.ts';
import { storePoint } from './devices/point-write.ts';
import { directoryOf } from './people/directory.ts';
import { say } from './video/video.ts';
import { raiseAlarms } from './alarms/alarm-simulator.ts';
import { col, shape } from './shape.ts';
import { servicesOf } from './services.ts';

/** A pan-tilt command as the test hook answers it (ptz_command). */
const PTZ = shape<PtzCommandRecord>({ cameraId: col.value('camera_id'), action: col.value('action'), start: col.value('start'), speed: col.value('speed'), runTime: col.value('run_time'), at: col.value('at') });

type BulkAlarms = AlarmBulkCreate & { tenantId?: number };

export function installTestHooks(app: FastifyInstance): void {
  const { db } = app.atrium;
  const handles = servicesOf(app.atrium);

  // ---- alarms: a run of alarms at once (lists, paging and the bell's cap) ----
  app.post<{ Body: BulkAlarms }>(
    '/__test/alarms',
    {
      preHandler: validBody<BulkAlarms>({
        count: [rule.required, rule.int(1, 100_000)],
        level: [rule.oneOf(...ALARM_LEVELS)],
        handleStatus: [rule.oneOf(...ALARM_HANDLE_STATUSES)],
        tenantId: [rule.int(1, 2 ** 31 - 1)],
      }),
    },
    async (request: FastifyRequest<{ Body: BulkAlarms }>) => {
      const { count, level, handleStatus, tenantId = 1 } = request.body;
      const created = raiseAlarms(db, tenantId, count, { ...(level ? { level } : {}), ...(handleStatus ? { handleStatus } : {}) });
      return ok({ created });
    },
  );

  // ---- attendance: an access-control event (or a run of them) at a given time ----
  app.post<{ Body: { clocks?: Array<{ userId: number; at: number; deviceId?: number }> } | null }>('/__test/attendance/clock', async (request) => {
    const clocks = request.body?.clocks;
    if (!Array.isArray(clocks)) return fail('clocks must be a list of { userId, at }');
    for (const c of clocks) {
      const t = db.prepare('SELECT tenant_id FROM user WHERE id = ?').get<{ tenant_id: number }>(c.userId);
      if (t) db.prepare("INSERT INTO att_clock (tenant_id, user_id, at, source, device_id) VALUES (?, ?, ?, 'device', ?)").run(t.tenant_id, c.userId, c.at, c.deviceId ?? null);
    }
    return ok({ stored: clocks.length });
  });

  // ---- devices: a state change at a moment of the journey's choosing; the simulator's rate ----
  app.post<{ Body: DeviceStatusForce }>('/__test/device/status', async (request) => {
    const body = (request.body ?? {}) as Partial<DeviceStatusForce>;
    if (!isDeviceStatus(body.status)) return fail('status must be online, offline or unknown');
    const tenantId = typeof body.tenantId === 'number' ? body.tenantId : 1;
    const row = (
      typeof body.id === 'number'
        ? db.prepare('SELECT id FROM device WHERE id = ? AND tenant_id = ?').get(body.id, tenantId)
        : db.prepare('SELECT id FROM device WHERE code = ? AND tenant_id = ?').get(String(body.code ?? ''), tenantId)
    ) as { id: number } | undefined;
    if (!row) return fail('no such device');
    const seq = setDeviceStatus(db, tenantId, row.id, body.status);
    return ok({ id: row.id, status: body.status, seq });
  });
  app.post<{ Body: SimulatorRate }>('/__test/device/simulator', async (request) => {
    const share = (request.body as Partial<SimulatorRate> | undefined)?.sharePerMinute;
    if (typeof share !== 'number' || !(share >= 0 && share <= 1)) return fail('sharePerMinute must be a number from 0 to 1');
    const simulator = handles.deviceSimulator;
    if (!simulator) return fail('no device simulator');
    simulator.setRate(share);
    return ok<SimulatorRate>({ sharePerMinute: simulator.sharePerMinute });
  });

  // ---- directory: the demo directory down and up, a person in it disabled ----
  app.post<{ Body: { up?: boolean; uid?: string; disabled?: boolean } | null }>('/__test/ldap', async (request) => {
    const directory = directoryOf.get(app.atrium)?.embedded();
    if (!directory) return fail('no directory');
    if (typeof request.body?.up === 'boolean') await directory.setUp(request.body.up);
    if (request.body?.uid) directory.setDisabled(request.body.uid, request.body.disabled === true);
    return ok({ port: directory.port });
  });

  // ---- jobs: run what is due at `at` (a later clock), and wait until the runs end ----
  app.post<{ Body: { at?: number } | null }>('/__test/jobs/tick', async (request) => {
    const scheduler = handles.scheduler?.();
    await scheduler?.tick(request.body?.at ?? Date.now());
    await scheduler?.idle();
    return ok({});
  });

  // ---- linkage: run the due retries now, and wait until every running firing has settled ----
  app.post<{ Body: { at?: number } | null }>('/__test/linkage/settle', async (request) => {
    const engine = engineOf(db);
    await engine?.retryDue(request.body?.at ?? Date.now());
    await engine?.idle();
    return ok({});
  });

  // ---- cluster monitor: one sample now ----
  app.post('/__test/monitor/sample', async () => (handles.sampleMonitor ? ok(await handles.sampleMonitor()) : fail('no monitor')));

  // ---- points: one simulator round now; a reading as the device reports it; a gateway's behaviour ----
  app.post<{ Body: { at?: number } | null }>('/__test/points/tick', async (request) => ok({ written: handles.pointSimulator?.()?.tick(request.body?.at ?? Date.now()) ?? 0 }));
  app.post<{ Body: { deviceId: number; code: string; value: number; at?: number } }>('/__test/points/set', async (request) => {
    const { deviceId, code, value, at } = request.body ?? {};
    if (!Number.isInteger(deviceId) || typeof code !== 'string' || typeof value !== 'number') return fail('deviceId, code and value are required');
    const device = db.prepare('SELECT tenant_id FROM device WHERE id = ?').get<{ tenant_id: number }>(deviceId);
    if (!device) return fail('no such device');
    storePoint(db, device.tenant_id, deviceId, code, value, at ?? Date.now());
    return ok({ deviceId, code, value });
  });
  app.post<{ Body: { gatewayId: number; mode?: string; status?: string } }>('/__test/gateway', async (request) => {
    const { gatewayId, mode, status } = request.body;
    if (mode) db.prepare('INSERT INTO gateway_sim (gateway_id, mode) VALUES (?, ?) ON CONFLICT (gateway_id) DO UPDATE SET mode = excluded.mode').run(gatewayId, mode);
    if (status) db.prepare('UPDATE gateway SET status = ?, status_at = ? WHERE id = ?').run(status, Date.now(), gatewayId);
    return ok({ gatewayId });
  });

  // ---- sign-in: the answer of the captcha image a browser was given (its id is the browser's cookie) ----
  app.get<{ Querystring: { id?: string } }>('/__test/captcha', async (request) => {
    const answer = app.atrium.captchas.peek(String(request.query.id ?? ''));
    return answer === undefined ? fail('no such captcha') : ok({ answer });
  });

  // ---- video: the pan-tilt commands a camera received; the media server dying and coming back ----
  app.get<{ Querystring: { cameraId?: string; since?: string } }>('/__test/ptz', async (request) => {
    const rows = db.prepare(`SELECT ${PTZ.select} FROM ptz_command WHERE camera_id = ? AND at >= ? ORDER BY id`).all(Number(request.query.cameraId ?? 0), Number(request.query.since ?? 0));
    return ok<PtzCommandRecord[]>(PTZ.all(rows));
  });
  app.post<{ Body: { action: 'stop' | 'start' } }>('/__test/media', { preHandler: validBody<{ action: string }>({ action: [rule.required, rule.oneOf('stop', 'start')] }) }, async (request) => {
    const media = currentMediaServer();
    if (!media) return fail(say(request, 'mediaHook'));
    if (request.body.action === 'stop') await media.stop();
    else await media.start();
    return ok(media.stats());
  });
}
