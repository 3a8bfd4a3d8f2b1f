// The operations domain's schema steps: background tasks, scheduled jobs, monitor samples, client errors, the operation log.
// Listed in the order they run by ./index.ts; an id, once released, never changes (data folders record it).

import type { Migration } from '../db.ts';

export const progress001Tables: Migration = {
  id: 'progress/001-tables',
  sql: `
    CREATE TABLE progress (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      user_id INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
      task_key TEXT NOT NULL,
      hash_key TEXT NOT NULL,
      title TEXT NOT NULL,
      started_at INTEGER NOT NULL,
      ended_at INTEGER,
      total_size INTEGER NOT NULL DEFAULT 0,
      current_size INTEGER NOT NULL DEFAULT 0,
      status INTEGER NOT NULL DEFAULT 1,
      msg_zh TEXT NOT NULL DEFAULT '',
      msg_en TEXT NOT NULL DEFAULT '',
      UNIQUE (task_key, hash_key)
    );
    CREATE INDEX progress_owner ON progress(tenant_id, user_id, started_at);
  `,
};

// A task may produce a file (an export, an import's error report): the item offers it for download.
export const progress002File: Migration = {
  id: 'progress/002-file',
  sql: `
    ALTER TABLE progress ADD COLUMN file_path TEXT NOT NULL DEFAULT '';
    ALTER TABLE progress ADD COLUMN file_name TEXT NOT NULL DEFAULT '';
  `,
};

// A task's title in both languages (an English user's export toast read "导出设备 is done").
export const progress003TitleEn: Migration = {
  id: 'progress/003-title-en',
  sql: `ALTER TABLE progress ADD COLUMN title_en TEXT NOT NULL DEFAULT '';`,
};

export const job001Tables: Migration = {
  id: 'job/001-tables',
  sql: `
    CREATE TABLE job (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      name TEXT NOT NULL,
      cron TEXT NOT NULL,
      timezone TEXT NOT NULL,
      target TEXT NOT NULL,
      params TEXT NOT NULL DEFAULT '{}',
      enabled INTEGER NOT NULL DEFAULT 1,
      skip_if_running INTEGER NOT NULL DEFAULT 1,
      missed TEXT NOT NULL DEFAULT 'runOnce',
      next_run_at INTEGER,
      created_by INTEGER NOT NULL,
      UNIQUE (tenant_id, name)
    );
    CREATE INDEX job_due ON job(enabled, next_run_at);
    CREATE TABLE job_run (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL,
      job_id INTEGER NOT NULL REFERENCES job(id) ON DELETE CASCADE,
      trigger TEXT NOT NULL,
      started_at INTEGER NOT NULL,
      ended_at INTEGER,
      result TEXT NOT NULL,
      message_zh TEXT NOT NULL DEFAULT '',
      message_en TEXT NOT NULL DEFAULT '',
      file_path TEXT NOT NULL DEFAULT '',
      file_name TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX job_run_job ON job_run(job_id, started_at);
    CREATE TABLE job_log (
      id INTEGER PRIMARY KEY,
      run_id INTEGER NOT NULL REFERENCES job_run(id) ON DELETE CASCADE,
      at INTEGER NOT NULL,
      text_zh TEXT NOT NULL,
      text_en TEXT NOT NULL
    );
    CREATE INDEX job_log_run ON job_log(run_id, id);
  `,
};

export const monitor001Samples: Migration = {
  id: 'monitor/001-samples',
  sql: `
    CREATE TABLE cluster_sample (
      node TEXT NOT NULL,
      at INTEGER NOT NULL,
      data TEXT NOT NULL
    );
    CREATE INDEX cluster_sample_at ON cluster_sample(at);
  `,
};

export const clientError001Table: Migration = {
  id: 'client-error/001-table',
  sql: `
    CREATE TABLE client_error (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL,
      at INTEGER NOT NULL,
      message TEXT NOT NULL,
      stack TEXT NOT NULL,
      path TEXT NOT NULL,
      agent TEXT NOT NULL
    );
    CREATE INDEX client_error_time ON client_error(tenant_id, at);
  `,
};

export const oplog001Table: Migration = {
  id: 'oplog/001-table',
  sql: `
    CREATE TABLE op_log (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER,
      user_id INTEGER,
      username TEXT NOT NULL DEFAULT '',
      at INTEGER NOT NULL,
      ip TEXT NOT NULL DEFAULT '',
      method TEXT NOT NULL,
      route TEXT NOT NULL,
      path TEXT NOT NULL,
      target TEXT NOT NULL DEFAULT '',
      code INTEGER,
      status INTEGER NOT NULL,
      result TEXT NOT NULL,
      hash TEXT NOT NULL
    );
    CREATE INDEX op_log_tenant_time ON op_log(tenant_id, at);
  `,
};

// A search over millions of rows answers from an index for any one filter (newest first), and a
// write finds the tenant's last hash without sorting the log.
export const oplog002SearchIndexes: Migration = {
  id: 'oplog/002-search-indexes',
  sql: `
    CREATE INDEX op_log_tenant_id ON op_log(tenant_id, id);
    CREATE INDEX op_log_tenant_user ON op_log(tenant_id, username, id);
    CREATE INDEX op_log_tenant_path ON op_log(tenant_id, path, id);
    CREATE INDEX op_log_tenant_result ON op_log(tenant_id, result, id);
  `,
};
