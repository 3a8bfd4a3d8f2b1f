import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaServer, type MediaServer } from '../../media/index.ts';
import { api, login, removeDir, start, type Running } from '../testing.ts';
import { parseTime, replayRange } from './video.ts';
import { cameraFilter, cameraPage, cameraRow, countCameras } from './camera-data.ts';
import { tenantDataOf } from '../tenant-data.ts';
import type { CameraList, PlayStream } from '../../../shared/api/video-types.ts';

let server: Running;
let media: MediaServer;
const tokens: Record<string, string> = {};
const BASE = '/api/cctv/video/client';

beforeAll(async () => {
  server = await start({ faults: true });
  media = await startMediaServer({ port: 0, host: '127.0.0.1', log: () => undefined });
  for (const [u, p] of [['admin', 'admin123'], ['operator', 'operator123'], ['viewer', 'viewer123'], ['admin2', 'admin123']]) tokens[u!] = await login(server.base, u!, p!);
});

afterAll(async () => {
  await media.close();
  await server.stop();
  removeDir(server.dir);
});

const list = async (who: string, query: Record<string, string> = {}) => (await api(server.base, 'GET', `${BASE}/getCameraList`, { token: tokens[who], query })).body;
const play = async (who: string, body: Record<string, unknown>) => (await api(server.base, 'POST', `${BASE}/request`, { token: tokens[who], body })).body;

describe('camera list', () => {
  it('lists the seeded cameras of the caller tenant only, paged', async () => {
    const first = (await list('admin', { page: '1', limit: '20000' })).data as CameraList;
    expect(first.total).toBeGreaterThanOrEqual(40);
    expect(first.rows.length).toBe(first.total);
    expect(first.rows[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), label: expect.any(String), data_group_Id: expect.any(Number), params: { disableYunControl: expect.any(Boolean) } });
    const page2 = (await list('admin', { page: '2', limit: '10' })).data as CameraList;
    expect(page2.rows.map((r) => r.id)).toEqual(first.rows.slice(10, 20).map((r) => r.id));
    const other = (await list('admin2', { limit: '20000' })).data as CameraList;
    expect(other.total).toBeGreaterThan(0);
    expect(other.total).toBeLessThan(10);
    const mine = new Set(first.rows.map((r) => r.id));
    expect(other.rows.some((r) => mine.has(r.id))).toBe(false);
  });

  it('refuses a limit above 20000', async () => {
    expect((await list('admin', { limit: '20001' })).code).toBe(-1);
  });

  it('finds one camera by exact label and filters by group and name', async () => {
    const exact = (await list('admin', { page: '1', limit: '10', label: 'CAM-001', exact: 'true' })).data as CameraList;
    expect(exact.rows.map((r) => r.label)).toEqual(['CAM-001']);
    expect(((await list('admin', { label: 'CAM-00', exact: 'true' })).data as CameraList).total).toBe(0);
    expect(((await list('admin', { label: 'CAM-00' })).data as CameraList).total).toBe(9);
    const all = ((await list('admin', { limit: '20000' })).data as CameraList).rows;
    const group = all[0]!.data_group_Id!;
    const inGroup = ((await list('admin', { dataGroupId: String(group), limit: '100' })).data as CameraList).rows;
    expect(inGroup.length).toBe(all.filter((r) => r.data_group_Id === group).length);
    // A name matches in either language; the answer names the camera in the caller's.
    const lobby = ((await list('admin', { name: 'lobby', limit: '100' })).data as CameraList).rows;
    expect(lobby.map((r) => r.name)).toEqual(['A栋大堂正门', 'B栋大堂正门']);
    const english = (await api(server.base, 'GET', `${BASE}/getCameraList`, { token: tokens.admin, query: { name: '大堂', limit: '100' }, headers: { lang: 'en' } })).body.data as CameraList;
    expect(english.rows.map((r) => r.name)).toEqual(['Building A lobby main entrance', 'Building B lobby main entrance']);
  });

  it('filters by one whole tag on the server, so totals and paging are right', async () => {
    const all = ((await list('admin', { limit: '20000' })).data as CameraList).rows;
    const tag = all[0]!.tags[0]!;
    const expected = all.filter((r) => r.tags.includes(tag));
    const tagged = (await list('admin', { tag, limit: '5' })).data as CameraList;
    expect(tagged.total).toBe(expected.length);
    expect(tagged.rows.map((r) => r.id)).toEqual(expected.slice(0, 5).map((r) => r.id));
    // A part of a tag is not the tag; LIKE wildcards in it are literal.
    expect(((await list('admin', { tag: tag.slice(0, -1) })).data as CameraList).total).toBe(all.filter((r) => r.tags.includes(tag.slice(0, -1))).length);
    expect(((await list('admin', { tag: '%' })).data as CameraList).total).toBe(0);
  });

  it('names seeded tags in the caller language, finds them by either, and keeps both when sent back unchanged', async () => {
    const inEnglish = async (who: string, query: Record<string, string>) => (await api(server.base, 'GET', `${BASE}/getCameraList`, { token: tokens[who], query, headers: { lang: 'en' } })).body.data as CameraList;
    const zh = ((await list('admin', { label: 'CAM-001', exact: 'true' })).data as CameraList).rows[0]!;
    const en = (await inEnglish('admin', { label: 'CAM-001', exact: 'true' })).rows[0]!;
    expect([zh.tags, en.tags]).toEqual([['总部园区', '云台'], ['Headquarters campus', 'PTZ']]);
    const tagList = async (lang: string) => (await api(server.base, 'GET', `${BASE}/tags`, { token: tokens.admin, headers: { lang } })).body.data as string[];
    expect(await tagList('zh')).toEqual(expect.arrayContaining(['总部园区', '数据中心', '云台', '固定']));
    expect((await tagList('zh')).some((t) => /[A-Za-z]/.test(t))).toBe(false);
    expect(await tagList('en')).toEqual(['Data centre', 'Fixed', 'Headquarters campus', 'PTZ']);
    // The filter takes a tag in either language: the same cameras.
    const byZh = ((await list('admin', { tag: '云台', limit: '100' })).data as CameraList).rows.map((r) => r.id);
    expect(byZh.length).toBeGreaterThan(0);
    expect((await inEnglish('admin', { tag: 'PTZ', limit: '100' })).rows.map((r) => r.id)).toEqual(byZh);
    // The other tenant's camera: its tags sent back as an English reader sees them keep both languages;
    // a typed tag replaces them in both.
    const theirs = (await inEnglish('admin2', { label: 'ST-CAM-001', exact: 'true' })).rows[0]!;
    const update = (tags: string[]) => api(server.base, 'PUT', `${BASE}/updateCamera`, { token: tokens.admin2, body: { id: theirs.id, tags }, headers: { lang: 'en' } });
    expect((await update(theirs.tags)).body.code).toBe(0);
    const zhOf = async () => ((await api(server.base, 'GET', `${BASE}/getCameraList`, { token: tokens.admin2, query: { label: 'ST-CAM-001', exact: 'true' } })).body.data as CameraList).rows[0]!.tags;
    expect(await zhOf()).toEqual(['总部', '云台']);
    expect((await update(['Lobby', 'PTZ'])).body.code).toBe(0);
    expect(await zhOf()).toEqual(['Lobby', 'PTZ']);
  });

  it('needs a video right', async () => {
    expect((await list('viewer')).code).toBe(40301);
  });
});

describe('play requests', () => {
  it('answers a live stream whose URL works only with its code', async () => {
    const res = await play('admin', { id: 1, playType: 0 });
    expect(res.code).toBe(0);
    const s = res.data as PlayStream;
    expect(s.playType).toBe(0);
    expect(s.flvUri).toMatch(/\/live\/1\.flv\?code=/);
    const url = new URL(s.flvUri);
    const direct = `http://127.0.0.1:${media.port}${url.pathname}`;
    expect((await fetch(direct)).status).toBe(403);
    const ok = await fetch(`${direct}?code=${s.code}`);
    expect(ok.status).toBe(200);
    await ok.body?.cancel();
  });

  it('answers an H.265 camera as H.265 to a browser that decodes it, transcoded for others; replay is H.264', async () => {
    const cam = ((await list('admin', { label: 'CAM-046', exact: 'true' })).data as CameraList).rows[0]!;
    expect(cam.codec).toBe('h265');
    const native = (await play('admin', { id: cam.id, playType: 0, h265: true })).data as PlayStream;
    expect([native.codec, native.transcoded]).toEqual(['h265', undefined]);
    const other = (await play('admin', { id: cam.id, playType: 0, h265: false })).data as PlayStream;
    expect([other.codec, other.transcoded]).toEqual(['h264', true]);
    // Without the flag the browser is taken not to decode H.265.
    expect(((await play('admin', { id: cam.id, playType: 0 })).data as PlayStream).transcoded).toBe(true);
    const [live, replay] = (await play('admin', { id: cam.id, playType: 2, h265: true })).data as PlayStream[];
    expect([live!.codec, replay!.codec, replay!.transcoded]).toEqual(['h265', 'h264', undefined]);
    // An H.264 camera is H.264 whatever the browser says.
    expect(((await play('admin', { id: 1, playType: 0, h265: true })).data as PlayStream).codec).toBe('h264');
    expect((await play('admin', { id: cam.id, playType: 0, h265: 'yes' })).code).toBe(-1);
  });

  it('answers a list for playType 2 and a replay defaulting to today', async () => {
    const both = (await play('admin', { id: 2, playType: 2 })).data as PlayStream[];
    expect(both.map((s) => s.playType)).toEqual([0, 1]);
    expect(both[1]!.flvUri).toMatch(/\/replay\/2\.flv/);
  });

  it('gives operator live but not replay, and keeps tenants apart', async () => {
    expect((await play('operator', { id: 1, playType: 0 })).code).toBe(0);
    expect((await play('operator', { id: 1, playType: 1 })).code).toBe(40301);
    expect((await play('operator', { id: 1, playType: 2 })).code).toBe(40301);
    const foreign = await play('admin2', { id: 1, playType: 0 });
    expect(foreign.code).toBe(-1);
    expect(foreign.data).toBeUndefined();
    expect((await play('admin', { id: 999999, playType: 0 })).code).toBe(-1);
  });

  it('keeps a code alive with heartbeats and ends it with shut', async () => {
    const s = (await play('admin', { id: 3 })).data as PlayStream;
    const heart = (who: string) => api(server.base, 'GET', `${BASE}/heart`, { token: tokens[who], query: { id: '3', playCode: s.code } });
    expect((await heart('admin')).body.code).toBe(0);
    expect((await heart('admin2')).body.code).toBe(-1);
    expect((await api(server.base, 'POST', `${BASE}/shut`, { token: tokens.admin, body: { id: 3, playCode: s.code } })).body.data).toBe(true);
    expect((await heart('admin')).body.code).toBe(-1);
    // A heartbeat's parameters are declared: one it does not take, or a malformed code, is refused by name.
    expect((await api(server.base, 'GET', `${BASE}/heart`, { token: tokens.admin, query: { id: '3', playCode: s.code, extra: '1' } })).body).toMatchObject({ code: -1, data: { field: 'extra' } });
    expect((await api(server.base, 'GET', `${BASE}/heart`, { token: tokens.admin, query: { id: 'x', playCode: s.code } })).body).toMatchObject({ code: -1, data: { field: 'id' } });
  });

  it('records pan-tilt start and stop commands and validates them', async () => {
    const ptzCam = ((await list('admin', { limit: '100' })).data as CameraList).rows.find((r) => !r.params.disableYunControl)!;
    const fixed = ((await list('admin', { limit: '100' })).data as CameraList).rows.find((r) => r.params.disableYunControl)!;
    const since = Date.now();
    expect((await play('admin', { id: ptzCam.id, playType: 3, action: 4, runTime: 500, start: 0, speed: 5 })).data).toMatchObject({ action: 4, start: 0, speed: 5 });
    expect((await play('admin', { id: ptzCam.id, playType: 3, action: 4, runTime: 500, start: 1, speed: 5 })).code).toBe(0);
    expect((await play('admin', { id: ptzCam.id, playType: 3, action: 11 })).code).toBe(-1);
    expect((await play('admin', { id: ptzCam.id, playType: 3, action: 1, speed: 8 })).code).toBe(-1);
    // The refusals name the field (the declaration's words; a pan-tilt command without its action too), and nothing is recorded.
    const en = async (body: Record<string, unknown>) => (await api(server.base, 'POST', `${BASE}/request`, { token: tokens.admin, body, headers: { lang: 'en' } })).body;
    expect(await en({ id: ptzCam.id, playType: 3 })).toMatchObject({ code: -1, msg: 'action: This field is required', data: { field: 'action' } });
    expect(await en({ id: ptzCam.id, playType: 3, action: 1, speed: 8 })).toMatchObject({ code: -1, data: { field: 'speed' } });
    expect(await en({ id: ptzCam.id, playType: 3, action: 1, zoom: 2 })).toMatchObject({ code: -1, data: { field: 'zoom' } });
    expect((await play('admin', { id: fixed.id, playType: 3, action: 1 })).code).toBe(-1);
    const log = await fetch(`${server.base}/__test/ptz?cameraId=${ptzCam.id}&since=${since}`).then((r) => r.json());
    expect(log.data.map((c: { start: number }) => c.start)).toEqual([0, 1]);
  });

  it('refuses replay ranges after today or upside down', async () => {
    expect((await play('admin', { id: 1, playType: 1, startTime: '2099-01-01 00:00:00', endTime: '2099-01-01 01:00:00' })).code).toBe(-1);
    expect((await play('admin', { id: 1, playType: 1, startTime: '2024-01-01 02:00:00', endTime: '2024-01-01 01:00:00' })).code).toBe(-1);
    // A past range inside the kept recordings plays; one older than the recordings finds nothing.
    const y = new Date(Date.now() - 24 * 3600_000);
    const day = `${y.getFullYear()}-${String(y.getMonth() + 1).padStart(2, '0')}-${String(y.getDate()).padStart(2, '0')}`;
    expect((await play('admin', { id: 1, playType: 1, startTime: `${day} 01:00:00`, endTime: `${day} 02:00:00` })).code).toBe(0);
    expect((await play('admin', { id: 1, playType: 1, startTime: '2024-01-01 01:00:00', endTime: '2024-01-01 02:00:00' })).msg).toBe('该时间段内没有录像');
  });
});

describe('requests as declared (shared/contract/video.ts)', () => {
  const en = async (method: string, path: string, options: { body?: unknown; query?: Record<string, string> }) =>
    (await api(server.base, method, `${BASE}${path}`, { token: tokens.admin, ...options, headers: { lang: 'en' } })).body;
  const count = async () => ((await list('admin', { limit: '1' })).data as CameraList).total;

  it('refuses a list parameter it does not declare, and a wrong type, by name', async () => {
    expect(await en('GET', '/getCameraList', { query: { limit: '5', sort: 'name' } })).toMatchObject({ code: -1, data: { field: 'sort' } });
    expect(await en('GET', '/getCameraList', { query: { exact: 'yes', label: 'CAM-001' } })).toMatchObject({ code: -1, msg: 'exact: must be true or false', data: { field: 'exact' } });
  });

  it('refuses a camera with an undeclared field or a forbidden code character, storing nothing', async () => {
    const before = await count();
    const group = ((await list('admin', { limit: '1' })).data as CameraList).rows[0]!.data_group_Id!;
    expect(await en('POST', '/setCamera', { body: { name: 'Door', label: 'CAM-X1', dataGroupId: group, enabled: true } })).toMatchObject({ code: -1, data: { field: 'enabled' } });
    expect(await en('POST', '/setCamera', { body: { name: 'Door', label: 'CAM-{1}', dataGroupId: group } })).toMatchObject({ code: -1, data: { field: 'label' } });
    expect(await en('POST', '/setCamera', { body: { name: 'Door', label: 'CAM-X1', dataGroupId: group, tags: [7] } })).toMatchObject({ code: -1, data: { field: 'tags' } });
    expect(await count()).toBe(before);
  });

  it('moves none when any camera named is not the caller own, and deletes nothing on a malformed list', async () => {
    const mine = ((await list('admin', { limit: '100' })).data as CameraList).rows;
    const theirs = ((await list('admin2', { limit: '100' })).data as CameraList).rows[0]!;
    const camera = mine.find((c) => c.data_group_Id !== mine[0]!.data_group_Id)!;
    const target = mine[0]!.data_group_Id!;
    expect(await en('POST', `/update/group/${target}`, { body: { ids: [camera.id, theirs.id] } })).toMatchObject({ code: -1 });
    const after = ((await list('admin', { id: String(camera.id) })).data as CameraList).rows[0]!;
    expect(after.data_group_Id).toBe(camera.data_group_Id);
    const before = await count();
    expect(await en('DELETE', '/deleteCamera', { body: { ids: [String(camera.id)] } })).toMatchObject({ code: -1, data: { field: 'ids' } });
    expect(await en('DELETE', '/deleteCamera', { body: {} })).toMatchObject({ code: -1, data: { field: 'id' } });
    expect(await count()).toBe(before);
  });
});

describe('export', () => {
  it('runs as a background task whose finished file only its owner can fetch', async () => {
    const started = await api(server.base, 'POST', `${BASE}/export`, { token: tokens.admin, body: {} });
    expect(started.body.code).toBe(0);
    const { key, hashKey } = started.body.data as { key: string; hashKey: string };
    expect(key).toBe('cameraExport');
    let item: { status: number; currentSize: number; totalSize: number; msg: string } | undefined;
    for (let i = 0; i < 50; i++) {
      const list = await api(server.base, 'GET', '/api/admin/progress', { token: tokens.admin, headers: { lang: 'en' } });
      item = (list.body.data as Array<{ hashKey: string; status: number; currentSize: number; totalSize: number; msg: string }>).find((p) => p.hashKey === hashKey);
      if (item?.status === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(item).toMatchObject({ status: 0, msg: expect.stringMatching(/cameras exported/) });
    expect(item!.currentSize).toBe(item!.totalSize);
    const file = await api(server.base, 'GET', `${BASE}/export/file`, { token: tokens.admin, query: { hashKey } });
    const lines = String(file.body).trim().split(/\r\n/);
    expect(lines[0]).toContain('id,name,label,group');
    expect(lines.length - 1).toBe(item!.totalSize);
    const stranger = await api(server.base, 'GET', `${BASE}/export/file`, { token: tokens.admin2, query: { hashKey } });
    expect(stranger.body.code).toBe(-1);
  });
});

describe('camera data module', () => {
  it('lists, counts and finds cameras without HTTP, bound to one tenant', () => {
    const db = server.app.atrium.db;
    const tenantOf = (username: string) => (db.prepare('SELECT tenant_id AS t FROM user WHERE username = ?').get(username) as { t: number }).t;
    const [one, two] = [tenantDataOf(db, tenantOf('admin')), tenantDataOf(db, tenantOf('admin2'))];
    const all = cameraFilter(one, null, {});
    const mine = cameraPage(one, all, 20000, 0);
    expect(mine.length).toBe(countCameras(one, all));
    expect(mine.length).toBeGreaterThanOrEqual(40);
    const theirs = cameraPage(two, cameraFilter(two, null, {}), 20000, 0);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((c) => mine.some((m) => m.id === c.id))).toBe(false);
    // The first tenant's camera does not exist in the second tenant's data, even asked for by its id.
    const first = mine[0]!;
    expect(cameraRow(one, first.id)?.label).toBe(first.label);
    expect(cameraRow(two, first.id)).toBeNull();
    expect(countCameras(two, cameraFilter(two, null, { id: first.id }))).toBe(0);
    expect(cameraPage(one, cameraFilter(one, null, { label: first.label, exact: true }), 10, 0).map((c) => c.id)).toEqual([first.id]);
  });
});

describe('time helpers', () => {
  it('parses the SPEC time format strictly', () => {
    expect(parseTime('2024-02-29 23:59:59')).toBe(new Date(2024, 1, 29, 23, 59, 59).getTime());
    expect(parseTime('2023-02-29 00:00:00')).toBeNull();
    expect(parseTime('2024-1-1 00:00:00')).toBeNull();
  });
  it('defaults replay to today in full', () => {
    const now = new Date(2024, 5, 10, 15, 30);
    expect(replayRange(undefined, undefined, now)).toEqual({ startMs: new Date(2024, 5, 10).getTime(), endMs: new Date(2024, 5, 10, 23, 59, 59).getTime() });
  });
});
