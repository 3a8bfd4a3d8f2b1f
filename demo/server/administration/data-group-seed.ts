// The ATRIUM_SEED_CAMERAS option: one data group of the first tenant holding that many cameras, for
// the wall's 20000-row list tests and benchmark. Found again by name, so a restart adds no second one.
import { CAMERA_GROUP_TYPE } from '../../../shared/api/video-types.ts';
import type { AppConfig } from '../context.ts';
import type { Db } from '../db.ts';
import { tenantDataOf } from '../tenant-data.ts';

const CLIP_COUNT = 8;
/** The group the seed option fills; found again by name so a restart does not add a second one. */
export const SEED_GROUP_NAME = 'Bench 20000';

const ZONES = ['North', 'South', 'East', 'West', 'Central', 'Upper', 'Lower', 'Inner', 'Outer', 'Rear'];

/** Name and label of the i-th seeded camera (1-based): names and labels never share a substring pattern, so a filter test can tell them apart. */
export const seededCamera = (i: number): { name: string; label: string } => ({
  name: `${ZONES[i % ZONES.length]} bay ${i}`,
  label: `BN${String(i).padStart(6, '0')}`,
});

export function seed(db: Db, config: AppConfig): void {
  const n = config.tuning.seedCameras;
  if (!n) return;
  const tenant = db.prepare('SELECT id FROM tenant ORDER BY id LIMIT 1').get<{ id: number }>();
  if (!tenant) return;
  // The first tenant's cameras only.
  const data = tenantDataOf(db, tenant.id);
  data.tx(() => {
    let group = data.get<{ id: number }>('SELECT id FROM data_group WHERE tenant_id = $tenant AND type = ? AND name = ? AND parent_id IS NULL', CAMERA_GROUP_TYPE, SEED_GROUP_NAME);
    group ??= { id: Number(data.run('INSERT INTO data_group (tenant_id, parent_id, name, type, sort) VALUES ($tenant, NULL, ?, ?, 99)', SEED_GROUP_NAME, CAMERA_GROUP_TYPE).lastInsertRowid) };
    const have = data.get<{ n: number }>('SELECT COUNT(*) AS n FROM camera WHERE tenant_id = $tenant AND data_group_id = ?', group.id)!.n;
    const insert = `INSERT OR IGNORE INTO camera (tenant_id, data_group_id, name, label, address, resolution, tags, disable_yun_control, clip, created_at)
       VALUES ($tenant, ?, ?, ?, '', '1920x1080', 'Bench', 1, ?, ?)`;
    const now = Date.now();
    for (let i = have + 1; i <= n; i++) {
      const c = seededCamera(i);
      data.run(insert, group.id, c.name, c.label, (i % CLIP_COUNT) + 1, now);
    }
  });
}
