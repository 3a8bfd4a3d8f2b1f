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
import { DIRECTORY_READER, startDirectory, type Directory } from '../../ldap/directory.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db.ts';
import { failField, ok } from '../http.ts';
import { ops } from '../../../shared/contract/directory.ts';
import { route } from '../contract.ts';
import { langOf, type Lang, textsOf } from '../messages.ts';
import { hashPassword } from './passwords.ts';
import { secretBox, type SecretBox } from '../secrets.ts';
import { platformData, tenantData, tenantDataOf } from '../tenant-data.ts';
import {
  departmentNamed,
  directoryRow,
  directorySettings,
  enabledDirectory,
  hasDepartmentNamed,
  insertDirectoryUser,
  placeUser,
  replaceDirectoryRoles,
  roleCodeCount,
  rolesWithCodes,
  saveDirectory,
  updateDirectoryUser,
  userByDirectoryDn,
} from './directory-data.ts';
import { seedDirectory } from './directory-seed.ts';
import { platformAccounts } from './user-data.ts';

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

/** The sign-in tenant (the default one) gets the demo directory on first start. */
export const seed = (db: Db): void => seedDirectory(db);

const LDAP_SCHEMES = ['ldap:', 'ldaps:'];

export type DirectoryOutcome =
  | { ok: true; userId: number; tenantId: number }
  | { ok: false; reason: 'credentials' | 'disabled' | 'down' | 'none' | 'nameTaken' };

/** One directory sign-in for the tenant: search, bind as the person, create or update the local account. */
export async function directorySignIn(ctx: AppContext, box: SecretBox, embedded: Directory | null, tenantId: number, username: string, password: string): Promise<DirectoryOutcome> {
  // Signing in: no request tenant yet, the sign-in names the tenant whose directory answers.
  const data = tenantDataOf(platformData(ctx, 'a directory sign-in names its tenant before any tenant is bound'), tenantId);
  const row = enabledDirectory(data);
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
  const roles = rolesWithCodes(data, codes);
  let user = userByDirectoryDn(data, person.dn);
  if (!user) {
    const name = username.trim();
    // Usernames are unique across the platform: another tenant's account holds the name too.
    if (platformAccounts(platformData(ctx, 'usernames are unique across the platform')).accountTaken(name)) return { ok: false, reason: 'nameTaken' };
    // No platform password: this account signs in through the directory only.
    const unusable = await hashPassword(randomBytes(24).toString('base64url'));
    const id = insertDirectoryUser(data, { username: name, passwordHash: unusable, name: person.name.slice(0, 50), email: person.mail.slice(0, 100), dn: person.dn });
    user = { id, status: 'normal' };
  } else {
    updateDirectoryUser(data, user.id, person.name.slice(0, 50), person.mail.slice(0, 100));
  }
  if (user.status !== 'normal') return { ok: false, reason: 'disabled' };
  // The department follows the groups too: the first of the person's groups that names one.
  const places = JSON.parse(row.group_depts) as Record<string, string>;
  const place = person.groups.map((g) => places[g]).find((d): d is string => Boolean(d));
  const department = place ? departmentNamed(data, place) : undefined;
  if (department) placeUser(data, user.id, department.id);
  replaceDirectoryRoles(data, user.id, roles.map((r) => r.id));
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
    return ok(directorySettings(tenantData(request)));
  });

  route(app, ops.save, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const b = request.body;
    if (b.url && !/^ldaps?:\/\/[^\s/]+(:\d+)?\/?$/i.test(b.url)) return failField(say(lang, 'url'), 'url');
    if (b.url && outboundUrlProblem(b.url, app.atrium.config.outboundNetworks, LDAP_SCHEMES)) return failField(say(lang, 'privateUrl'), 'url');
    if (!/^\(.*\{username\}.*\)$/.test(b.userFilter)) return failField(say(lang, 'filter'), 'userFilter');
    const codes = [...new Set(Object.values(b.groupRoles))];
    if (codes.length && roleCodeCount(data, codes) !== codes.length) return failField(say(lang, 'roles'), 'groupRoles');
    const departments = b.groupDepartments ?? {};
    for (const name of new Set(Object.values(departments))) if (!hasDepartmentNamed(data, name)) return failField(say(lang, 'departments'), 'groupDepartments');
    const old = directoryRow(data);
    const embedded = b.url === '' ? 1 : 0;
    const sealed = b.bindPassword ? box.seal(b.bindPassword) : (old?.bind_password_sealed ?? '');
    if (!embedded && !sealed) return failField(lang === 'en' ? 'Enter the service account password' : '请填写服务账号密码', 'bindPassword');
    saveDirectory(data, {
      url: b.url,
      startTls: b.startTls ? 1 : 0,
      bindDn: b.bindDn,
      bindPasswordSealed: sealed,
      baseDn: b.baseDn,
      userFilter: b.userFilter,
      nameAttr: b.nameAttr,
      mailAttr: b.mailAttr,
      groupRoles: JSON.stringify(b.groupRoles),
      groupDepartments: JSON.stringify(departments),
      enabled: b.enabled ? 1 : 0,
      embedded,
    });
    return ok(directorySettings(data)!);
  });

};

export default plugin;
