// The documents domain's schema steps.
// Listed in the order they run by ./index.ts; an id, once released, never changes (data folders record it).

import type { Migration } from '../db.ts';

export const document001Tables: Migration = {
  id: 'document/001-tables',
  sql: `
    CREATE TABLE document (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      number TEXT NOT NULL,
      name TEXT NOT NULL,
      note TEXT NOT NULL DEFAULT '',
      version INTEGER NOT NULL DEFAULT 1,
      updated_at INTEGER NOT NULL,
      updated_by TEXT NOT NULL DEFAULT '',
      UNIQUE (tenant_id, number)
    );
    CREATE INDEX document_name ON document(tenant_id, name);
    CREATE TABLE document_version (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL,
      document_id INTEGER NOT NULL REFERENCES document(id) ON DELETE CASCADE,
      version INTEGER NOT NULL,
      file_name TEXT NOT NULL,
      mime TEXT NOT NULL,
      size INTEGER NOT NULL,
      sha256 TEXT NOT NULL,
      path TEXT NOT NULL,
      uploaded_at INTEGER NOT NULL,
      uploaded_by TEXT NOT NULL DEFAULT '',
      UNIQUE (document_id, version)
    );
    CREATE TABLE document_tag (
      document_id INTEGER NOT NULL REFERENCES document(id) ON DELETE CASCADE,
      tag TEXT NOT NULL,
      PRIMARY KEY (document_id, tag)
    );
    CREATE INDEX document_tag_tag ON document_tag(tag);
    CREATE TABLE document_device (
      document_id INTEGER NOT NULL REFERENCES document(id) ON DELETE CASCADE,
      device_id INTEGER NOT NULL REFERENCES device(id) ON DELETE CASCADE,
      PRIMARY KEY (document_id, device_id)
    );
    CREATE INDEX document_device_device ON document_device(device_id);
    CREATE TABLE document_upload (
      file_id TEXT PRIMARY KEY,
      tenant_id INTEGER NOT NULL,
      user_id INTEGER NOT NULL,
      name TEXT NOT NULL,
      mime TEXT NOT NULL,
      size INTEGER NOT NULL,
      sha256 TEXT NOT NULL,
      created_at INTEGER NOT NULL
    );
  `,
};
