// The video domain's schema steps: camera groups and cameras, recordings, camera health.
// Listed in the order they run by ./index.ts; an id, once released, never changes (data folders record it).

import type { Migration } from '../db.ts';
import { seededTags, TENANT1, TENANT2 } from '../video/video-seed.ts';

export const video001Cameras: Migration = {
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
};

// Seeded groups and cameras carry an English name too (local-names.ts); a name a person types clears it.
export const video010EnglishNames: Migration = {
  id: 'video/010-english-names',
  sql: "ALTER TABLE data_group ADD COLUMN name_en TEXT NOT NULL DEFAULT ''; ALTER TABLE camera ADD COLUMN name_en TEXT NOT NULL DEFAULT '';",
};

// The codec a camera sends (h264 or h265); a database seeded earlier gets its H.265 demo camera too.
export const video020Codec: Migration = {
  id: 'video/020-codec',
  sql: `ALTER TABLE camera ADD COLUMN codec TEXT NOT NULL DEFAULT 'h264' CHECK (codec IN ('h264', 'h265'));
        UPDATE camera SET codec = 'h265' WHERE tenant_id = 1 AND label IN ('CAM-046');`,
};

// Seeded tags in both languages too (tags_en; the camera list reads loc(tags, tags_en)): a Chinese
// page showed "Head office,PTZ". Cameras seeded earlier with English tags get both.
export const video030TagsEnglish: Migration = {
  id: 'video/030-tags-english',
  sql: [
    "ALTER TABLE camera ADD COLUMN tags_en TEXT NOT NULL DEFAULT '';",
    ...[TENANT1, TENANT2].flatMap((world) =>
      world.groups.flatMap((g) =>
        [true, false].map((ptz) => {
          const [zh, en] = seededTags(g.names, ptz);
          return `UPDATE camera SET tags = '${zh}', tags_en = '${en}' WHERE tags = '${en}' AND tags_en = '';`;
        }),
      ),
    ),
  ].join('\n'),
};

export const recording001Segments: Migration = {
  id: 'recording/001-segments',
  sql: `
    CREATE TABLE record_day (camera_id INTEGER NOT NULL, day TEXT NOT NULL, PRIMARY KEY (camera_id, day));
    CREATE TABLE record_segment (
      id INTEGER PRIMARY KEY,
      camera_id INTEGER NOT NULL,
      day TEXT NOT NULL,
      start_ms INTEGER NOT NULL,
      end_ms INTEGER NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('normal', 'abnormal')),
      trigger TEXT NOT NULL CHECK (trigger IN ('schedule', 'motion'))
    );
    CREATE INDEX record_segment_day ON record_segment(camera_id, day, start_ms);
  `,
};

// NULL: not known yet (no one has watched or checked it); 1 online; 0 offline.
export const cameraHealth001Online: Migration = { id: 'camera-health/001-online', sql: 'ALTER TABLE camera ADD COLUMN online INTEGER;' };
