// Data group routes against a real demo platform: the tree and flat list of camera groups, writes
// with their rights and checks, tenant isolation, and the camera seed option (ATRIUM_SEED_CAMERAS).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, removeDir, start, type Running } from '../testing.ts';
import type { DataGroup } from '../../../shared/api/data-group-types.ts';
import { buildTree, seededCamera } from './data-group.ts';

let server: Running;
const tokens: Record<string, string> = {};
const call = async (who: string, method: string, path: string, options: { body?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {}) =>
  (await api(server.base, method, path, { token: tokens[who], ...options })).body as { code: number; msg: string; data: any };

beforeAll(async () => {
  server = await start({ tuning: { seedCameras: 250 } });
  for (const [u, p] of [['admin', 'admin123'], ['operator', 'operator123'], ['viewer', 'viewer123'], ['admin2', 'admin123']]) tokens[u!] = await login(server.base, u!, p!);
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dir);
});

describe('data groups', () => {
  it('answers the camera group tree and its flat list, per tenant', async () => {
    const tree = (await call('admin', 'GET', '/api/admin/dataGrp/tree/0', { query: { type: '7', force: 'true' } })).data as DataGroup[];
    // The device area tree's places, in the caller's language.
    expect(tree.map((g) => g.name)).toEqual(['总部园区', '数据中心', 'Bench 20000']);
    expect(tree[0]!.children.map((g) => g.name)).toEqual(['A栋', 'B栋', '地下停车场']);
    const english = (await call('admin', 'GET', '/api/admin/dataGrp/tree/0', { query: { type: '7', force: 'true' }, headers: { lang: 'en' } })).data as DataGroup[];
    expect(english.map((g) => g.name)).toEqual(['Headquarters campus', 'Data centre', 'Bench 20000']);
    const flat = (await call('admin', 'GET', `/api/admin/dataGrp/tree/${tree[0]!.id}/list`)).data as DataGroup[];
    expect(flat.map((g) => g.name)).toEqual(['A栋', 'B栋', '地下停车场']);
    const other = (await call('admin2', 'GET', '/api/admin/dataGrp/tree/0')).data as DataGroup[];
    expect(other.map((g) => g.name)).toEqual(['总部']);
    // Another tenant's group is simply not there.
    expect((await call('admin2', 'GET', `/api/admin/dataGrp/tree/${tree[0]!.id}`)).code).toBe(-1);
    expect((await call('viewer', 'GET', '/api/admin/dataGrp/tree/0')).code).toBe(40301);
  });

  it('creates, renames, moves and deletes groups; refuses cycles and readers', async () => {
    const made = await call('admin', 'POST', '/api/admin/dataGrp/0', { body: { name: 'Annex', type: 7 } });
    expect(made.code).toBe(0);
    const child = await call('admin', 'POST', `/api/admin/dataGrp/${made.data.id}`, { body: { name: 'Annex lobby', type: 7 } });
    expect(child.data.parentId).toBe(made.data.id);
    expect((await call('admin', 'PUT', `/api/admin/dataGrp/${made.data.id}`, { body: { parentId: child.data.id } })).code).toBe(-1);
    expect((await call('admin', 'PUT', `/api/admin/dataGrp/${child.data.id}`, { body: { name: 'Annex hall' } })).data.name).toBe('Annex hall');
    expect((await call('admin', 'POST', '/api/admin/dataGrp/0', { body: { name: '', type: 7 } })).code).toBe(-1);
    expect((await call('operator', 'POST', '/api/admin/dataGrp/0', { body: { name: 'Nope', type: 7 } })).code).toBe(40301);
    expect((await call('admin2', 'DELETE', `/api/admin/dataGrp/7/${made.data.id}`)).code).toBe(-1);
    expect((await call('admin', 'DELETE', `/api/admin/dataGrp/7/${made.data.id}`)).data).toEqual({ deleted: 2 });
    const tree = (await call('admin', 'GET', '/api/admin/dataGrp/tree/0')).data as DataGroup[];
    expect(tree.some((g) => g.name === 'Annex')).toBe(false);
  });

  it('seeds the asked number of cameras into one group', async () => {
    const tree = (await call('admin', 'GET', '/api/admin/dataGrp/tree/0')).data as DataGroup[];
    const bench = tree.find((g) => g.name === 'Bench 20000')!;
    const list = await call('admin', 'GET', '/api/cctv/video/client/getCameraList', { query: { dataGroupId: String(bench.id), limit: '20000' } });
    expect(list.data.total).toBe(250);
    expect(list.data.rows[41]).toMatchObject(seededCamera(42));
  });

  it('builds a forest from rows in any order', () => {
    const rows = [
      { id: 3, parentId: 1, name: 'c', type: 7, sort: 1 },
      { id: 1, parentId: null, name: 'a', type: 7, sort: 0 },
      { id: 2, parentId: 1, name: 'b', type: 7, sort: 0 },
    ];
    expect(buildTree(rows, 0)[0]!.children.map((n) => n.name)).toEqual(['b', 'c']);
    expect(buildTree(rows, 1).map((n) => n.name)).toEqual(['b', 'c']);
  });
});
