// A camera manager narrowed to some camera groups (SPEC §6 data authority) manages only the cameras
// filed there: a delete naming a camera outside them removes nothing, not even the cameras it may
// manage that the same request names.
import { describe, expect, it } from 'vitest';
import { usePlatform } from '../test-platform.ts';
import { login } from '../testing.ts';

const BASE = '/api/cctv/video/client';

describe('camera management within the data authority', () => {
  const p = usePlatform();
  type Camera = { id: number; data_group_Id: number | null };
  const cameras = async (token: string) => ((await p.call(token, 'GET', `${BASE}/getCameraList`, undefined, { limit: '1000' })).data as { rows: Camera[] }).rows;

  it('deletes none of the cameras named when one of them lies outside the manager’s camera groups', async () => {
    // A leaf of the camera group tree that holds cameras: the grant covers that group alone.
    type Group = { id: number; children?: Group[] };
    const flat = (gs: Group[]): Group[] => gs.flatMap((g) => [g, ...flat(g.children ?? [])]);
    const groups = flat((await p.call(p.admin, 'GET', '/api/admin/dataGrp/tree/0')).data as Group[]);
    const all = await cameras(p.admin);
    const granted = groups.find((g) => !g.children?.length && all.some((c) => c.data_group_Id === g.id));
    expect(granted).toBeTruthy();
    const role = (await p.call(p.admin, 'PUT', '/api/admin/group/role', { code: 'cam_keeper', name: 'Camera keeper', menus: ['videoGroup'], elements: ['video:manage'], dataGroups: [granted!.id] })).data as { id: number };
    const made = await p.call(p.admin, 'POST', '/api/admin/user', { username: 'cam.keeper', name: 'Keeper', password: 'secret-pass-1', confirmPassword: 'secret-pass-1', email: 'keeper@example.com', phone: '13700000051', roleIds: [role.id] });
    expect(made.code, made.msg).toBe(0);
    const keeper = await login(p.s.base, 'cam.keeper', 'secret-pass-1');

    const seen = (await cameras(keeper)).map((c) => c.id);
    const inside = all.find((c) => c.data_group_Id === granted!.id)!;
    const outside = all.find((c) => !seen.includes(c.id))!;
    expect(seen).toContain(inside.id);
    expect(outside).toBeTruthy();

    const refused = await p.call(keeper, 'DELETE', `${BASE}/deleteCamera`, { ids: [inside.id, outside.id] });
    expect(refused.code).toBe(-1);
    const after = (await cameras(p.admin)).map((c) => c.id);
    expect(after).toContain(outside.id);
    expect(after).toContain(inside.id);

    // Within the groups it was given, the delete goes through.
    expect((await p.call(keeper, 'DELETE', `${BASE}/deleteCamera`, { ids: [inside.id] })).data).toEqual({ deleted: 1 });
    expect((await cameras(p.admin)).map((c) => c.id)).not.toContain(inside.id);
  });
});
