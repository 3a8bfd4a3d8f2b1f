// The devices domain's schema steps: areas, gateways and devices, models, points, gateway points, device groups, device-camera relations.
// Listed in the order they run by ./index.ts; an id, once released, never changes (data folders record it).

import { DEVICE_GROUP_TYPE } from '../../../shared/api/device-types.ts';
import type { Migration } from '../db.ts';
import { SEED_MODELS, type Names } from '../devices/device-model.ts';
import { SEED_GROUPS } from '../devices/device-group.ts';

export const device001Tables: Migration = {
  id: 'device/001-tables',
  sql: `
    CREATE TABLE area (
      row_guid TEXT PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      parent_guid TEXT REFERENCES area(row_guid) ON DELETE CASCADE,
      name TEXT NOT NULL,
      sort INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX area_tenant_parent ON area(tenant_id, parent_guid);
    CREATE TABLE gateway (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      code TEXT NOT NULL,
      name TEXT NOT NULL,
      ip TEXT NOT NULL DEFAULT '',
      mac TEXT NOT NULL DEFAULT '',
      version TEXT NOT NULL DEFAULT '',
      status TEXT NOT NULL DEFAULT 'unknown' CHECK (status IN ('online', 'offline', 'unknown')),
      status_at INTEGER NOT NULL,
      area_guid TEXT REFERENCES area(row_guid) ON DELETE SET NULL,
      UNIQUE (tenant_id, code)
    );
    CREATE TABLE device (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      code TEXT NOT NULL,
      name TEXT NOT NULL,
      label TEXT NOT NULL DEFAULT '',
      address TEXT NOT NULL DEFAULT '',
      sn TEXT NOT NULL DEFAULT '',
      ip TEXT NOT NULL DEFAULT '',
      mac TEXT NOT NULL DEFAULT '',
      bus_no INTEGER,
      port INTEGER,
      version TEXT NOT NULL DEFAULT '',
      status TEXT NOT NULL DEFAULT 'unknown' CHECK (status IN ('online', 'offline', 'unknown')),
      status_seq INTEGER NOT NULL DEFAULT 0,
      status_at INTEGER NOT NULL,
      gateway_id INTEGER REFERENCES gateway(id) ON DELETE SET NULL,
      area_guid TEXT REFERENCES area(row_guid) ON DELETE SET NULL,
      created_at INTEGER NOT NULL,
      UNIQUE (tenant_id, code)
    );
    CREATE INDEX device_tenant_seq ON device(tenant_id, status_seq);
    CREATE INDEX device_tenant_area ON device(tenant_id, area_guid);
    CREATE INDEX device_tenant_status ON device(tenant_id, status);
    CREATE TABLE device_cursor (
      tenant_id INTEGER PRIMARY KEY REFERENCES tenant(id),
      seq INTEGER NOT NULL
    );
  `,
};

// Seeded areas carry an English name too (local-names.ts); a name a person types clears it.
export const device010AreaEnglish: Migration = { id: 'device/010-area-english', sql: "ALTER TABLE area ADD COLUMN name_en TEXT NOT NULL DEFAULT '';" };

export const device011DeviceEnglish: Migration = { id: 'device/011-device-english', sql: "ALTER TABLE device ADD COLUMN name_en TEXT NOT NULL DEFAULT '';" };

export const deviceModel001Tables: Migration = {
  id: 'device-model/001-tables',
  sql: `
    CREATE TABLE device_category (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      name TEXT NOT NULL,
      UNIQUE (tenant_id, name)
    );
    CREATE TABLE device_model (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      category_id INTEGER NOT NULL REFERENCES device_category(id),
      code TEXT NOT NULL,
      name TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      UNIQUE (tenant_id, code)
    );
    CREATE TABLE model_param (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      model_id INTEGER NOT NULL REFERENCES device_model(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      code TEXT NOT NULL,
      data_type TEXT NOT NULL,
      access TEXT NOT NULL,
      unit TEXT NOT NULL DEFAULT '',
      precision TEXT NOT NULL DEFAULT '',
      collect_formula TEXT NOT NULL DEFAULT '',
      control_formula TEXT NOT NULL DEFAULT '',
      alarm_expression TEXT NOT NULL DEFAULT '',
      ui_type TEXT NOT NULL,
      min TEXT NOT NULL DEFAULT '',
      max TEXT NOT NULL DEFAULT '',
      step TEXT NOT NULL DEFAULT '',
      default_value TEXT NOT NULL DEFAULT '',
      UNIQUE (model_id, code)
    );
    ALTER TABLE device ADD COLUMN model_id INTEGER REFERENCES device_model(id);
    CREATE INDEX device_tenant_model ON device(tenant_id, model_id);
  `,
};

/** Every seeded name as [Chinese, English] once: categories, models and parameters. */
const SEED_MODEL_NAMES: Names[] = [
  ...new Map(SEED_MODELS.flatMap((m) => [m.category, m.names, ...m.params.map((p) => p[1])]).map((n) => [n.join('|'), n])).values(),
];
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

// Seeded names carry their English form (local-names.ts); a database seeded before holds the English
// names, which become the English form of the Chinese ones. A name a person typed is left as it is.
export const deviceModel002English: Migration = {
  id: 'device-model/002-english',
  sql: ['device_category', 'device_model', 'model_param']
    .map((table) => `ALTER TABLE ${table} ADD COLUMN name_en TEXT NOT NULL DEFAULT '';
      UPDATE OR IGNORE ${table} SET name_en = name, name = CASE name ${SEED_MODEL_NAMES.map(([zh, en]) => `WHEN ${quote(en)} THEN ${quote(zh)}`).join(' ')} END
        WHERE name IN (${SEED_MODEL_NAMES.map(([, en]) => quote(en)).join(', ')});`)
    .join('\n'),
};

export const points001Tables: Migration = {
  id: 'points/001-tables',
  sql: `
    CREATE TABLE point_current (
      device_id INTEGER NOT NULL REFERENCES device(id) ON DELETE CASCADE,
      code TEXT NOT NULL,
      tenant_id INTEGER NOT NULL,
      value REAL NOT NULL,
      at INTEGER NOT NULL,
      PRIMARY KEY (device_id, code)
    );
    CREATE TABLE point_history (
      device_id INTEGER NOT NULL,
      code TEXT NOT NULL,
      tenant_id INTEGER NOT NULL,
      at INTEGER NOT NULL,
      value REAL NOT NULL
    );
    CREATE INDEX point_history_series ON point_history(device_id, code, at);
    CREATE TABLE point_ban (
      device_id INTEGER NOT NULL,
      code TEXT NOT NULL,
      until INTEGER NOT NULL,
      PRIMARY KEY (device_id, code)
    );
    CREATE TABLE gateway_sim (
      gateway_id INTEGER PRIMARY KEY,
      mode TEXT NOT NULL CHECK (mode IN ('normal', 'slow', 'faulty', 'silent'))
    );
  `,
};

export const points002Distributed: Migration = { id: 'points/002-distributed', sql: 'ALTER TABLE gateway ADD COLUMN distributed_at INTEGER;' };

export const gatewayPoint001Table: Migration = {
  id: 'gateway-point/001-table',
  sql: `
    CREATE TABLE gateway_point (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      gateway_id INTEGER NOT NULL REFERENCES gateway(id) ON DELETE CASCADE,
      code TEXT NOT NULL,
      name TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('AI', 'DI', 'AO', 'DO')),
      used INTEGER NOT NULL DEFAULT 0,
      device_id INTEGER REFERENCES device(id) ON DELETE SET NULL,
      param_code TEXT,
      distributed INTEGER NOT NULL DEFAULT 0,
      UNIQUE (gateway_id, code)
    );
    CREATE UNIQUE INDEX gateway_point_target ON gateway_point(device_id, param_code) WHERE device_id IS NOT NULL;
    CREATE INDEX gateway_point_tenant ON gateway_point(tenant_id, gateway_id);
  `,
};

export const deviceGroup001Column: Migration = {
  id: 'device-group/001-column',
  sql: `
    ALTER TABLE device ADD COLUMN data_group_id INTEGER REFERENCES data_group(id) ON DELETE SET NULL;
    CREATE INDEX device_tenant_group ON device(tenant_id, data_group_id);
  `,
};

// The seeded groups in both languages (local-names.ts): a Chinese page showed "HVAC plant".
export const deviceGroup002NamesEnglish: Migration = {
  id: 'device-group/002-names-english',
  sql: SEED_GROUPS.map(([[zh, en]]) => `UPDATE data_group SET name = '${zh}', name_en = '${en}' WHERE type = ${DEVICE_GROUP_TYPE} AND name = '${en}' AND name_en = '' AND tenant_id = 1;`).join('\n'),
};

export const relation001Tables: Migration = {
  id: 'relation/001-tables',
  sql: `
    CREATE TABLE device_camera (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      device_id INTEGER NOT NULL REFERENCES device(id) ON DELETE CASCADE,
      camera_id INTEGER NOT NULL REFERENCES camera(id) ON DELETE CASCADE,
      name TEXT NOT NULL DEFAULT '',
      UNIQUE (device_id, camera_id)
    );
  `,
};
