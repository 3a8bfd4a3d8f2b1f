// The platform core's schema: tenants, roles and their rights, users, tokens, custom data, seen nonces.
// Listed in the order they run by ./index.ts; an id, once released, never changes (data folders record it).

import type { Migration } from '../db.ts';

export const core001: Migration = {
  id: 'core/001',
  sql: `
    CREATE TABLE tenant (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      type TEXT NOT NULL CHECK (type IN ('enterprise', 'personal')),
      sms_enabled INTEGER NOT NULL DEFAULT 0,
      main_logo TEXT NOT NULL DEFAULT '',
      small_logo TEXT NOT NULL DEFAULT '',
      is_default INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE role (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      code TEXT NOT NULL,
      name TEXT NOT NULL,
      super_admin INTEGER NOT NULL DEFAULT 0,
      UNIQUE (tenant_id, code)
    );
    CREATE TABLE role_menu (
      role_id INTEGER NOT NULL REFERENCES role(id) ON DELETE CASCADE,
      menu_code TEXT NOT NULL,
      PRIMARY KEY (role_id, menu_code)
    );
    CREATE TABLE role_element (
      role_id INTEGER NOT NULL REFERENCES role(id) ON DELETE CASCADE,
      element_code TEXT NOT NULL,
      PRIMARY KEY (role_id, element_code)
    );
    CREATE TABLE user (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      username TEXT NOT NULL UNIQUE,
      password_hash TEXT NOT NULL,
      name TEXT NOT NULL,
      phone TEXT NOT NULL DEFAULT '',
      email TEXT NOT NULL DEFAULT '',
      description TEXT NOT NULL DEFAULT '',
      avatar TEXT NOT NULL DEFAULT '',
      status TEXT NOT NULL DEFAULT 'normal'
    );
    CREATE UNIQUE INDEX user_phone ON user(phone) WHERE phone <> '';
    CREATE TABLE user_role (
      user_id INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
      role_id INTEGER NOT NULL REFERENCES role(id) ON DELETE CASCADE,
      PRIMARY KEY (user_id, role_id)
    );
    CREATE TABLE token (
      hash TEXT PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
      tenant_id INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    );
    CREATE INDEX token_expiry ON token(expires_at);
    CREATE TABLE custom_data (
      id INTEGER PRIMARY KEY,
      tenant_id INTEGER NOT NULL REFERENCES tenant(id),
      user_id INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
      custom_key TEXT NOT NULL,
      custom_value TEXT NOT NULL,
      version INTEGER NOT NULL DEFAULT 1,
      updated_at INTEGER NOT NULL,
      UNIQUE (tenant_id, user_id, custom_key)
    );
    CREATE TABLE seen_nonce (
      nonce TEXT PRIMARY KEY,
      seen_at INTEGER NOT NULL
    );
    CREATE INDEX seen_nonce_time ON seen_nonce(seen_at);
  `,
};
