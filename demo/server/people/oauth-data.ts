// Third-party sign-in in the database (people/oauth.ts): a tenant's registered platforms and the
// bindings of third-party users to its accounts, all through the tenant's data ($tenant).
import type { OauthPlatform } from '../../../shared/api/oauth.ts';
import { tenantNameKeyword } from '../resource.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

/** A platform as stored (oauth_platform). */
export interface PlatformDb {
  id: number;
  tenant_id: number;
  name: string;
  client_id: string;
  secret_sealed: string;
  issuer: string;
  authorize_url: string;
  token_url: string;
  userinfo_url: string;
  scopes: string;
  enabled: number;
  created_at: number;
}

/** A platform as the API answers it (oauth_platform p): never its secret, only whether it has one. */
const PLATFORM = shape<OauthPlatform>({
  id: col.value('p.id'),
  name: col.value('p.name'),
  clientId: col.value('p.client_id'),
  hasSecret: col.flag("p.secret_sealed <> ''"),
  issuer: col.value('p.issuer'),
  authorizeUrl: col.value('p.authorize_url'),
  tokenUrl: col.value('p.token_url'),
  userinfoUrl: col.value('p.userinfo_url'),
  scopes: col.value('p.scopes'),
  enabled: col.flag('p.enabled'),
  bindings: col.value('(SELECT COUNT(*) FROM oauth_binding b WHERE b.platform_id = p.id)'),
  createdAt: col.time('p.created_at'),
});

/** A platform of the tenant, as answered. */
export const oauthPlatformAnswer = (data: TenantData, id: number): OauthPlatform | undefined => {
  const row = data.get(`SELECT ${PLATFORM.select} FROM oauth_platform p WHERE p.id = ? AND p.tenant_id = $tenant`, id);
  return row && PLATFORM.read(row);
};

/** A platform of the tenant as stored. */
export const oauthPlatformRow = (data: TenantData, id: number): PlatformDb | undefined => data.get<PlatformDb>('SELECT * FROM oauth_platform WHERE id = ? AND tenant_id = $tenant', id);

/** One page of the tenant's platforms, newest first, a keyword matching the name. */
export function listOauthPlatforms(data: TenantData, keyword: string | undefined, limit: number, offset: number): { rows: OauthPlatform[]; total: number } {
  const { where, args } = tenantNameKeyword(keyword);
  const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM oauth_platform WHERE ${where}`, ...args)!.n;
  const rows = data.all(`SELECT ${PLATFORM.select} FROM oauth_platform p WHERE p.id IN (SELECT id FROM oauth_platform WHERE ${where}) ORDER BY p.id DESC LIMIT ? OFFSET ?`, ...args, limit, offset);
  return { rows: PLATFORM.all(rows), total };
}

/** Whether another platform of the tenant (not `exceptId`; -1 for none) has this name. */
export const oauthNameTaken = (data: TenantData, name: string, exceptId: number): boolean =>
  data.get('SELECT 1 FROM oauth_platform WHERE tenant_id = $tenant AND name = ? AND id <> ?', name, exceptId) !== undefined;

/** A platform's saved fields, as stored (the secret sealed). */
export interface OauthPlatformFields {
  name: string;
  clientId: string;
  secretSealed: string;
  issuer: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scopes: string;
  enabled: number;
}

const fieldValues = (f: OauthPlatformFields) => [f.name, f.clientId, f.secretSealed, f.issuer, f.authorizeUrl, f.tokenUrl, f.userinfoUrl, f.scopes, f.enabled];

/** Registers a platform; answers its id. */
export const insertOauthPlatform = (data: TenantData, f: OauthPlatformFields, createdAt: number): number =>
  Number(
    data.run(
      'INSERT INTO oauth_platform (tenant_id, name, client_id, secret_sealed, issuer, authorize_url, token_url, userinfo_url, scopes, enabled, created_at) VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ...fieldValues(f),
      createdAt,
    ).lastInsertRowid,
  );

export function updateOauthPlatform(data: TenantData, id: number, f: OauthPlatformFields): void {
  data.run(
    'UPDATE oauth_platform SET name = ?, client_id = ?, secret_sealed = ?, issuer = ?, authorize_url = ?, token_url = ?, userinfo_url = ?, scopes = ?, enabled = ? WHERE id = ? AND tenant_id = $tenant',
    ...fieldValues(f),
    id,
  );
}

/** The tenant's enabled platforms (the sign-in page's buttons). */
export const enabledOauthPlatforms = (data: TenantData): Array<{ id: number; name: string }> =>
  data.all<{ id: number; name: string }>('SELECT id, name FROM oauth_platform WHERE tenant_id = $tenant AND enabled = 1 ORDER BY id');

/** A platform of the tenant as stored, when it is enabled. */
export const enabledOauthPlatform = (data: TenantData, id: number): PlatformDb | undefined =>
  data.get<PlatformDb>('SELECT * FROM oauth_platform WHERE id = ? AND tenant_id = $tenant AND enabled = 1', id);

/** The tenant's account bound to a platform's subject. */
export const boundUser = (data: TenantData, platformId: number, subject: string): { id: number; tenant_id: number; status: string } | undefined =>
  data.get<{ id: number; tenant_id: number; status: string }>(
    'SELECT u.id, u.tenant_id, u.status FROM oauth_binding b JOIN user u ON u.id = b.user_id AND u.tenant_id = $tenant WHERE b.platform_id = ? AND b.subject = ? AND b.tenant_id = $tenant',
    platformId,
    subject,
  );

/** The tenant's account by its name, as a password check needs it. */
export const accountToBind = (data: TenantData, username: string): { id: number; tenant_id: number; password_hash: string; status: string } | undefined =>
  data.get<{ id: number; tenant_id: number; password_hash: string; status: string }>('SELECT id, tenant_id, password_hash, status FROM user WHERE username = ? AND tenant_id = $tenant', username);

/** Whether the account is already bound to (another subject of) the platform. */
export const platformBindsUser = (data: TenantData, platformId: number, userId: number): boolean =>
  data.get('SELECT 1 FROM oauth_binding WHERE platform_id = ? AND user_id = ? AND tenant_id = $tenant', platformId, userId) !== undefined;

export const insertBinding = (data: TenantData, platformId: number, subject: string, userId: number, createdAt: number): void =>
  void data.run('INSERT INTO oauth_binding (platform_id, subject, tenant_id, user_id, created_at) VALUES (?, ?, $tenant, ?, ?)', platformId, subject, userId, createdAt);
