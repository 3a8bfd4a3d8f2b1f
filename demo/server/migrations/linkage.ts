// The linkage domain's schema steps: strategies, quick scenes, holidays, records and attempts.
// Listed in the order they run by ./index.ts; an id, once released, never changes (data folders record it).

import type { Migration } from '../db.ts';

export const linkage001Tables: Migration = {
  id: 'linkage/001-tables',
  sql: `
    CREATE TABLE link_group (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      name TEXT NOT NULL,
      note TEXT NOT NULL DEFAULT '',
      UNIQUE (tenant_id, name)
    );
    CREATE TABLE link_strategy (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      group_id INTEGER NOT NULL REFERENCES link_group(id),
      name TEXT NOT NULL,
      device_id INTEGER NOT NULL REFERENCES device(id) ON DELETE CASCADE,
      expression TEXT NOT NULL,
      hits INTEGER NOT NULL DEFAULT 1,
      level TEXT NOT NULL CHECK (level IN ('common', 'important')),
      retry_seconds INTEGER NOT NULL DEFAULT 30,
      period_start TEXT NOT NULL DEFAULT '',
      period_end TEXT NOT NULL DEFAULT '',
      skip_holidays INTEGER NOT NULL DEFAULT 0,
      enabled INTEGER NOT NULL DEFAULT 1,
      actions TEXT NOT NULL,
      held INTEGER NOT NULL DEFAULT 0,
      armed INTEGER NOT NULL DEFAULT 1,
      created_by INTEGER NOT NULL,
      UNIQUE (tenant_id, name)
    );
    CREATE INDEX link_strategy_device ON link_strategy(device_id);
    CREATE TABLE quick_scene (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      name TEXT NOT NULL,
      note TEXT NOT NULL DEFAULT '',
      steps TEXT NOT NULL,
      UNIQUE (tenant_id, name)
    );
    CREATE TABLE holiday (
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      day TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('holiday', 'workday')),
      name TEXT NOT NULL DEFAULT '',
      PRIMARY KEY (tenant_id, day)
    );
    CREATE TABLE link_record (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL,
      strategy_id INTEGER NOT NULL,
      strategy_name TEXT NOT NULL,
      device_id INTEGER NOT NULL,
      device_name TEXT NOT NULL,
      fired_at INTEGER NOT NULL,
      source_values TEXT NOT NULL,
      result TEXT NOT NULL,
      note_zh TEXT NOT NULL DEFAULT '',
      note_en TEXT NOT NULL DEFAULT '',
      actions TEXT NOT NULL,
      pending TEXT NOT NULL,
      level TEXT NOT NULL,
      retry_ms INTEGER NOT NULL,
      depth INTEGER NOT NULL DEFAULT 0,
      user_id INTEGER NOT NULL,
      next_retry_at INTEGER
    );
    CREATE INDEX link_record_time ON link_record(tenant_id, fired_at);
    CREATE INDEX link_record_retry ON link_record(result, next_retry_at);
    CREATE TABLE link_attempt (
      id INTEGER PRIMARY KEY,
      record_id INTEGER NOT NULL REFERENCES link_record(id) ON DELETE CASCADE,
      action INTEGER NOT NULL,
      label_zh TEXT NOT NULL,
      label_en TEXT NOT NULL,
      attempt INTEGER NOT NULL,
      at INTEGER NOT NULL,
      ok INTEGER NOT NULL,
      message_zh TEXT NOT NULL,
      message_en TEXT NOT NULL
    );
    CREATE INDEX link_attempt_record ON link_attempt(record_id);
  `,
};
