// Cameras played through an existing media server: a real node-media-server 4 (its own process) pulls a
// camera (an RTSP camera stand-in, credentials in its URL) when the platform is asked
// to play it, serves it at the URLs the play answer gives (signed, so an unsigned or guessed URL gets
// nothing), and lets it go when the last viewer shuts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayPaths, startNms, startRtspCamera, type RunningNms } from '../../../tests/external-media/nms.ts';
import { api, login, removeDir, start, type Running } from '../testing.ts';

const BASE = '/api/cctv/video/client';

/** The first `want` bytes of an HTTP-FLV answer (fewer if it ends first or nothing comes within `ms`). */
async function readFlv(url: string, want = 20_000, ms = 5000): Promise<Buffer> {
  const res = await fetch(url, { signal: AbortSignal.timeout(ms) });
  const chunks: Buffer[] = [];
  let got = 0;
  try {
    const reader = res.body!.getReader();
    while (got < want) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(Buffer.from(value));
      got += value.length;
    }
    await reader.cancel();
  } catch {
    /* timed out: answer what came */
  }
  return Buffer.concat(chunks);
}

/** The first two body bytes (frame type + codec, AVC packet type) of each video tag in an FLV stream. */
function videoTagStarts(flv: Buffer): string[] {
  const out: string[] = [];
  for (let at = 13; at + 13 <= flv.length; ) {
    const size = flv.readUIntBE(at + 1, 3);
    if (flv[at] === 9) out.push(`${flv[at + 11]!.toString(16)} ${flv[at + 12]!.toString(16).padStart(2, '0')}`);
    at += 11 + size + 4;
  }
  return out;
}

describe('a camera played through node-media-server', () => {
  let nms: RunningNms;
  let camera: Awaited<ReturnType<typeof startRtspCamera>>;
  let s: Running;
  let admin: string;
  let cameraId: number;
  let demoCameraId: number;
  const call = async (method: string, path: string, body?: unknown, lang = 'en') => (await api(s.base, method, path, { token: admin, body, headers: { lang } })).body;

  beforeAll(async () => {
    [nms, camera] = await Promise.all([startNms(), startRtspCamera()]);
    s = await start({
      faults: true,
      cameraNetworks: ['127.0.0.0/8'],
      mediaPort: 18_999,
      mediaOrigins: [nms.origin],
      mediaServer: { kind: 'nms', api: nms.origin, playOrigin: nms.origin, user: nms.user, password: nms.password, playSecret: nms.playSecret },
    });
    admin = await login(s.base, 'admin', 'admin123');
    const group = ((await call('GET', '/api/admin/dataGrp/tree/0')).data as Array<{ id: number }>)[0]!.id;
    cameraId = (await call('POST', `${BASE}/setCamera`, { name: 'Relayed', label: 'NMS-1', dataGroupId: group, sourceUrl: camera.url })).data.id;
    demoCameraId = (await call('POST', `${BASE}/setCamera`, { name: 'Demo', label: 'NMS-DEMO', dataGroupId: group })).data.id;
  }, 60_000);

  afterAll(async () => {
    await s?.stop();
    if (s) removeDir(s.dir);
    await Promise.all([nms?.stop(), camera?.stop()]);
  });

  it('answers signed play URLs on the external server, which serves the camera; unsigned ones get nothing', async () => {
    const answer = await call('POST', `${BASE}/request`, { id: cameraId, playType: 0 });
    expect(answer.code).toBe(0);
    const { flvUri, wsUri, code } = answer.data as { flvUri: string; wsUri: string; code: string };
    expect(flvUri).toMatch(new RegExp(`^${nms.origin}/atrium/c${cameraId}-[0-9a-f]{18}\\.flv\\?sign=\\d+-[0-9a-f]{32}$`));
    expect(wsUri).toBe(flvUri.replace(/^http:/, 'ws:'));
    expect(await relayPaths(nms)).toEqual([new URL(flvUri).pathname.replace(/\.flv$/, '')]);
    const flv = await readFlv(flvUri);
    expect(flv.subarray(0, 3).toString()).toBe('FLV');
    expect(flv.length).toBeGreaterThanOrEqual(20_000);
    // The camera's H.264: its decoder record (an AVC sequence header tag) first, then a key frame.
    const video = videoTagStarts(flv);
    expect(video.slice(0, 2)).toEqual(['17 00', '17 01']);
    expect((await readFlv(flvUri.replace(/\?.*$/, ''), 1000, 2000)).length).toBe(0);
    // A camera without a source still plays from the platform's own media server.
    const demo = await call('POST', `${BASE}/request`, { id: demoCameraId, playType: 0 });
    expect(demo.data.flvUri).toMatch(/^http:\/\/127\.0\.0\.1:18999\/live\//);
    await call('POST', `${BASE}/shut`, { id: demoCameraId, playCode: demo.data.code });
    await call('POST', `${BASE}/shut`, { id: cameraId, playCode: code });
  });

  it('pulls a camera once for all its viewers and releases it when the last one shuts', async () => {
    const one = (await call('POST', `${BASE}/request`, { id: cameraId, playType: 0 })).data as { flvUri: string; code: string };
    const two = (await call('POST', `${BASE}/request`, { id: cameraId, playType: 0 })).data as { flvUri: string; code: string };
    const path = new URL(one.flvUri).pathname.replace(/\.flv$/, '');
    expect(new URL(two.flvUri).pathname).toBe(new URL(one.flvUri).pathname);
    expect((await relayPaths(nms)).filter((p) => p === path)).toHaveLength(1);
    // Heartbeats and shut go to the platform, as with its own media server.
    expect((await api(s.base, 'GET', `${BASE}/heart`, { token: admin, query: { id: String(cameraId), playCode: one.code } })).body.data).toBe(true);
    await call('POST', `${BASE}/shut`, { id: cameraId, playCode: one.code });
    expect(await relayPaths(nms)).toContain(path);
    await call('POST', `${BASE}/shut`, { id: cameraId, playCode: two.code });
    const until = Date.now() + 15_000;
    while ((await relayPaths(nms)).includes(path) && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
    expect(await relayPaths(nms)).not.toContain(path);
  });

  it('states it when the external server cannot pull a source, or does not answer, in both languages', async () => {
    const group = ((await call('GET', '/api/admin/dataGrp/tree/0')).data as Array<{ id: number }>)[0]!.id;
    const https = (await call('POST', `${BASE}/setCamera`, { name: 'Web', label: 'NMS-HTTPS', dataGroupId: group, sourceUrl: 'https://cam.example.com/live.flv' })).data.id as number;
    expect(await call('POST', `${BASE}/request`, { id: https, playType: 0 })).toMatchObject({ code: -1, msg: 'the external media server cannot pull this kind of source' });
    expect((await call('POST', `${BASE}/request`, { id: https, playType: 0 }, 'zh')).msg).toBe('外部媒体服务器不能拉取这种视频源');
    await nms.stop();
    expect(await call('POST', `${BASE}/request`, { id: cameraId, playType: 0 })).toMatchObject({ code: -1, msg: 'the external media server does not answer or refused to pull the camera' });
    expect((await call('POST', `${BASE}/request`, { id: cameraId, playType: 0 }, 'zh')).msg).toBe('外部媒体服务器无法连接或拒绝了拉流请求');
  });
});
