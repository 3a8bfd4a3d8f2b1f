// Bad input on camera sources (issue 35): only stream schemes, no private address unless its network is
// allowed, the password of a source URL never shown or logged (but kept), a masked URL sent back keeps
// the stored one, and a refusal changes nothing and names the field in zh and en.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { maskSourceUrl, maskUrlsIn } from '../security.ts';
import { usePlatform } from '../test-platform.ts';
import { api } from '../testing.ts';

const BASE = '/api/cctv/video/client';
const SECRET = 'S3cret-pw';

describe('masking', () => {
  it('masks the password of a URL and nothing else', () => {
    expect(maskSourceUrl(`rtsp://admin:${SECRET}@10.0.0.7:554/Streaming/Channels/101`)).toBe('rtsp://admin:***@10.0.0.7:554/Streaming/Channels/101');
    // A password holding an @ (written unencoded by hand) is masked whole; the host stays readable.
    expect(maskSourceUrl('rtsp://admin:p@ss@cam.example.com/live')).toBe('rtsp://admin:***@cam.example.com/live');
    expect(maskSourceUrl('rtsp://admin@cam.example.com/live')).toBe('rtsp://admin@cam.example.com/live');
    expect(maskSourceUrl('rtsp://cam.example.com/live?user=a@b')).toBe('rtsp://cam.example.com/live?user=a@b');
    expect(maskSourceUrl('')).toBe('');
  });

  it('masks every URL password in an ffmpeg error line', () => {
    // ffmpeg quotes the input URL, password and all, when it cannot open it.
    const url = `rtsp://cam:${SECRET}@127.0.0.1:9/h264`;
    const run = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-rtsp_transport', 'tcp', '-i', url], { encoding: 'utf8', timeout: 10_000 });
    const line = run.stderr.trim();
    expect(line).toContain(SECRET);
    expect(maskUrlsIn(line)).not.toContain(SECRET);
    expect(maskUrlsIn(line)).toContain('rtsp://cam:***@127.0.0.1:9/h264');
    expect(maskUrlsIn(`relay a rtmp://u:x@h/a and http://v:y@k/b`)).toBe('relay a rtmp://u:***@h/a and http://v:***@k/b');
  });
});

describe('camera sources without ATRIUM_CAMERA_NETWORKS', () => {
  const p = usePlatform();
  const group = async () => ((await p.call(p.admin, 'GET', '/api/admin/dataGrp/tree/0')).data as Array<{ id: number }>)[0]!.id;
  const create = async (sourceUrl: string, lang = 'en') =>
    (await api(p.s.base, 'POST', `${BASE}/setCamera`, { token: p.admin, body: { name: 'Src', label: `SRC-${Math.random().toString(36).slice(2, 8)}`, dataGroupId: await group(), sourceUrl }, headers: { lang } })).body;
  const count = async () => (await p.call(p.admin, 'GET', `${BASE}/getCameraList`, undefined, { name: 'Src', limit: '100' })).data.total as number;

  it('refuses other schemes and private addresses, naming the field in both languages, and saves nothing', async () => {
    const before = await count();
    for (const url of ['ftp://cam.example.com/live', 'file:///etc/passwd', 'javascript:alert(1)', 'srt://cam.example.com:9000', 'not a url']) {
      const en = await create(url);
      expect(en, url).toMatchObject({ code: -1, data: { field: 'sourceUrl' } });
      expect(en.msg).toBe('the source must be an rtsp, rtsps, rtmp, rtmps or http(s) stream URL');
    }
    expect((await create('gopher://cam.example.com/', 'zh')).msg).toBe('视频源地址须为 rtsp、rtsps、rtmp、rtmps 或 http(s) 流地址');
    for (const url of ['rtsp://192.168.1.64/h264', 'rtsp://10.1.2.3/h264', 'rtsp://127.0.0.1:8554/h264', 'rtsp://169.254.1.1/h264', 'rtsp://[::1]/h264', 'rtsp://[::ffff:7f00:1]/x', 'rtsp://localhost/h264', 'rtmp://cam.local/live']) {
      const en = await create(url);
      expect(en, url).toMatchObject({ code: -1, data: { field: 'sourceUrl' } });
      expect(en.msg).toContain('ATRIUM_CAMERA_NETWORKS');
    }
    expect((await create('rtsp://192.168.1.64/h264', 'zh')).msg).toBe('视频源指向本机或内网地址，平台未允许该网络（ATRIUM_CAMERA_NETWORKS）');
    expect(await count()).toBe(before);
    // Every allowed scheme on a public name is taken.
    for (const url of ['rtsp://cam.example.com/a', 'rtsps://cam.example.com/a', 'rtmp://cam.example.com/a', 'rtmps://cam.example.com/a', 'http://cam.example.com/a.flv', 'https://cam.example.com/a.flv']) expect((await create(url)).code, url).toBe(0);
    expect(await count()).toBe(before + 6);
  });

  it('refuses an edit to a private source and leaves the camera as it was', async () => {
    const made = (await create('rtsp://cam.example.com/one')).data as { id: number; sourceUrl: string; name: string };
    const refused = (await api(p.s.base, 'PUT', `${BASE}/updateCamera`, { token: p.admin, body: { id: made.id, name: 'Changed', sourceUrl: 'rtsp://10.0.0.5/one' }, headers: { lang: 'zh' } })).body;
    expect(refused).toMatchObject({ code: -1, data: { field: 'sourceUrl' } });
    const now = (await p.call(p.admin, 'GET', `${BASE}/getCameraList`, undefined, { id: String(made.id) })).data.rows[0];
    expect(now).toMatchObject({ name: 'Src', sourceUrl: 'rtsp://cam.example.com/one' });
  });
});

describe('camera sources on an allowed network, with credentials', () => {
  const p = usePlatform({ cameraNetworks: ['127.0.0.0/8', '192.168.1.0/24'] });
  const group = async () => ((await p.call(p.admin, 'GET', '/api/admin/dataGrp/tree/0')).data as Array<{ id: number }>)[0]!.id;
  const stored = (id: number) => (p.s.app.atrium.db.prepare('SELECT source_url FROM camera WHERE id = ?').get(id) as { source_url: string }).source_url;
  const url = `rtsp://admin:${SECRET}@192.168.1.64:554/Streaming/Channels/101`;
  const shown = 'rtsp://admin:***@192.168.1.64:554/Streaming/Channels/101';

  it('accepts a source on an allowed network', async () => {
    const made = await p.call(p.admin, 'POST', `${BASE}/setCamera`, { name: 'Loop', label: 'LOOP-1', dataGroupId: await group(), sourceUrl: 'rtsp://127.0.0.1:8554/h264' });
    expect(made).toMatchObject({ code: 0, data: { sourceUrl: 'rtsp://127.0.0.1:8554/h264' } });
    expect((await p.call(p.admin, 'POST', `${BASE}/setCamera`, { name: 'Out', label: 'OUT-1', dataGroupId: await group(), sourceUrl: 'rtsp://10.0.0.5/h264' })).data).toEqual({ field: 'sourceUrl' });
  });

  it('stores the password but shows it masked in every answer, the operation log and the server log', async () => {
    const made = await p.call(p.admin, 'POST', `${BASE}/setCamera`, { name: 'Gate', label: 'GATE-1', dataGroupId: await group(), sourceUrl: url });
    expect(made.code).toBe(0);
    expect(made.data.sourceUrl).toBe(shown);
    expect(stored(made.data.id)).toBe(url);
    const list = await p.call(p.admin, 'GET', `${BASE}/getCameraList`, undefined, { limit: '100' });
    const detail = await p.call(p.admin, 'GET', `${BASE}/getCameraList`, undefined, { id: String(made.data.id) });
    expect(detail.data.rows[0].sourceUrl).toBe(shown);
    const oplog = await p.call(p.admin, 'POST', '/api/ops/gate_log/page', { page: 1, limit: 100 });
    expect(oplog.code).toBe(0);
    p.s.app.atrium.log(`media: relay of camera ${made.data.id} ended: ${url}: 401 Unauthorized`);
    for (const text of [JSON.stringify(list), JSON.stringify(detail), JSON.stringify(oplog), p.s.logs.join('\n')]) expect(text).not.toContain(SECRET);
    expect(p.s.logs.join('\n')).toContain(shown);
  });

  it('keeps the stored password when the shown URL is sent back, and refuses *** on another URL', async () => {
    const made = (await p.call(p.admin, 'POST', `${BASE}/setCamera`, { name: 'Dock', label: 'DOCK-1', dataGroupId: await group(), sourceUrl: url })).data as { id: number };
    // The edit form sends the camera back as it was shown, with one field changed.
    const edited = await p.call(p.admin, 'PUT', `${BASE}/updateCamera`, { id: made.id, name: 'Dock east', sourceUrl: shown });
    expect(edited).toMatchObject({ code: 0, data: { name: 'Dock east', sourceUrl: shown } });
    expect(stored(made.id)).toBe(url);
    // *** with another host or path would hand the stored password to an address nobody typed it for.
    for (const lang of ['en', 'zh'] as const) {
      const moved = (await api(p.s.base, 'PUT', `${BASE}/updateCamera`, { token: p.admin, body: { id: made.id, name: 'Moved', sourceUrl: 'rtsp://admin:***@192.168.1.65:554/Streaming/Channels/101' }, headers: { lang } })).body;
      expect(moved).toMatchObject({ code: -1, data: { field: 'sourceUrl' } });
      expect(moved.msg).toBe(lang === 'en' ? 'the password in the source URL is shown as ***: type the password again when changing the URL' : '视频源地址中的密码显示为 ***：修改地址时请重新输入密码');
    }
    expect(stored(made.id)).toBe(url);
    expect((await p.call(p.admin, 'GET', `${BASE}/getCameraList`, undefined, { id: String(made.id) })).data.rows[0].name).toBe('Dock east');
    // A new password typed in replaces the stored one.
    await p.call(p.admin, 'PUT', `${BASE}/updateCamera`, { id: made.id, sourceUrl: 'rtsp://admin:N3w-pw@192.168.1.64:554/Streaming/Channels/101' });
    expect(stored(made.id)).toBe('rtsp://admin:N3w-pw@192.168.1.64:554/Streaming/Channels/101');
  });
});

describe("the console's content security policy", () => {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-csp-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title>');
  const p = usePlatform({ staticDir: dir, mediaPort: 18081, mediaOrigins: ['http://127.0.0.2:8081', 'wss://media.example.com'] });

  it('lets the console connect to the own media port and each configured media origin with its twin', async () => {
    const csp = (await fetch(`${p.s.base}/`)).headers.get('content-security-policy') ?? '';
    rmSync(dir, { recursive: true, force: true });
    const connect = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('connect-src'))!.split(' ');
    expect(connect).toEqual(expect.arrayContaining(["'self'", 'http://*:18081', 'ws://*:18081', 'http://127.0.0.2:8081', 'ws://127.0.0.2:8081', 'wss://media.example.com', 'https://media.example.com']));
    expect(connect).not.toContain('http:');
    expect(csp).toContain("script-src 'self'");
  });
});
