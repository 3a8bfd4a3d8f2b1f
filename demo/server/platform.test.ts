// Cross-cutting behaviour of the platform: rights guards, the test fault switch, static files.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { ok, requireElement, requireMenu } from './http.ts';
import { api, jwt, login, removeDir, sleep, start, tempDir, type Running } from './testing.ts';

describe('rights guards', () => {
  it('answers 40301 "no function permission" when the user lacks the element or menu a route needs', async () => {
    const dir = tempDir();
    const app = await createApp({ dataDir: dir, fixedCaptcha: '1234', smtpPort: 0, oidcPort: 0, ldapPort: 0, log: () => undefined });
    app.get('/api/test/replay', { preHandler: requireElement('video:replay') }, async () => ok('replayed'));
    app.get('/api/test/devices', { preHandler: requireMenu('devManager') }, async () => ok('devices'));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const operator = await login(base, 'operator', 'operator123');
      const admin = await login(base, 'admin', 'admin123');
      expect((await api(base, 'GET', '/api/test/replay', { token: operator, headers: { lang: 'en' } })).body).toEqual({ code: 40301, msg: 'no function permission' });
      expect((await api(base, 'GET', '/api/test/devices', { token: operator })).body).toEqual({ code: 40301, msg: '没有功能权限' });
      expect((await api(base, 'GET', '/api/test/replay', { token: admin })).body.data).toBe('replayed');
      expect((await api(base, 'GET', '/api/test/devices', { token: admin })).body.data).toBe('devices');
      expect((await api(base, 'GET', '/api/test/devices')).body.code).toBe(40101);
    } finally {
      await app.close();
      removeDir(dir);
    }
  });
});

describe('fault switch (ATRIUM_FAULTS=1)', () => {
  let s: Running;
  beforeAll(async () => {
    s = await start({ faults: true });
  });
  afterAll(async () => {
    await s.stop();
    removeDir(s.dir);
  });

  // The operation declares no query: a stray key would be refused by name (contract), so none is sent.
  const detail = () => api(s.base, 'GET', '/api/admin/tenant/detail');

  it('serves the product mark at /favicon.ico, not a 404', async () => {
    const res = await fetch(`${s.base}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(await res.text()).toMatch(/^<svg /);
  });

  it('makes the next N calls to a path answer an envelope code, then lets calls through again', async () => {
    const set = await jwt(s.base, 'POST', '/__test/faults', { body: { path: '/api/admin/tenant/detail', count: 2, code: 40101, msg: 'expired by test' } });
    expect(set.body.code).toBe(0);
    expect((await detail()).body).toEqual({ code: 40101, msg: 'expired by test' });
    expect((await detail()).body.code).toBe(40101);
    expect((await detail()).body.code).toBe(0);
  });

  it('answers an HTTP status, delays, and is cleared by DELETE', async () => {
    await jwt(s.base, 'POST', '/__test/faults', { body: { path: '/api/admin/tenant/detail', count: 1, status: 500 } });
    expect((await detail()).status).toBe(500);
    await jwt(s.base, 'POST', '/__test/faults', { body: { path: '/api/admin/tenant/detail', count: 1, status: 400, code: 40403, msg: 'bad' } });
    const bad = await detail();
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(40403);

    await jwt(s.base, 'POST', '/__test/faults', { body: { path: '/api/admin/tenant/detail', count: 1, delayMs: 300 } });
    const started = Date.now();
    expect((await detail()).body.code).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);

    await jwt(s.base, 'POST', '/__test/faults', { body: { path: '/api/admin/tenant/detail', count: 5, code: -1 } });
    await jwt(s.base, 'DELETE', '/__test/faults');
    expect((await detail()).body.code).toBe(0);
  });

  it('rejects an invalid fault rule', async () => {
    const answer = await jwt(s.base, 'POST', '/__test/faults', { body: { path: '/x', count: 0 }, headers: { lang: 'en' } });
    expect(answer.body).toEqual({ code: -1, msg: 'count: Please enter an integer from 1 to 100000' });
  });

  it('counts recent requests per path with their times', async () => {
    await jwt(s.base, 'DELETE', '/__test/requests');
    const before = Date.now();
    await detail();
    await sleep(5);
    await detail();
    const seen = await jwt(s.base, 'GET', `/__test/requests?path=${encodeURIComponent('/api/admin/tenant/detail')}`);
    expect(seen.body.data.count).toBe(2);
    expect(seen.body.data.requests[0].method).toBe('GET');
    expect(seen.body.data.requests[0].at).toBeGreaterThanOrEqual(before);
    const all = await jwt(s.base, 'GET', '/__test/requests');
    expect(all.body.data['/api/admin/tenant/detail']).toBe(2);
  });

  it('does not exist without ATRIUM_FAULTS', async () => {
    const plain = await start();
    try {
      expect((await jwt(plain.base, 'POST', '/__test/faults', { body: { path: '/api/admin/tenant/detail', count: 1, code: -1 } })).status).toBe(404);
      expect((await api(plain.base, 'GET', '/api/admin/tenant/detail')).body.code).toBe(0);
    } finally {
      await plain.stop();
      removeDir(plain.dir);
    }
  });
});

describe('static files', () => {
  it('serves the build at /, widgets under /widgets/, and index.html for console deep links only', async () => {
    const dist = tempDir();
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Atrium</title>');
    mkdirSync(join(dist, 'widgets'));
    writeFileSync(join(dist, 'widgets', 'atrium-kit.js'), 'export {};');
    const embed = tempDir();
    writeFileSync(join(embed, 'camera.html'), '<!doctype html><title>embed</title>');
    const s = await start({ staticDir: dist, embedDir: embed });
    try {
      const html = { accept: 'text/html,application/xhtml+xml' };
      expect(await (await fetch(`${s.base}/`, { headers: html })).text()).toContain('<title>Atrium</title>');
      expect(await (await fetch(`${s.base}/alarm/search?x=1`, { headers: html })).text()).toContain('<title>Atrium</title>');
      const widget = await fetch(`${s.base}/widgets/atrium-kit.js`);
      expect(widget.status).toBe(200);
      expect(await (await fetch(`${s.base}/embed/camera.html`)).text()).toContain('embed');
      const missingApi = await api(s.base, 'GET', '/api/nope', { headers: html });
      expect(missingApi.status).toBe(404);
      expect(missingApi.body.code).toBe(-1);
      expect((await fetch(`${s.base}/widgets/missing.js`)).status).toBe(404);
    } finally {
      await s.stop();
      removeDir(s.dir);
      removeDir(dist);
      removeDir(embed);
    }
  });
});
