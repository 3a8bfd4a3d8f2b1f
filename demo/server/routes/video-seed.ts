// The camera domain's tables and first-start data (split from video.ts): cameras, their data groups
// (type 7), pan-tilt commands and the recording index's tables; two demo tenants' camera groups.
import { CAMERA_GROUP_TYPE } from '../../../shared/api/video-types.ts';
import { tx, type Db, type Migration } from '../db.ts';
import { migrations as recordingMigrations } from '../recordings.ts';

export const migrations: Migration[] = [
  {
    id: 'video/001-cameras',
    sql: `
      CREATE TABLE data_group (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenant(id),
        parent_id INTEGER REFERENCES data_group(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        type INTEGER NOT NULL,
        sort INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX data_group_tenant ON data_group(tenant_id, type);
      CREATE TABLE camera (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenant(id),
        data_group_id INTEGER REFERENCES data_group(id) ON DELETE SET NULL,
        name TEXT NOT NULL,
        label TEXT NOT NULL,
        address TEXT NOT NULL DEFAULT '',
        resolution TEXT NOT NULL DEFAULT '',
        tags TEXT NOT NULL DEFAULT '',
        source_url TEXT NOT NULL DEFAULT '',
        disable_yun_control INTEGER NOT NULL DEFAULT 0,
        clip INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        UNIQUE (tenant_id, label)
      );
      CREATE INDEX camera_group ON camera(tenant_id, data_group_id);
      CREATE TABLE ptz_command (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenant(id),
        camera_id INTEGER NOT NULL REFERENCES camera(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        action INTEGER NOT NULL,
        start INTEGER NOT NULL,
        speed INTEGER NOT NULL,
        run_time INTEGER NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE INDEX ptz_command_camera ON ptz_command(tenant_id, camera_id, at);
    `,
  },
  ...recordingMigrations,
];

interface SeedGroup {
  name: string;
  children?: Array<{ name: string; cameras: Array<[name: string, ptz: boolean]> }>;
}

const TENANT1: SeedGroup[] = [
  {
    name: 'Tower A',
    children: [
      { name: 'Lobby', cameras: [['Main entrance', true], ['Reception', true], ['Lift hall', false], ['Revolving door', false], ['Visitor desk', true], ['Atrium balcony', true]] },
      { name: 'Parking B1', cameras: [['Ramp in', true], ['Ramp out', true], ['Row A', false], ['Row B', false], ['Row C', false], ['EV chargers', true], ['Pay station', false], ['Stairwell B1', false]] },
      { name: 'Office floors', cameras: [['Floor 3 corridor', false], ['Floor 5 corridor', false], ['Floor 7 corridor', false], ['Floor 9 corridor', false], ['Server room', true], ['Print room', false]] },
    ],
  },
  {
    name: 'Tower B',
    children: [
      { name: 'Lobby', cameras: [['Main entrance', true], ['Security desk', true], ['Lift hall', false], ['Mail room', false]] },
      { name: 'Roof', cameras: [['Helipad', true], ['Chillers', true], ['Water tanks', false], ['Antenna mast', true]] },
      { name: 'Plant rooms', cameras: [['Boiler room', false], ['Switchgear', false], ['Generator', true], ['Pump room', false]] },
    ],
  },
  {
    name: 'Campus',
    children: [
      { name: 'Perimeter', cameras: [['North gate', true], ['South gate', true], ['East fence', true], ['West fence', true], ['Loading bay', true], ['Bike shed', false]] },
      { name: 'Gardens', cameras: [['Fountain', true], ['Playground', true], ['Cafe terrace', false], ['Footbridge', true]] },
      { name: 'Warehouse', cameras: [['Dock 1', true], ['Dock 2', true], ['Aisle 1', false], ['Aisle 2', false]] },
    ],
  },
];

const TENANT2: SeedGroup[] = [
  { name: 'Head office', children: [{ name: 'Ground floor', cameras: [['Entrance', true], ['Reception', false], ['Car park', true], ['Back door', false]] }] },
];

function seedTenant(db: Db, tenantId: number, groups: SeedGroup[], prefix: string): void {
  const group = db.prepare('INSERT INTO data_group (tenant_id, parent_id, name, type, sort) VALUES (?, ?, ?, ?, ?)');
  const camera = db.prepare(
    `INSERT INTO camera (tenant_id, data_group_id, name, label, address, resolution, tags, disable_yun_control, clip, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let n = 0;
  groups.forEach((top, i) => {
    const topId = Number(group.run(tenantId, null, top.name, CAMERA_GROUP_TYPE, i).lastInsertRowid);
    top.children?.forEach((child, j) => {
      const childId = Number(group.run(tenantId, topId, child.name, CAMERA_GROUP_TYPE, j).lastInsertRowid);
      for (const [name, ptz] of child.cameras) {
        n += 1;
        const label = `${prefix}${String(n).padStart(3, '0')}`;
        const tags = [top.name, ptz ? 'PTZ' : 'Fixed'].join(',');
        camera.run(tenantId, childId, `${top.name} ${child.name} ${name}`, label, `192.168.${10 + i}.${100 + n}:554`, '1920x1080', tags, ptz ? 0 : 1, n, Date.now());
      }
    });
  });
}

export function seed(db: Db): void {
  const has = db.prepare('SELECT COUNT(*) AS n FROM data_group').get() as { n: number };
  if (has.n > 0) return;
  const tenants = db.prepare('SELECT id FROM tenant ORDER BY id').all() as Array<{ id: number }>;
  tx(db, () => {
    if (tenants[0]) seedTenant(db, tenants[0].id, TENANT1, 'CAM-');
    if (tenants[1]) seedTenant(db, tenants[1].id, TENANT2, 'ST-CAM-');
  });
}
