// Device–camera relations: created once per pair, both ends the tenant's, named 0–30 characters;
// the cameras of a device are found by its code (an alarm row's way in); another tenant reaches nothing.
import { describe, expect, it } from 'vitest';
import { usePlatform } from '../test-platform.ts';
import { tenantDataOf } from '../tenant-data.ts';
import { camerasOfDevice, insertRelation, listRelations, relationExists } from './relation-data.ts';

describe('relations', () => {
  const p = usePlatform();
  const { call } = p;

  it('relates a device to cameras once, finds them by device code, and keeps tenants apart', async () => {
    const { admin, admin2, s } = p;
    const db = s.app.atrium.db;
    const device = db.prepare('SELECT id, code FROM device WHERE tenant_id = 1 ORDER BY id LIMIT 1').get() as { id: number; code: string };
    const cameras = db.prepare('SELECT id, name FROM camera WHERE tenant_id = 1 ORDER BY id LIMIT 2').all() as Array<{ id: number; name: string }>;
    const theirCamera = db.prepare('SELECT id FROM camera WHERE tenant_id = 2 LIMIT 1').get() as { id: number };
    expect((await call(admin, 'POST', '/api/relation/device', { deviceId: device.id, cameraId: cameras[0]!.id, name: 'Lobby view' })).code).toBe(0);
    expect((await call(admin, 'POST', '/api/relation/device', { deviceId: device.id, cameraId: cameras[1]!.id, name: 'x'.repeat(31) })).data.field).toBe('name');
    expect((await call(admin, 'POST', '/api/relation/device', { deviceId: device.id, cameraId: cameras[1]!.id })).code).toBe(0);
    expect((await call(admin, 'POST', '/api/relation/device', { deviceId: device.id, cameraId: cameras[0]!.id })).msg).toBe('the device is already related to this camera');
    expect((await call(admin, 'POST', '/api/relation/device', { deviceId: device.id, cameraId: theirCamera.id })).msg).toBe('no such camera');
    expect((await call(admin2, 'POST', '/api/relation/device', { deviceId: device.id, cameraId: theirCamera.id })).msg).toBe('no such device');
    const found = (await call(admin, 'GET', '/api/relation/cameras', undefined, { deviceCode: device.code })).data as Array<{ cameraId: number; name: string }>;
    expect(found.map((c) => c.cameraId).sort()).toEqual(cameras.map((c) => c.id).sort());
    expect((await call(admin2, 'GET', '/api/relation/cameras', undefined, { deviceCode: device.code })).data).toEqual([]);
    const page = (await call(admin, 'POST', '/api/relation/device/page', { page: 1, limit: 10, keyword: device.code })).data;
    expect(page.total).toBe(2);
    expect((await call(admin2, 'POST', '/api/relation/device/delete', { ids: [page.rows[0].id] })).code).toBe(-1);
    expect((await call(admin, 'POST', '/api/relation/device/delete', { ids: [page.rows[0].id] })).data.deleted).toBe(1);
  });

  it("the data module (relation-data.ts) relates and finds through a tenant's data only", () => {
    const db = p.s.app.atrium.db;
    const [one, two] = [tenantDataOf(db, 1), tenantDataOf(db, 2)];
    const device = db.prepare('SELECT id, code FROM device WHERE tenant_id = 1 ORDER BY id DESC LIMIT 1').get() as { id: number; code: string };
    const camera = db.prepare('SELECT id FROM camera WHERE tenant_id = 1 ORDER BY id LIMIT 1').get() as { id: number };
    const id = insertRelation(one, device.id, camera.id, 'Data module');
    expect(relationExists(one, device.id, camera.id)).toBe(true);
    expect(camerasOfDevice(one, device.code)).toEqual([expect.objectContaining({ cameraId: camera.id, name: 'Data module' })]);
    expect(listRelations(one, { keyword: device.code }).rows.map((r) => r.id)).toEqual([id]);
    // Tenant 2's data sees neither the relation nor the device's cameras.
    expect(relationExists(two, device.id, camera.id)).toBe(false);
    expect(camerasOfDevice(two, device.code)).toEqual([]);
    expect(listRelations(two, { keyword: device.code })).toEqual({ rows: [], total: 0 });
  });
});
