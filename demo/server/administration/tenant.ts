// Tenants (baseManager tenant_mng) for the platform operator — the software vendor's account `vendor`,
// in a platform tenant of its own — and tenant info (base_info) for each tenant's own name, home page,
// description and logos. Creating a tenant creates its one super admin. Deleting a tenant that still
// holds users or devices needs the typed word delete, then removes every row of it in one transaction;
// its tokens go with it, so its sessions end at once.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ops } from '../../../shared/contract/tenant.ts';
import { AVATAR_MAX_BYTES } from '../../../shared/validate/index.ts';
import { route } from '../contract.ts';
import { fail, failField, failWith, ok, userOf } from '../http.ts';
import { langOf, type Lang, textsOf } from '../messages.ts';
import { hashPassword } from '../people/passwords.ts';
import { queryPage } from '../resource.ts';
import { platformData, tenantData } from '../tenant-data.ts';
import { sniffImage } from '../people/current-user.ts';
import { isPlatformTenant } from '../tokens.ts';
import {
  createTenant,
  listTenants,
  nameTakenByAnotherTenant,
  removeTenant,
  saveTenantInfo,
  setTenantLogo,
  tenantFlags,
  tenantInfo,
  tenantNameTaken,
  tenantRow,
  updateTenant,
  usernameTaken,
} from './tenants-data.ts';

export { seed } from './tenant-seed.ts';

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

const plugin: FastifyPluginAsync = async (app) => {
  const { config } = app.atrium;
  // The operator's pages work on every tenant: the list, a new tenant with its super admin and first
  // voucher, a tenant's removal with all its rows. Everything else here is the signed-in tenant's own.
  const platform = platformData(app, "the platform operator lists, creates, renames and removes tenants, each with all of its rows");
  const isPlatform = (request: FastifyRequest) => isPlatformTenant(platform, userOf(request).tenantId);

  const rowOf = (id: number) => tenantRow(platform, id);

  route(app, ops.page, async (request) => {
    if (!isPlatform(request)) return failWith(request, 'http.noPermission', undefined, 40301);
    const paging = queryPage(request.query, langOf(request));
    if (typeof paging === 'string') return fail(paging);
    return ok(listTenants(platform, request.query.keyword?.trim(), paging));
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
    if (tenantNameTaken(platform, name)) return failField(say(lang, 'nameTaken'), 'name');
    if (usernameTaken(platform, b.adminUsername)) return failField(say(lang, 'accountTaken'), 'adminUsername');
    const hash = await hashPassword(b.adminPassword);
    const id = createTenant(platform, { name, type: b.type, home: b.home ?? '', description: (b.description ?? '').trim() }, { username: b.adminUsername, passwordHash: hash, name: b.adminName.trim() });
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
    if (tenantNameTaken(platform, name, id)) return failField(say(lang, 'nameTaken'), 'name');
    updateTenant(platform, id, { name, type: b.type, home: b.home ?? '', description: (b.description ?? '').trim() });
    return ok(rowOf(id)!);
  });

  route(app, ops.remove, async (request) => {
    if (!isPlatform(request)) return failWith(request, 'http.noPermission', undefined, 40301);
    const lang = langOf(request);
    const { id } = request.params;
    const t = tenantFlags(platform, id);
    if (!t) return fail(say(lang, 'noTenant'));
    if (t.platform) return fail(say(lang, 'platform'));
    if (t.is_default) return fail(say(lang, 'default'));
    const row = rowOf(id)!;
    // The super admin alone does not count as holding users.
    const holds = row.users > 1 || row.devices > 0;
    if (holds && request.body?.confirm !== 'delete') return failField(say(lang, 'holds', { users: row.users, devices: row.devices }), 'confirm');
    removeTenant(platform, id);
    return ok({ deleted: 1 as const });
  });

  // ---- the tenant's own info (base_info) --------------------------------------------------------

  const info = (request: FastifyRequest) => tenantInfo(tenantData(request));

  route(app, ops.info, async (request) => ok(info(request)));

  route(app, ops.saveInfo, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const b = request.body;
    if (homeRule(b.home)) return failField(say(lang, 'home'), 'home');
    const name = b.name.trim();
    // Tenant names are unique across the platform: another tenant's name is taken.
    if (nameTakenByAnotherTenant(data, name)) return failField(say(lang, 'nameTaken'), 'name');
    saveTenantInfo(data, name, b.home ?? '', (b.description ?? '').trim());
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
    setTenantLogo(tenantData(request), which, `/upload/logo/${name}`);
    return ok(info(request));
  });
};

export default plugin;
