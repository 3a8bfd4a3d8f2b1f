// The platform operator's tenant and account (the software vendor's `vendor`), seeded once; a data
// folder from before the monitors moved to the operator gets them on its next start.
import type { Db } from '../db.ts';
import { tx } from '../db.ts';
import { hashPassword } from '../people/passwords.ts';
import { PLATFORM_MENUS } from '../tokens.ts';

/** The platform operator's pages: tenant management and the platform's monitors. */
const OPERATOR_MENUS = ['baseManager', ...PLATFORM_MENUS];

/** The platform operator's tenant and account, once. */
export async function seed(db: Db): Promise<void> {
  const platform = db.prepare("SELECT r.id FROM role r JOIN tenant t ON t.id = r.tenant_id WHERE t.platform = 1 AND r.code = 'platformOperator'").get<{ id: number }>();
  if (platform) {
    // A data folder from before the monitors moved to the operator gets them too.
    for (const code of OPERATOR_MENUS) db.prepare('INSERT OR IGNORE INTO role_menu (role_id, menu_code) VALUES (?, ?)').run(platform.id, code);
    return;
  }
  if (!db.prepare('SELECT 1 FROM tenant').get()) return;
  const hash = await hashPassword('vendor123');
  tx(db, () => {
    const tenantId = Number(db.prepare("INSERT INTO tenant (name, type, platform, description) VALUES ('Atrium platform', 'enterprise', 1, 'The software vendor')").run().lastInsertRowid);
    const roleId = Number(db.prepare("INSERT INTO role (tenant_id, code, name, name_en, super_admin) VALUES (?, 'platformOperator', '平台运营', 'Platform operator', 0)").run(tenantId).lastInsertRowid);
    for (const code of OPERATOR_MENUS) db.prepare('INSERT INTO role_menu (role_id, menu_code) VALUES (?, ?)').run(roleId, code);
    const userId = Number(db.prepare("INSERT INTO user (tenant_id, username, password_hash, name) VALUES (?, 'vendor', ?, 'Platform operator')").run(tenantId, hash).lastInsertRowid);
    db.prepare('INSERT INTO user_role (user_id, role_id) VALUES (?, ?)').run(userId, roleId);
  });
}
