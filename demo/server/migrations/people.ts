// The people domain's schema steps: accounts' profile, departments, sign-in by OAuth, portal tokens, the directory.
// Listed in the order they run by ./index.ts; an id, once released, never changes (data folders record it).

import type { Migration } from '../db.ts';
import { SEED_DESCRIPTIONS } from '../db.ts';
import { DEPARTMENT_NAMES } from '../people/user-seed.ts';

// Seeded accounts describe themselves in both languages (local-names.ts), like the roles.
export const profile001DescriptionEnglish: Migration = {
  id: 'profile/001-description-english',
  sql: `ALTER TABLE user ADD COLUMN description_en TEXT NOT NULL DEFAULT '';
    ${Object.values(SEED_DESCRIPTIONS).map(([zh, en]) => `UPDATE user SET description = '${zh}', description_en = '${en}' WHERE description = '${en}';`).join('\n')}`,
};

export const people001Departments: Migration = {
  id: 'people/001-departments',
  sql: `
    CREATE TABLE department (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      parent_id INTEGER REFERENCES department(id),
      name TEXT NOT NULL,
      sort INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX department_tenant ON department(tenant_id, parent_id);
    ALTER TABLE user ADD COLUMN department_id INTEGER REFERENCES department(id);
    ALTER TABLE user ADD COLUMN gender TEXT NOT NULL DEFAULT 'unknown';
    CREATE INDEX user_tenant_department ON user(tenant_id, department_id);
  `,
};

// The department head: who approves a workflow step that goes to the initiator's department head.
export const people002DepartmentHead: Migration = {
  id: 'people/002-department-head',
  sql: 'ALTER TABLE department ADD COLUMN head_user_id INTEGER REFERENCES user(id) ON DELETE SET NULL;',
};

// Seeded departments carry an English name too (local-names.ts); a name a person types clears it.
export const people003DepartmentEnglish: Migration = {
  id: 'people/003-department-english',
  sql: `
    ALTER TABLE department ADD COLUMN name_en TEXT NOT NULL DEFAULT '';
    UPDATE department SET name_en = CASE name ${DEPARTMENT_NAMES.map(([zh, en]) => `WHEN '${zh}' THEN '${en}'`).join(' ')} ELSE '' END WHERE tenant_id IN (1, 2);
    UPDATE department SET name = '总部', name_en = 'Head office' WHERE tenant_id = 2 AND parent_id IS NULL AND name = 'Head office';
  `,
};

export const oauth001Tables: Migration = {
  id: 'oauth/001-tables',
  sql: `
    CREATE TABLE oauth_platform (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      name TEXT NOT NULL,
      client_id TEXT NOT NULL,
      secret_sealed TEXT NOT NULL,
      issuer TEXT NOT NULL,
      authorize_url TEXT NOT NULL DEFAULT '',
      token_url TEXT NOT NULL DEFAULT '',
      userinfo_url TEXT NOT NULL DEFAULT '',
      scopes TEXT NOT NULL DEFAULT 'openid profile',
      enabled INTEGER NOT NULL DEFAULT 1,
      created_at INTEGER NOT NULL,
      UNIQUE (tenant_id, name)
    );
    CREATE TABLE oauth_binding (
      platform_id INTEGER NOT NULL REFERENCES oauth_platform(id) ON DELETE CASCADE,
      subject TEXT NOT NULL,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      user_id INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (platform_id, subject)
    );
  `,
};

export const portalToken001Tables: Migration = {
  id: 'portal-token/001-tables',
  sql: `
    CREATE TABLE portal_client (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      name TEXT NOT NULL,
      client_id TEXT NOT NULL UNIQUE,
      secret_hash TEXT NOT NULL,
      users TEXT NOT NULL DEFAULT '',
      scope TEXT NOT NULL DEFAULT '',
      created_at INTEGER NOT NULL,
      last_used_at INTEGER,
      revoked_at INTEGER
    );
    ALTER TABLE token ADD COLUMN scope TEXT;
    ALTER TABLE token ADD COLUMN portal_client_id INTEGER;
  `,
};

export const directory001Tables: Migration = {
  id: 'directory/001-tables',
  sql: `
    CREATE TABLE ldap_directory (
      tenant_id INTEGER PRIMARY KEY REFERENCES tenant(id),
      url TEXT NOT NULL,
      start_tls INTEGER NOT NULL DEFAULT 0,
      bind_dn TEXT NOT NULL,
      bind_password_sealed TEXT NOT NULL,
      base_dn TEXT NOT NULL,
      user_filter TEXT NOT NULL,
      name_attr TEXT NOT NULL DEFAULT 'cn',
      mail_attr TEXT NOT NULL DEFAULT 'mail',
      group_roles TEXT NOT NULL DEFAULT '{}',
      enabled INTEGER NOT NULL DEFAULT 1,
      embedded INTEGER NOT NULL DEFAULT 0
    );
    ALTER TABLE user ADD COLUMN directory_dn TEXT;
    CREATE UNIQUE INDEX user_directory_dn ON user(directory_dn) WHERE directory_dn IS NOT NULL;
  `,
};

// Directory group → department (by name) of the tenant: where a directory person is placed.
export const directory002GroupDepartments: Migration = {
  id: 'directory/002-group-departments',
  sql: `ALTER TABLE ldap_directory ADD COLUMN group_depts TEXT NOT NULL DEFAULT '{}';
    UPDATE ldap_directory SET group_depts = '{"operators":"运营中心","viewers":"运营中心"}' WHERE embedded = 1;`,
};
