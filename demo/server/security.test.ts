import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalPath, inNetworks, isNonPublicAddress, sourceProblem } from './security.ts';
import { api, login, removeDir, start, type Running } from './testing.ts';

describe('canonical paths', () => {
  it('decodes, and refuses what the router could read differently', () => {
    expect(canonicalPath('/api/admin/x?y=1')).toBe('/api/admin/x');
    expect(canonicalPath('/%61pi/admin')).toBe('/api/admin');
    expect(canonicalPath('/api%2fadmin')).toBe(null);
    expect(canonicalPath('/api/../jwt')).toBe(null);
    expect(canonicalPath('//api/x')).toBe(null);
    expect(canonicalPath('/api/%E0%A4%A')).toBe(null);
  });
});

describe('camera sources', () => {
  it('allows stream protocols to public hosts only, unless the network is allowed', () => {
    expect(sourceProblem('rtsp://cam.example.com/stream1', [])).toBe(null);
    expect(sourceProblem('file:///etc/passwd', [])).toBe('scheme');
    expect(sourceProblem('/etc/passwd', [])).toBe('scheme');
    expect(sourceProblem('concat:a|b', [])).toBe('scheme');
    expect(sourceProblem('http://127.0.0.1:8080/api/admin', [])).toBe('private');
    expect(sourceProblem('http://localhost/x', [])).toBe('private');
    expect(sourceProblem('rtsp://[::1]/x', [])).toBe('private');
    expect(sourceProblem('rtsp://[::ffff:127.0.0.1]/x', [])).toBe('private');
    expect(sourceProblem('rtsp://169.254.169.254/latest', [])).toBe('private');
    expect(sourceProblem('rtsp://192.168.10.101:554/ch1', [])).toBe('private');
    expect(sourceProblem('rtsp://192.168.10.101:554/ch1', ['192.168.10.0/24'])).toBe(null);
    expect(sourceProblem('rtsp://192.168.11.1/ch1', ['192.168.10.0/24'])).toBe('private');
  });
  it('knows the non-public ranges', () => {
    for (const ip of ['10.1.2.3', '172.20.0.1', '100.64.0.1', '0.0.0.0', '::ffff:127.0.0.1', 'fd00::1', 'fe80::1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '::7f00:1', '64:ff9b::a00:1', '::', 'FE80::1%eth0', '0:0:0:0:0:0:0:1']) expect(isNonPublicAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '172.32.0.1', '2001:db8::1', '::ffff:808:808', '2606:4700::1111', '64:ff9b::808:808']) expect(isNonPublicAddress(ip), ip).toBe(false);
    expect(inNetworks('10.0.5.9', ['10.0.0.0/8'])).toBe(true);
  });
});

describe('on the platform', () => {
  let s: Running;
  let admin: string;
  beforeAll(async () => {
    s = await start();
    admin = await login(s.base, 'admin', 'admin123');
  });
  afterAll(async () => {
    await s.stop();
    removeDir(s.dir);
  });

  it('refuses an escaped /api path instead of answering it unsigned', async () => {
    const escaped = await fetch(`${s.base}/%61pi/admin/user/front/info`, { headers: { 'access-token': admin } });
    expect(escaped.status).toBe(400);
    // The same call spelled plainly, unsigned, is refused by the signature check.
    const plain = await fetch(`${s.base}/api/admin/user/front/info`, { headers: { 'access-token': admin } });
    expect(((await plain.json()) as { code: number }).code).toBe(40103);
  });

  it('locks an account after five wrong passwords and tells for how long', async () => {
    await api(s.base, 'POST', '/api/admin/user', { token: admin, body: { username: 'lock.me', name: 'Lock Me', password: 'right-pass-1', confirmPassword: 'right-pass-1', phone: '13700000041' } });
    const attempt = async (password: string, username = 'lock.me') =>
      (await (await fetch(`${s.base}/jwt/token`, { method: 'POST', headers: { 'content-type': 'application/json', lang: 'en' }, body: JSON.stringify({ username, password, model: 'password', verifyCode: '1234' }) })).json()) as { msg?: string; token?: string };
    for (let i = 0; i < 4; i++) expect((await attempt('wrong-pass')).msg).toBe('wrong username or password');
    expect((await attempt('wrong-pass')).msg).toBe('too many wrong passwords: the account is locked, try again in 1 minutes');
    // Locked: even the right password does not open it, and nothing about the password is revealed.
    expect((await attempt('right-pass-1')).token).toBeUndefined();
    expect((await attempt('right-pass-1')).msg).toMatch(/locked/);
    // Another account is not affected.
    expect((await attempt('admin123', 'admin')).token).toBeTruthy();
  });

  it('sends nosniff and a referrer policy on every answer', async () => {
    const answer = await fetch(`${s.base}/jwt/captcha`);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('refuses a camera source pointing at the platform itself or a local file, storing nothing', async () => {
    const group = ((await api(s.base, 'GET', '/api/admin/dataGrp/tree/0', { token: admin, headers: { lang: 'en' } })).body.data as Array<{ id: number }>)[0]!.id;
    const create = (sourceUrl: string) =>
      api(s.base, 'POST', '/api/cctv/video/client/setCamera', { token: admin, body: { name: 'Probe', label: `PROBE-${sourceUrl.length}`, dataGroupId: group, sourceUrl }, headers: { lang: 'en' } });
    const local = (await create('http://127.0.0.1:8080/api/admin/progress')).body;
    expect(local).toMatchObject({ code: -1, data: { field: 'sourceUrl' } });
    expect(local.msg).toContain('ATRIUM_CAMERA_NETWORKS');
    expect((await create('file:///etc/passwd')).body.data.field).toBe('sourceUrl');
    const list = (await api(s.base, 'GET', '/api/cctv/video/client/getCameraList', { token: admin, query: { name: 'Probe' } })).body.data;
    expect(list.total).toBe(0);
    expect((await create('rtsp://cam.example.com/live')).body.code).toBe(0);
  });
});

describe('cross-origin embedding', () => {
  let s: Running;
  beforeAll(async () => {
    s = await start({ allowedOrigins: ['http://portal.example'] });
  });
  afterAll(async () => {
    await s.stop();
    removeDir(s.dir);
  });

  const preflight = (origin: string) =>
    fetch(`${s.base}/api/alarm/total/tenant`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'access-token,timestamp,nonce,sign,lang' } });

  it('answers a configured portal’s preflight before any signature check, with credentials', async () => {
    const answer = await preflight('http://portal.example');
    expect(answer.status).toBeLessThan(300);
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://portal.example');
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
    expect(answer.headers.get('access-control-allow-headers')).toContain('access-token');
    const token = await login(s.base, 'admin', 'admin123');
    const call = await api(s.base, 'GET', '/api/alarm/total/tenant', { token, headers: { origin: 'http://portal.example' } });
    expect(call.headers.get('access-control-allow-origin')).toBe('http://portal.example');
    expect(call.body.code).toBe(0);
  });

  it('gives any other origin no CORS headers', async () => {
    const answer = await preflight('http://evil.example');
    expect(answer.headers.get('access-control-allow-origin')).toBe(null);
    const call = await fetch(`${s.base}/jwt/captcha`, { headers: { origin: 'http://evil.example' } });
    expect(call.headers.get('access-control-allow-origin')).toBe(null);
  });
});
