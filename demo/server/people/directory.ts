// Directory sign-in (/ldap) against a real LDAP directory. A tenant configures its directory — URL
// (ldap:// or ldaps://, StartTLS on request), the service account's DN and password (sealed at rest),
// the search base, the user filter with {username}, the name and mail attributes, and which directory
// groups give which roles. A directory sign-in searches the person with the service account, then
// binds as that person with the typed password (ldapts); the first one creates the local account
// (linked by its DN, never by a matching local name), every one brings its roles up to date from the
// groups. A person the directory no longer finds, or disables, cannot sign in; a directory that does
// not answer gives a clear message within the request timeout. The demo's own directory
// (../../ldap/directory.ts) is what the sign-in tenant uses out of the box.
import { outboundUrlProblem, reachableProblem } from '../outbound.ts';
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { Client, InvalidCredentialsError } from 'ldapts';
import { DIRECTORY_BASE, DIRECTORY_READER, startDirectory, type Directory } from '../../ldap/directory.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db.ts';
import { failField, ok } from '../http.ts';
import { ops } from '../../../shared/contract/directory.ts';
import { route } from '../contract.ts';
import { langOf, type Lang, textsOf } from '../messages.ts';
import { hashPassword } from './passwords.ts';
import { secretBox, type SecretBox } from '../secrets.ts';
import { col, shape } from '../shape.ts';
import { platformData, tenantData, tenantDataOf } from '../tenant-data.ts';
import type { DirectoryAnswer } from '../../../shared/api/directory-types.ts';

/** The request timeout for every directory call: a directory that does not answer is given up on. */
export const DIRECTORY_TIMEOUT_MS = 5000;

const TEXT = {
  down: { zh: '目录服务暂时无法连接，请稍后再试，或使用平台账号登录', en: 'The directory cannot be reached right now; try again later or sign in with a platform account' },
  noDirectory: { zh: '本租户未配置目录服务', en: 'This tenant has no directory configured' },
  nameTaken: { zh: '平台已有同名的本地账号，请联系管理员', en: 'A local account already uses this name; ask an administrator' },
  privateUrl: { zh: '地址指向本机或内网，平台未允许该网络（ATRIUM_OUTBOUND_NETWORKS）', en: 'The address points to this machine or a private network the platform does not allow (ATRIUM_OUTBOUND_NETWORKS)' },
  url: { zh: '须为 ldap:// 或 ldaps:// 地址（留空表示演示目录）', en: 'Must be an ldap:// or ldaps:// address (empty: the demo directory)' },
  filter: { zh: '过滤条件须包含 {username} 且以括号包围', en: 'The filter must be in parentheses and contain {username}' },
  roles: { zh: '映射中的角色不存在', en: 'A role in the mapping does not exist' },
  departments: { zh: '映射中的部门不存在', en: 'A department in the mapping does not exist' },
} as const satisfies Record<string, Record<Lang, string>>;
const say = textsOf(TEXT);

/** RFC 4515: a typed name is a value, never filter syntax. */
export const escapeFilterValue = (value: string): string => value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);

interface DirectoryRow {
  tenant_id: number;
  url: string;
  start_tls: number;
  bind_dn: string;
  bind_password_sealed: string;
  base_dn: string;
  user_filter: string;
  name_attr: string;
  mail_attr: string;
  group_roles: string;
  group_depts: string;
  enabled: number;
  embedded: number;
}

const SETTINGS = shape<DirectoryAnswer>({
  url: col.value("CASE WHEN embedded = 1 THEN '' ELSE url END"),
  startTls: col.flag('start_tls'),
  bindDn: col.value('bind_dn'),
  baseDn: col.value('base_dn'),
  userFilter: col.value('user_filter'),
  nameAttr: col.value('name_attr'),
  mailAttr: col.value('mail_attr'),
  groupRoles: col.json('group_roles'),
  groupDepartments: col.json('group_depts'),
  enabled: col.flag('enabled'),
  hasPassword: col.flag("embedded = 1 OR bind_password_sealed <> ''"),
});

/** The sign-in tenant (the default one) gets the demo directory on first start. */
export function seed(db: Db): void {
  const tenant = db.prepare('SELECT id FROM tenant WHERE is_default = 1 ORDER BY id LIMIT 1').get<{ id: number }>();
  if (!tenant || db.prepare('SELECT 1 FROM ldap_directory WHERE tenant_id = ?').get(tenant.id)) return;
  if (db.prepare("SELECT 1 FROM schema_migration WHERE id = 'directory/seed'").get()) return;
  // Sealed on first use (the key lives in the data folder, which the seed does not see): '' = the demo's own.
  db.prepare("INSERT INTO ldap_directory (tenant_id, url, bind_dn, bind_password_sealed, base_dn, user_filter, group_roles, group_depts, embedded) VALUES (?, '', ?, '', ?, ?, ?, ?, 1)").run(
    tenant.id,
    DIRECTORY_READER.dn,
    `ou=people,${DIRECTORY_BASE}`,
    '(&(objectClass=inetOrgPerson)(uid={username}))',
    JSON.stringify({ operators: 'operator', viewers: 'viewer' }),
    JSON.stringify({ operators: '运营中心', viewers: '运营中心' }),
  );
  db.prepare("INSERT INTO schema_migration (id, applied_at) VALUES ('directory/seed', ?)").run(Date.now());
}

const LDAP_SCHEMES = ['ldap:', 'ldaps:'];

export type DirectoryOutcome =
  | { ok: true; userId: number; tenantId: number }
  | { ok: false; reason: 'credentials' | 'disabled' | 'down' | 'none' | 'nameTaken' };

/** One directory sign-in for the tenant: search, bind as the person, create or update the local account. */
export async function directorySignIn(ctx: AppContext, box: SecretBox, embedded: Directory | null, tenantId: number, username: string, password: string): Promise<DirectoryOutcome> {
  // Signing in: no request tenant yet, the sign-in names the tenant whose directory answers.
  const data = tenantDataOf(platformData(ctx, 'a directory sign-in names its tenant before any tenant is bound'), tenantId);
  const row = data.get<DirectoryRow>('SELECT * FROM ldap_directory WHERE tenant_id = $tenant AND enabled = 1');
  if (!row) return { ok: false, reason: 'none' };
  const url = row.embedded ? embedded?.url : row.url;
  if (!url) return { ok: false, reason: 'down' };
  // A directory the tenant named must not lie inside (the demo's own directory may).
  if (!row.embedded && (await reachableProblem(url, ctx.config.outboundNetworks, LDAP_SCHEMES))) {
    ctx.log(`[directory] tenant ${tenantId}: the directory address resolves to a local or private address; refused`);
    return { ok: false, reason: 'down' };
  }
  const secret = row.embedded ? DIRECTORY_READER.password : box.open(row.bind_password_sealed);
  const options = { url, timeout: DIRECTORY_TIMEOUT_MS, connectTimeout: DIRECTORY_TIMEOUT_MS };
  let person: { dn: string; name: string; mail: string; groups: string[] };
  const service = new Client(options);
  try {
    if (row.start_tls) await service.startTLS({});
    await service.bind(row.bind_dn, secret);
    const filter = row.user_filter.replaceAll('{username}', escapeFilterValue(username));
    const { searchEntries } = await service.search(row.base_dn, { scope: 'sub', filter, sizeLimit: 2, attributes: [row.name_attr, row.mail_attr, 'memberOf', 'accountStatus'] });
    if (searchEntries.length !== 1) return { ok: false, reason: 'credentials' };
    const e = searchEntries[0]!;
    // Attribute names are case-insensitive in LDAP; directories answer them in their own case.
    const attr = (name: string): unknown[] =>
      Object.entries(e)
        .filter(([k]) => k.toLowerCase() === name.toLowerCase())
        .flatMap(([, v]) => ([] as unknown[]).concat(v));
    const first = (v: unknown[]) => String(v[0] ?? '');
    const groups = attr('memberOf').map((g) => /^cn=([^,]+)/i.exec(String(g))?.[1] ?? '').filter(Boolean);
    person = { dn: e.dn, name: first(attr(row.name_attr)) || username, mail: first(attr(row.mail_attr)), groups };
  } catch {
    // Not reachable, too slow, or refusing the service account: either way the directory cannot answer.
    return { ok: false, reason: 'down' };
  } finally {
    await service.unbind().catch(() => undefined);
  }
  // The person's own password, checked by the directory itself.
  const self = new Client(options);
  try {
    if (row.start_tls) await self.startTLS({});
    await self.bind(person.dn, password);
  } catch (error) {
    // A wrong password and a disabled person look the same from outside the directory.
    return { ok: false, reason: error instanceof InvalidCredentialsError ? 'credentials' : 'down' };
  } finally {
    await self.unbind().catch(() => undefined);
  }

  // The local account: linked by DN; created on the first sign-in; roles from the groups every time.
  const mapping = JSON.parse(row.group_roles) as Record<string, string>;
  const codes = [...new Set(person.groups.map((g) => mapping[g]).filter((c): c is string => Boolean(c)))];
  const roles = codes.length ? data.all<{ id: number }>(`SELECT id FROM role WHERE tenant_id = $tenant AND code IN (${codes.map(() => '?').join(',')})`, ...codes) : [];
  let user = data.get<{ id: number; status: string }>('SELECT id, status FROM user WHERE directory_dn = ? AND tenant_id = $tenant', person.dn);
  if (!user) {
    const name = username.trim();
    // Usernames are unique across the platform: another tenant's account holds the name too.
    if (platformData(ctx, 'usernames are unique across the platform').prepare('SELECT 1 FROM user WHERE username = ?').get(name)) return { ok: false, reason: 'nameTaken' };
    // No platform password: this account signs in through the directory only.
    const unusable = await hashPassword(randomBytes(24).toString('base64url'));
    const id = Number(data.run('INSERT INTO user (tenant_id, username, password_hash, name, email, directory_dn) VALUES ($tenant, ?, ?, ?, ?, ?)', name, unusable, person.name.slice(0, 50), person.mail.slice(0, 100), person.dn).lastInsertRowid);
    user = { id, status: 'normal' };
  } else {
    data.run('UPDATE user SET name = ?, email = ? WHERE id = ? AND tenant_id = $tenant', person.name.slice(0, 50), person.mail.slice(0, 100), user.id);
  }
  if (user.status !== 'normal') return { ok: false, reason: 'disabled' };
  // The department follows the groups too: the first of the person's groups that names one.
  const places = JSON.parse(row.group_depts) as Record<string, string>;
  const place = person.groups.map((g) => places[g]).find((d): d is string => Boolean(d));
  const department = place ? data.get<{ id: number }>('SELECT id FROM department WHERE tenant_id = $tenant AND (name = ? OR name_en = ?) ORDER BY id LIMIT 1', place, place) : undefined;
  if (department) data.run('UPDATE user SET department_id = ? WHERE id = ? AND tenant_id = $tenant', department.id, user.id);
  data.run('DELETE FROM user_role WHERE user_id = ?', user.id);
  for (const r of roles) data.run('INSERT OR IGNORE INTO user_role (user_id, role_id) VALUES (?, ?)', user.id, r.id);
  return { ok: true, userId: user.id, tenantId };
}

export const directoryMessage = (lang: Lang, reason: 'down' | 'none' | 'nameTaken'): string => say(lang, reason === 'none' ? 'noDirectory' : reason);

/** The platform's directory plumbing, shared with the sign-in route. */
export interface DirectoryService {
  box: SecretBox;
  embedded: () => Directory | null;
}

/** Per running platform (route plugins are encapsulated, the context object is shared). */
export const directoryOf = new WeakMap<AppContext, DirectoryService>();

const plugin: FastifyPluginAsync = async (app) => {
  const { config } = app.atrium;
  const box = secretBox(config.dataDir);
  let directory: Directory | null = null;
  directoryOf.set(app.atrium, { box, embedded: () => directory });
  app.addHook('onReady', async () => {
    directory = await startDirectory(config.ldapPort);
  });
  app.addHook('onClose', async () => {
    await directory?.close();
  });

  route(app, ops.read, async (request) => {
    const row = tenantData(request).get(`SELECT ${SETTINGS.select} FROM ldap_directory WHERE tenant_id = $tenant`);
    return ok(row ? SETTINGS.read(row) : null);
  });

  route(app, ops.save, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const b = request.body;
    if (b.url && !/^ldaps?:\/\/[^\s/]+(:\d+)?\/?$/i.test(b.url)) return failField(say(lang, 'url'), 'url');
    if (b.url && outboundUrlProblem(b.url, app.atrium.config.outboundNetworks, LDAP_SCHEMES)) return failField(say(lang, 'privateUrl'), 'url');
    if (!/^\(.*\{username\}.*\)$/.test(b.userFilter)) return failField(say(lang, 'filter'), 'userFilter');
    const codes = [...new Set(Object.values(b.groupRoles))];
    if (codes.length && data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM role WHERE tenant_id = $tenant AND code IN (${codes.map(() => '?').join(',')})`, ...codes)!.n !== codes.length) return failField(say(lang, 'roles'), 'groupRoles');
    const departments = b.groupDepartments ?? {};
    for (const name of new Set(Object.values(departments))) if (!data.get('SELECT 1 FROM department WHERE tenant_id = $tenant AND (name = ? OR name_en = ?)', name, name)) return failField(say(lang, 'departments'), 'groupDepartments');
    const old = data.get<DirectoryRow>('SELECT * FROM ldap_directory WHERE tenant_id = $tenant');
    const embedded = b.url === '' ? 1 : 0;
    const sealed = b.bindPassword ? box.seal(b.bindPassword) : (old?.bind_password_sealed ?? '');
    if (!embedded && !sealed) return failField(lang === 'en' ? 'Enter the service account password' : '请填写服务账号密码', 'bindPassword');
    data.run(
      `INSERT INTO ldap_directory (tenant_id, url, start_tls, bind_dn, bind_password_sealed, base_dn, user_filter, name_attr, mail_attr, group_roles, group_depts, enabled, embedded)
       VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (tenant_id) DO UPDATE SET url = excluded.url, start_tls = excluded.start_tls, bind_dn = excluded.bind_dn, bind_password_sealed = excluded.bind_password_sealed,
         base_dn = excluded.base_dn, user_filter = excluded.user_filter, name_attr = excluded.name_attr, mail_attr = excluded.mail_attr, group_roles = excluded.group_roles,
         group_depts = excluded.group_depts, enabled = excluded.enabled, embedded = excluded.embedded`,
      b.url,
      b.startTls ? 1 : 0,
      b.bindDn,
      sealed,
      b.baseDn,
      b.userFilter,
      b.nameAttr,
      b.mailAttr,
      JSON.stringify(b.groupRoles),
      JSON.stringify(departments),
      b.enabled ? 1 : 0,
      embedded,
    );
    return ok(SETTINGS.read(data.get(`SELECT ${SETTINGS.select} FROM ldap_directory WHERE tenant_id = $tenant`)!));
  });

};

export default plugin;
