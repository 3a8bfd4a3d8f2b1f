// The attendance domain's schema steps: rules, sites, members and clocks.
// Listed in the order they run by ./index.ts; an id, once released, never changes (data folders record it).

import type { Migration } from '../db.ts';
import { FILL_IN_FORM, FILL_IN_KIND, SEED_NAMES } from '../attendance/attendance-seed.ts';

export const attendance001Tables: Migration = {
  id: 'attendance/001-tables',
  sql: `
    CREATE TABLE att_rule (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      name TEXT NOT NULL,
      work_start TEXT NOT NULL,
      work_end TEXT NOT NULL,
      flex_minutes INTEGER NOT NULL,
      late_threshold INTEGER NOT NULL,
      early_threshold INTEGER NOT NULL,
      fill_in_minutes INTEGER NOT NULL,
      weekdays TEXT NOT NULL,
      skip_holidays INTEGER NOT NULL,
      UNIQUE (tenant_id, name)
    );
    CREATE TABLE att_site (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      name TEXT NOT NULL,
      rule_id INTEGER NOT NULL REFERENCES att_rule(id),
      kind TEXT NOT NULL CHECK (kind IN ('devices', 'location')),
      latitude REAL,
      longitude REAL,
      radius_m INTEGER,
      UNIQUE (tenant_id, name)
    );
    CREATE TABLE att_site_device (
      site_id INTEGER NOT NULL REFERENCES att_site(id) ON DELETE CASCADE,
      device_id INTEGER NOT NULL REFERENCES device(id) ON DELETE CASCADE,
      PRIMARY KEY (site_id, device_id)
    );
    CREATE TABLE att_member (
      tenant_id INTEGER NOT NULL,
      user_id INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
      site_id INTEGER NOT NULL REFERENCES att_site(id) ON DELETE CASCADE,
      PRIMARY KEY (user_id)
    );
    CREATE INDEX att_member_site ON att_member(site_id);
    CREATE TABLE att_clock (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL,
      user_id INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
      at INTEGER NOT NULL,
      source TEXT NOT NULL CHECK (source IN ('device', 'location', 'fillIn')),
      device_id INTEGER,
      request_id INTEGER
    );
    CREATE INDEX att_clock_time ON att_clock(tenant_id, at);
    CREATE INDEX att_clock_user ON att_clock(user_id, at);
  `,
};

// The seeded rule and site in both languages (local-names.ts): a Chinese page showed "Office hours".
export const attendance002NamesEnglish: Migration = {
  id: 'attendance/002-names-english',
  sql: `
    ALTER TABLE att_rule ADD COLUMN name_en TEXT NOT NULL DEFAULT '';
    ALTER TABLE att_site ADD COLUMN name_en TEXT NOT NULL DEFAULT '';
    UPDATE att_rule SET name = '${SEED_NAMES.rule[0]}', name_en = '${SEED_NAMES.rule[1]}' WHERE tenant_id = 1 AND name = '${SEED_NAMES.rule[1]}';
    UPDATE att_site SET name = '${SEED_NAMES.site[0]}', name_en = '${SEED_NAMES.site[1]}' WHERE tenant_id = 1 AND name = '${SEED_NAMES.site[1]}';
  `,
};

// The fill-in form seeded in Chinese only (its description in English only) gets both languages.
export const attendance003FillInFormEnglish: Migration = {
  id: 'attendance/003-fill-in-form-english',
  sql: `
    UPDATE wf_form_version SET fields = json_set(fields, ${FILL_IN_FORM.fields.map((f, i) => `'$[${i}].label_en', '${f.label[1]}'`).join(', ')})
      WHERE form_id IN (SELECT id FROM wf_form WHERE kind = '${FILL_IN_KIND}' AND name_en = '')
      AND ${FILL_IN_FORM.fields.map((f, i) => `json_extract(fields, '$[${i}].label') = '${f.label[0]}'`).join(' AND ')} AND json_array_length(fields) = ${FILL_IN_FORM.fields.length};
    UPDATE wf_form_version SET process = json_set(process, '$.steps[0].name_en', '${FILL_IN_FORM.step[1]}')
      WHERE form_id IN (SELECT id FROM wf_form WHERE kind = '${FILL_IN_KIND}' AND name_en = '')
      AND json_extract(process, '$.steps[0].name') = '${FILL_IN_FORM.step[0]}' AND json_array_length(process, '$.steps') = 1;
    UPDATE wf_form SET description = '${FILL_IN_FORM.description[0]}', description_en = '${FILL_IN_FORM.description[1]}'
      WHERE kind = '${FILL_IN_KIND}' AND description = '${FILL_IN_FORM.name[1]}' AND description_en = '';
    UPDATE wf_form SET name_en = '${FILL_IN_FORM.name[1]}' WHERE kind = '${FILL_IN_KIND}' AND name = '${FILL_IN_FORM.name[0]}' AND name_en = '';
  `,
};
