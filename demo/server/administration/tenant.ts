// Tenants (baseManager tenant_mng) for the platform operator — the software vendor's account `vendor`,
// in a platform tenant of its own — and tenant info (base_info) for each tenant's own name, home page,
// description and logos. Creating a tenant creates its one super admin. Deleting a tenant that still
// holds users or devices needs the typed word delete, then removes every row of it in one transaction;
// its tokens go with it, so its sessions end at once.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ELEMENT_CODES } from '../../../shared/api/menu-seed.ts';
import type { TenantRow } from '../../../shared/api/tenant-types.ts';
import { ops } from '../../../shared/contract/tenant.ts';
import { AVATAR_MAX_BYTES } from '../../../shared/validate/index.ts';
import { route } from '../contract.ts';
import type { Db } from '../db.ts';
import { tx } from '../db.ts';
import { fail, failField, failWith, ok, userOf } from '../http.ts';
import { langOf, type Lang, textsOf } from '../messages.ts';
import { hashPassword } from '../people/passwords.ts';
import { likePattern, offsetOf, queryPage } from '../resource.ts';
import { col, shape } from '../shape.ts';
import { platformData, tenantData, tenantDataOf } from '../tenant-data.ts';
import { sniffImage } from '../people/current-user.ts';
import { isPlatformTenant, PLATFORM_MENUS } from '../tokens.ts';
import { issueTrial } from './voucher.ts';

/** A tenant as the operator's list answers it (tenant t): both logos in one field, main;small. */
const TENANT = shape<TenantRow>({
  id: col.value('t.id'),
  name: col.value('t.name'),
  type: col.value('t.type'),
  home: col.value('t.home'),
  description: col.value('t.description'),
  logoUrl: col.value("t.main_logo || ';' || t.small_logo"),
  users: col.value('(SELECT COUNT(*) FROM user u WHERE u.tenant_id = t.id)'),
  devices: col.value('(SELECT COUNT(*) FROM device d WHERE d.tenant_id = t.id)'),
  superAdmin: col.value(
    "COALESCE((SELECT u.username FROM user u JOIN user_role ur ON ur.user_id = u.id JOIN role r ON r.id = ur.role_id WHERE r.tenant_id = t.id AND r.super_admin = 1 LIMIT 1), '')",
  ),
});

const TEXT = {
  nameTaken: { zh: '租户名称已存在', en: 'The same name already exists.' },
  accountTaken: { zh: '账号已被使用', en: 'This account is already taken' },
  noTenant: { zh: '租户不存在', en: 'No such tenant' },
  platform: { zh: '平台租户不能删除', en: 'The platform tenant cannot be deleted' },
  default: { zh: '默认租户（登录页展示的租户）不能删除', en: 'The default tenant (the one the sign-in page shows) cannot be deleted' },
  holds: { zh: '该租户仍有 {users} 个用户和 {devices} 台设备；输入 delete 确认全部删除', en: 'The tenant still holds {users} users and {devices} devices; type delete to remove them all' },
  home: { zh: '主页须为 https:// 开头的地址', en: 'The home page must be an https:// address' },
  logoWhich: { zh: '请说明上传的是主 Logo 还是小 Logo', en: 'Say whether this is the main or the small logo' },
} as const satisfies Record<string, Record<Lang, string>>;

const say = textsOf(TEXT);

const homeRule = (value: unknown) => (value === undefined || value === '' || (typeof value === 'string' && /^https:\/\/[^\s<>"]{1,200}$/i.test(value)) ? null : { key: 'validate.oneOf' as const });

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

/** Every table holding tenant rows, children first where the schema says so (the rest is deferred). */
function tenantTables(db: Db): string[] {
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all<{ name: string }>()).map((t) => t.name);
  return tables.filter((t) => t !== 'tenant' && (db.prepare(`PRAGMA table_info("${t}")`).all<{ name: string }>()).some((c) => c.name === 'tenant_id'));
}

const plugin: FastifyPluginAsync = async (app) => {
  const { config } = app.atrium;
  // The operator's pages work on every tenant: the list, a new tenant with its super admin and first
  // voucher, a tenant's removal with all its rows. Everything else here is the signed-in tenant's own.
  const platform = platformData(app, "the platform operator lists, creates, renames and removes tenants, each with all of its rows");
  const isPlatform = (request: FastifyRequest) => isPlatformTenant(platform, userOf(request).tenantId);

  const rowOf = (id: number): TenantRow | null => {
    const row = platform.prepare(`SELECT ${TENANT.select} FROM tenant t WHERE t.id = ? AND t.platform = 0`).get(id);
    return row ? TENANT.read(row) : null;
  };

  route(app, ops.page, async (request) => {
    if (!isPlatform(request)) return failWith(request, 'http.noPermission', undefined, 40301);
    const paging = queryPage(request.query, langOf(request));
    if (typeof paging === 'string') return fail(paging);
    const { page, limit } = paging;
    const keyword = request.query.keyword?.trim();
    const where = keyword ? "platform = 0 AND name LIKE ? ESCAPE '\\'" : 'platform = 0';
    const args = keyword ? [likePattern(keyword)] : [];
    const total = platform.prepare(`SELECT COUNT(*) AS n FROM tenant WHERE ${where}`).get<{ n: number }>(...args)!.n;
    const rows = platform.prepare(`SELECT ${TENANT.select} FROM tenant t WHERE ${where} ORDER BY t.id LIMIT ? OFFSET ?`).all(...args, limit, offsetOf({ page, limit }));
    return ok({ rows: TENANT.all(rows), total });
  });

  route(app, ops.detail, async (request) => {
    if (!isPlatform(request)) return failWith(request, 'http.noPermission', undefined, 40301);
    const row = rowOf(request.params.id);
    return row ? ok(row) : fail(say(langOf(request), 'noTenant'));
  });

  route(app, ops.create, async (request) => {
    if (!isPlatform(request)) return failWith(request, 'http.noPermission', undefined, 40301);
    const lang = langOf(request);
    const b = request.body;
    if (homeRule(b.home)) return failField(say(lang, 'home'), 'home');
    const name = b.name.trim();
    if (platform.prepare('SELECT 1 FROM tenant WHERE name = ?').get(name)) return failField(say(lang, 'nameTaken'), 'name');
    if (platform.prepare('SELECT 1 FROM user WHERE username = ?').get(b.adminUsername)) return failField(say(lang, 'accountTaken'), 'adminUsername');
    const hash = await hashPassword(b.adminPassword);
    const id = tx(platform, () => {
      const tenantId = Number(platform.prepare("INSERT INTO tenant (name, type, home, description, main_logo, small_logo) VALUES (?, ?, ?, ?, '', '')").run(name, b.type, b.home ?? '', (b.description ?? '').trim()).lastInsertRowid);
      // The new tenant's own rows, written as that tenant's.
      const data = tenantDataOf(platform, tenantId);
      const roleId = Number(data.run("INSERT INTO role (tenant_id, code, name, name_en, super_admin) VALUES ($tenant, 'tenantSuperAdmin', '租户超级管理员', 'Tenant super admin', 1)").lastInsertRowid);
      for (const code of ELEMENT_CODES) data.run('INSERT INTO role_element (role_id, element_code) VALUES (?, ?)', roleId, code);
      const userId = Number(data.run('INSERT INTO user (tenant_id, username, password_hash, name) VALUES ($tenant, ?, ?, ?)', b.adminUsername, hash, b.adminName.trim()).lastInsertRowid);
      data.run('INSERT INTO user_role (user_id, role_id) VALUES (?, ?)', userId, roleId);
      issueTrial(data);
      return tenantId;
    });
    return ok(rowOf(id)!);
  });

  route(app, ops.update, async (request) => {
    if (!isPlatform(request)) return failWith(request, 'http.noPermission', undefined, 40301);
    const lang = langOf(request);
    const { id } = request.params;
    if (!rowOf(id)) return fail(say(lang, 'noTenant'));
    const b = request.body;
    if (homeRule(b.home)) return failField(say(lang, 'home'), 'home');
    const name = b.name.trim();
    if (platform.prepare('SELECT 1 FROM tenant WHERE name = ? AND id <> ?').get(name, id)) return failField(say(lang, 'nameTaken'), 'name');
    platform.prepare('UPDATE tenant SET name = ?, type = ?, home = ?, description = ? WHERE id = ?').run(name, b.type, b.home ?? '', (b.description ?? '').trim(), id);
    return ok(rowOf(id)!);
  });

  route(app, ops.remove, async (request) => {
    if (!isPlatform(request)) return failWith(request, 'http.noPermission', undefined, 40301);
    const lang = langOf(request);
    const { id } = request.params;
    const t = platform.prepare('SELECT platform, is_default FROM tenant WHERE id = ?').get<{ platform: number; is_default: number }>(id);
    if (!t) return fail(say(lang, 'noTenant'));
    if (t.platform) return fail(say(lang, 'platform'));
    if (t.is_default) return fail(say(lang, 'default'));
    const row = rowOf(id)!;
    // The super admin alone does not count as holding users.
    const holds = row.users > 1 || row.devices > 0;
    if (holds && request.body?.confirm !== 'delete') return failField(say(lang, 'holds', { users: row.users, devices: row.devices }), 'confirm');
    const tables = tenantTables(platform);
    tx(platform, () => {
      platform.exec('PRAGMA defer_foreign_keys = ON');
      for (const table of tables) platform.prepare(`DELETE FROM "${table}" WHERE tenant_id = ?`).run(id);
      platform.prepare('DELETE FROM role WHERE tenant_id = ?').run(id);
      platform.prepare('DELETE FROM tenant WHERE id = ?').run(id);
    });
    return ok({ deleted: 1 as const });
  });

  // ---- the tenant's own info (base_info) --------------------------------------------------------

  const info = (request: FastifyRequest) => {
    const t = tenantData(request).get<{ id: number; name: string; type: TenantRow['type']; home: string; description: string; main_logo: string; small_logo: string }>(
      'SELECT id, name, type, home, description, main_logo, small_logo FROM tenant WHERE id = $tenant',
    )!;
    return { id: t.id, name: t.name, type: t.type, home: t.home, description: t.description, logoUrl: `${t.main_logo};${t.small_logo}` };
  };

  route(app, ops.info, async (request) => ok(info(request)));

  route(app, ops.saveInfo, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const b = request.body;
    if (homeRule(b.home)) return failField(say(lang, 'home'), 'home');
    const name = b.name.trim();
    // Tenant names are unique across the platform: another tenant's name is taken.
    if (data.get('SELECT 1 FROM tenant WHERE name = ? AND id <> $tenant', name)) return failField(say(lang, 'nameTaken'), 'name');
    data.run('UPDATE tenant SET name = ?, home = ?, description = ? WHERE id = $tenant', name, b.home ?? '', (b.description ?? '').trim());
    return ok(info(request));
  });

  /** A logo (multipart: `which` main|small, then `file`): JPG, PNG or SVG by content, at most 2 MB. */
  route(app, ops.logo, async (request) => {
    const { tenantId } = userOf(request);
    const lang = langOf(request);
    if (!request.isMultipart()) return failWith(request, 'validate.file.required');
    let bytes: Buffer;
    let which: unknown;
    try {
      const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
      if (!file) return failWith(request, 'validate.file.required');
      which = (file.fields.which as { value?: unknown } | undefined)?.value;
      bytes = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return failWith(request, 'validate.file.avatarSize', { max: 2 });
      return failWith(request, 'upload.failed');
    }
    if (which !== 'main' && which !== 'small') return failField(say(lang, 'logoWhich'), 'which');
    if (bytes.length === 0) return failWith(request, 'validate.file.required');
    // By content: an HTML page named logo.png is not an image.
    const type = sniffImage(bytes);
    if (!type) return failWith(request, 'validate.file.avatarType');
    const dir = join(config.uploadDir, 'logo');
    await mkdir(dir, { recursive: true });
    const name = `${tenantId}-${which}-${randomBytes(9).toString('base64url')}.${type}`;
    await writeFile(join(dir, name), bytes);
    tenantData(request).run(`UPDATE tenant SET ${which === 'main' ? 'main_logo' : 'small_logo'} = ? WHERE id = $tenant`, `/upload/logo/${name}`);
    return ok(info(request));
  });
};

export default plugin;
