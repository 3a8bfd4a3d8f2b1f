// The administration domain's schema steps: roles, the operator tenant, menus, vouchers, notification channels.
// Listed in the order they run by ./index.ts; an id, once released, never changes (data folders record it).

import type { Migration } from '../db.ts';

/** The seeded roles' names: code, the English name they were seeded with, the Chinese one. */
const SEED_ROLE_NAMES: ReadonlyArray<readonly [string, string, string]> = [
  ['tenantSuperAdmin', 'Tenant super admin', '租户超级管理员'],
  ['operator', 'Operator', '值班操作员'],
  ['viewer', 'Viewer', '告警查看员'],
  ['platformOperator', 'Platform operator', '平台运营'],
];

export const role001InheritanceAndData: Migration = {
  id: 'role/001-inheritance-and-data',
  sql: `
    ALTER TABLE role ADD COLUMN parent_id INTEGER REFERENCES role(id);
    ALTER TABLE role ADD COLUMN description TEXT NOT NULL DEFAULT '';
    CREATE TABLE role_data_group (
      role_id INTEGER NOT NULL REFERENCES role(id) ON DELETE CASCADE,
      data_group_id INTEGER NOT NULL REFERENCES data_group(id) ON DELETE CASCADE,
      PRIMARY KEY (role_id, data_group_id)
    );
  `,
};

// Seeded roles describe themselves in both languages (local-names.ts); a description typed clears it.
export const role010DescriptionEnglish: Migration = { id: 'role/010-description-english', sql: "ALTER TABLE role ADD COLUMN description_en TEXT NOT NULL DEFAULT '';" };

// Seeded role names in both languages too (a Chinese page showed "Operator"); a name typed clears it.
export const role011NameEnglish: Migration = {
  id: 'role/011-name-english',
  sql: `
    ALTER TABLE role ADD COLUMN name_en TEXT NOT NULL DEFAULT '';
    ${SEED_ROLE_NAMES.map(([code, en, zh]) => `UPDATE role SET name = '${zh}', name_en = '${en}' WHERE code = '${code}' AND name = '${en}';`).join('\n      ')}
  `,
};

export const tenant001Operator: Migration = {
  id: 'tenant/001-operator',
  sql: `
    ALTER TABLE tenant ADD COLUMN platform INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tenant ADD COLUMN home TEXT NOT NULL DEFAULT '';
    ALTER TABLE tenant ADD COLUMN description TEXT NOT NULL DEFAULT '';
  `,
};

export const menu001Entries: Migration = {
  id: 'menu/001-entries',
  sql: `
    CREATE TABLE menu_entry (
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      code TEXT NOT NULL,
      parent_code TEXT,
      zh TEXT NOT NULL,
      en TEXT NOT NULL,
      icon TEXT NOT NULL,
      uri TEXT NOT NULL,
      sort INTEGER NOT NULL,
      hidden INTEGER NOT NULL DEFAULT 0,
      custom INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (tenant_id, code)
    );
  `,
};

export const voucher001Table: Migration = {
  id: 'voucher/001-table',
  sql: `
    CREATE TABLE voucher (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      code TEXT NOT NULL UNIQUE,
      kind TEXT NOT NULL CHECK (kind IN ('provisional', 'perpetual')),
      expires_at INTEGER,
      note TEXT NOT NULL DEFAULT '',
      created_at INTEGER NOT NULL
    );
    CREATE INDEX voucher_tenant ON voucher(tenant_id);
  `,
};

export const notify001Tables: Migration = {
  id: 'notify/001-tables',
  sql: `
    CREATE TABLE notify_channel (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      name TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('email', 'sms', 'webhook')),
      config TEXT NOT NULL,
      levels TEXT NOT NULL DEFAULT '',
      enabled INTEGER NOT NULL DEFAULT 1,
      UNIQUE (tenant_id, name)
    );
    CREATE TABLE notify_delivery (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL,
      channel_id INTEGER NOT NULL REFERENCES notify_channel(id) ON DELETE CASCADE,
      at INTEGER NOT NULL,
      attempt INTEGER NOT NULL,
      ok INTEGER NOT NULL,
      subject TEXT NOT NULL,
      detail TEXT NOT NULL
    );
    CREATE INDEX notify_delivery_channel ON notify_delivery(channel_id, id);
    CREATE TABLE mailbox (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER,
      received_at INTEGER NOT NULL,
      mail_from TEXT NOT NULL,
      rcpt_to TEXT NOT NULL,
      subject TEXT NOT NULL,
      body TEXT NOT NULL
    );
    CREATE INDEX mailbox_tenant ON mailbox(tenant_id, id);
  `,
};
