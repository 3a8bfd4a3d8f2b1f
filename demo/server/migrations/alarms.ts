// The alarms domain's schema steps: alarms, their actions and event types, the text index, alarm rules.
// Listed in the order they run by ./index.ts; an id, once released, never changes (data folders record it).

import type { Migration } from '../db.ts';

export const alarm001Tables: Migration = {
  id: 'alarm/001-tables',
  sql: `
    CREATE TABLE alarm_source (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      code TEXT NOT NULL,
      name TEXT NOT NULL,
      kind TEXT NOT NULL,
      UNIQUE (tenant_id, code)
    );
    CREATE TABLE alarm (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      device_code TEXT NOT NULL,
      device_name TEXT NOT NULL,
      model_id INTEGER,
      level TEXT NOT NULL CHECK (level IN ('critical', 'warning', 'reminder', 'normal')),
      status TEXT NOT NULL CHECK (status IN ('toBeConfirmed', 'confirmed', 'closed')),
      handle_status TEXT NOT NULL CHECK (handle_status IN ('unhandled', 'handling', 'handled')),
      content_zh TEXT NOT NULL,
      content_en TEXT NOT NULL,
      occurred_at INTEGER NOT NULL,
      handler TEXT NOT NULL DEFAULT '',
      handled_at INTEGER,
      handle_note TEXT NOT NULL DEFAULT '',
      confirmer TEXT NOT NULL DEFAULT '',
      confirmed_at INTEGER
    );
    CREATE INDEX alarm_tenant_handle ON alarm(tenant_id, handle_status);
    CREATE INDEX alarm_tenant_time ON alarm(tenant_id, occurred_at);
  `,
};

export const alarm002ActionsEventTypes: Migration = {
  id: 'alarm/002-actions-event-types',
  sql: `
    CREATE TABLE alarm_event_type (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      number INTEGER NOT NULL CHECK (number > 0),
      name TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      UNIQUE (tenant_id, number)
    );
    ALTER TABLE alarm ADD COLUMN event_type_id INTEGER REFERENCES alarm_event_type(id) ON DELETE SET NULL;
    CREATE TABLE alarm_action (
      id INTEGER PRIMARY KEY,
      alarm_id INTEGER NOT NULL REFERENCES alarm(id) ON DELETE CASCADE,
      tenant_id INTEGER NOT NULL,
      action TEXT NOT NULL CHECK (action IN ('handling', 'handled', 'confirmed', 'closed')),
      user_name TEXT NOT NULL,
      at INTEGER NOT NULL,
      note TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX alarm_action_alarm ON alarm_action(alarm_id);
    CREATE INDEX alarm_tenant_status_time ON alarm(tenant_id, status, occurred_at);
  `,
};

// The resource point (model parameter) an alarm is about, for the statistics by resource.
export const alarm003Resource: Migration = {
  id: 'alarm/003-resource',
  sql: `
    ALTER TABLE alarm ADD COLUMN param_code TEXT;
    CREATE INDEX alarm_tenant_device_time ON alarm(tenant_id, device_code, occurred_at);
    -- Open alarms in time order: the current list's first page without sorting every open alarm.
    DROP INDEX alarm_tenant_handle;
    CREATE INDEX alarm_tenant_handle_time ON alarm(tenant_id, handle_status, occurred_at);
  `,
};

// A trigram index of the searchable text (content, device name and code), kept by triggers, so a
// keyword search need not read every alarm of the window.
export const alarm004Text: Migration = {
  id: 'alarm/004-text',
  sql: `
    CREATE VIRTUAL TABLE alarm_text USING fts5(content_zh, content_en, device_name, device_code, content='alarm', content_rowid='id', tokenize='trigram');
    CREATE TRIGGER alarm_text_insert AFTER INSERT ON alarm BEGIN
      INSERT INTO alarm_text (rowid, content_zh, content_en, device_name, device_code) VALUES (new.id, new.content_zh, new.content_en, new.device_name, new.device_code);
    END;
    CREATE TRIGGER alarm_text_delete AFTER DELETE ON alarm BEGIN
      INSERT INTO alarm_text (alarm_text, rowid, content_zh, content_en, device_name, device_code) VALUES ('delete', old.id, old.content_zh, old.content_en, old.device_name, old.device_code);
    END;
    CREATE TRIGGER alarm_text_update AFTER UPDATE OF content_zh, content_en, device_name, device_code ON alarm BEGIN
      INSERT INTO alarm_text (alarm_text, rowid, content_zh, content_en, device_name, device_code) VALUES ('delete', old.id, old.content_zh, old.content_en, old.device_name, old.device_code);
      INSERT INTO alarm_text (rowid, content_zh, content_en, device_name, device_code) VALUES (new.id, new.content_zh, new.content_en, new.device_name, new.device_code);
    END;
    INSERT INTO alarm_text (alarm_text) VALUES ('rebuild');
  `,
};

export const alarmRule001Tables: Migration = {
  id: 'alarm-rule/001-tables',
  sql: `
    CREATE TABLE alarm_rule (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      model_id INTEGER NOT NULL REFERENCES device_model(id) ON DELETE CASCADE,
      param_code TEXT NOT NULL,
      device_id INTEGER REFERENCES device(id) ON DELETE CASCADE,
      expression TEXT NOT NULL,
      level TEXT NOT NULL CHECK (level IN ('critical', 'warning', 'reminder', 'normal')),
      content TEXT NOT NULL,
      event_type_id INTEGER REFERENCES alarm_event_type(id) ON DELETE SET NULL,
      notice_hours INTEGER NOT NULL DEFAULT 24,
      ban_hours INTEGER NOT NULL DEFAULT 24,
      enabled INTEGER NOT NULL DEFAULT 1
    );
    CREATE INDEX alarm_rule_model ON alarm_rule(tenant_id, model_id, param_code);
    CREATE TABLE alarm_rule_ban (
      rule_id INTEGER NOT NULL REFERENCES alarm_rule(id) ON DELETE CASCADE,
      device_id INTEGER NOT NULL,
      until INTEGER NOT NULL,
      PRIMARY KEY (rule_id, device_id)
    );
    ALTER TABLE alarm ADD COLUMN notice_until INTEGER;
  `,
};
