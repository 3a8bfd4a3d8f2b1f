// The SCADA domain's schema steps: pages and templates.
// Listed in the order they run by ./index.ts; an id, once released, never changes (data folders record it).

import type { Migration } from '../db.ts';

export const scada001Tables: Migration = {
  id: 'scada/001-tables',
  sql: `
    CREATE TABLE scada_page (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      name TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      draft TEXT NOT NULL,
      revision INTEGER NOT NULL DEFAULT 1,
      published TEXT,
      published_revision INTEGER,
      published_at INTEGER,
      updated_at INTEGER NOT NULL,
      UNIQUE (tenant_id, name)
    );
    CREATE TABLE scada_template (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      name TEXT NOT NULL,
      doc TEXT NOT NULL,
      source_page_id INTEGER,
      created_at INTEGER NOT NULL,
      UNIQUE (tenant_id, name)
    );
  `,
};
