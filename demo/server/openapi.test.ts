import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from './openapi.ts';
import { removeDir, start, type Running } from './testing.ts';

let s: Running;
beforeAll(async () => {
  s = await start();
});
afterAll(async () => {
  await s.stop();
  removeDir(s.dir);
});

/** Fastify's ':id' and '*' in OpenAPI's '{id}' form. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

describe('OpenAPI document', () => {
  it('is served unsigned and lists every route the platform serves', async () => {
    const response = await fetch(`${s.base}/api/openapi.json`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const served = registeredRoutes(s.app).filter((r) => !r.hidden && r.method !== 'HEAD' && !r.url.startsWith('/api/docs'));
    expect(served.length).toBeGreaterThan(50);
    const missing = served.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    for (const path of ['/api/admin/user/page', '/jwt/token', '/api/cctv/video/client/getCameraList', '/api/admin/group/role', '/api/admin/progress/file']) expect(doc.paths[path], path).toBeDefined();
  });

  it('serves a readable reference at /api/docs', async () => {
    const page = await fetch(`${s.base}/api/docs`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/swagger/i);
  });
});
