// The workflow domain's schema steps: forms, requests, tasks and events.
// Listed in the order they run by ./index.ts; an id, once released, never changes (data folders record it).

import type { Migration } from '../db.ts';

export const workflow001Tables: Migration = {
  id: 'workflow/001-tables',
  sql: `
    CREATE TABLE wf_form (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      name TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      enabled INTEGER NOT NULL DEFAULT 1,
      version INTEGER NOT NULL DEFAULT 1,
      updated_at INTEGER NOT NULL,
      UNIQUE (tenant_id, name)
    );
    CREATE TABLE wf_form_version (
      form_id INTEGER NOT NULL REFERENCES wf_form(id) ON DELETE CASCADE,
      version INTEGER NOT NULL,
      fields TEXT NOT NULL,
      process TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (form_id, version)
    );
    CREATE TABLE wf_request (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      form_id INTEGER NOT NULL REFERENCES wf_form(id),
      form_version INTEGER NOT NULL,
      initiator_id INTEGER NOT NULL REFERENCES user(id),
      status TEXT NOT NULL,
      step INTEGER NOT NULL DEFAULT 0,
      approved_since_submit INTEGER NOT NULL DEFAULT 0,
      values_json TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE INDEX wf_request_tenant ON wf_request(tenant_id, id);
    CREATE INDEX wf_request_initiator ON wf_request(tenant_id, initiator_id, id);
    CREATE TABLE wf_task (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL,
      request_id INTEGER NOT NULL REFERENCES wf_request(id) ON DELETE CASCADE,
      step INTEGER NOT NULL,
      assignee_id INTEGER NOT NULL REFERENCES user(id),
      status TEXT NOT NULL DEFAULT 'pending',
      comment TEXT NOT NULL DEFAULT '',
      created_at INTEGER NOT NULL,
      decided_at INTEGER
    );
    CREATE INDEX wf_task_assignee ON wf_task(tenant_id, assignee_id, status, request_id);
    CREATE INDEX wf_task_request ON wf_task(request_id);
    CREATE TABLE wf_cc (
      request_id INTEGER NOT NULL REFERENCES wf_request(id) ON DELETE CASCADE,
      user_id INTEGER NOT NULL REFERENCES user(id),
      PRIMARY KEY (request_id, user_id)
    );
    CREATE INDEX wf_cc_user ON wf_cc(user_id, request_id);
    CREATE TABLE wf_event (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL,
      request_id INTEGER NOT NULL REFERENCES wf_request(id) ON DELETE CASCADE,
      at INTEGER NOT NULL,
      actor_id INTEGER,
      kind TEXT NOT NULL,
      step INTEGER NOT NULL,
      comment TEXT NOT NULL DEFAULT '',
      target_id INTEGER
    );
    CREATE INDEX wf_event_request ON wf_event(request_id, id);
  `,
};

// A box filtered by status pages from an index too (100000 requests: 108 ms without it).
export const workflow002StatusIndex: Migration = {
  id: 'workflow/002-status-index',
  sql: 'CREATE INDEX wf_request_status ON wf_request(tenant_id, status, id);',
};

// Forms other modules run on (the attendance fill-in): '' for the tenant's own forms.
export const workflow003FormKind: Migration = {
  id: 'workflow/003-form-kind',
  sql: "ALTER TABLE wf_form ADD COLUMN kind TEXT NOT NULL DEFAULT '';",
};

// Seeded forms (the attendance fill-in) come in both languages (local-names.ts): the form's name
// and description here, its fields' labels and its steps' names as label_en/name_en in the JSON.
export const workflow004NamesEnglish: Migration = {
  id: 'workflow/004-names-english',
  sql: "ALTER TABLE wf_form ADD COLUMN name_en TEXT NOT NULL DEFAULT ''; ALTER TABLE wf_form ADD COLUMN description_en TEXT NOT NULL DEFAULT '';",
};
