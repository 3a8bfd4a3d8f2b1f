// Opaque access tokens: random, stored only as a SHA-256 hash with an expiry, revocable.
// Not a JWT on purpose: signing uses token.slice(0, 9) as its secret, which must differ per token.
import { createHash, randomBytes } from 'node:crypto';
import { ELEMENT_CODES, MENU_SEED } from '../../shared/api/menu-seed.ts';
import type { AppContext, SessionUser } from './context.ts';
import type { Db } from './db.ts';

/** How long a refreshed-away token keeps working, so calls already in flight still succeed. */
export const REFRESH_GRACE_MS = 60_000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** What a portal client's token carries (routes/portal-token.ts): its narrowed rights and the client that issued it. */
export interface TokenOrigin {
  scope: string | null;
  portalClientId: number | null;
}

export function issueToken(ctx: AppContext, userId: number, tenantId: number, now = Date.now(), origin: TokenOrigin = { scope: null, portalClientId: null }): string {
  const token = randomBytes(32).toString('base64url');
  ctx.db
    .prepare('INSERT INTO token (hash, user_id, tenant_id, created_at, expires_at, scope, portal_client_id) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(hashToken(token), userId, tenantId, now, now + ctx.config.tokenTtlMs, origin.scope, origin.portalClientId);
  return token;
}

export function revokeToken(ctx: AppContext, token: string): void {
  ctx.db.prepare('DELETE FROM token WHERE hash = ?').run(hashToken(token));
}

/** Ends every other session of a user (after a password change), keeping the one that asked. */
export function revokeOtherTokens(ctx: AppContext, user: SessionUser, keep: string): void {
  ctx.db.prepare('DELETE FROM token WHERE user_id = ? AND tenant_id = ? AND hash <> ?').run(user.id, user.tenantId, hashToken(keep));
}

/**
 * Pages about the platform rather than a tenant: tenant management, and the cluster and queue monitors
 * (their figures and their pause/resume act on the one process every tenant shares). A tenant's super
 * admin never holds them; the platform operator's role lists them.
 */
export const PLATFORM_MENUS: readonly string[] = ['tenantMng', 'clusterMonitorMng', 'mqMonitor', 'clusterMonitor'];

/** Whether a tenant is the platform operator's own. */
export function isPlatformTenant(db: Db, tenantId: number): boolean {
  return Boolean(db.prepare('SELECT 1 FROM tenant WHERE id = ? AND platform = 1').get(tenantId));
}

/** The menu and element codes a user holds through all roles (roles list groups and pages explicitly, routes/role.ts). */
export function loadRights(db: Db, tenantId: number, userId: number): { superAdmin: boolean; menus: Set<string>; elements: Set<string> } {
  const roles = db
    .prepare(
      `SELECT r.id, r.super_admin FROM role r JOIN user_role ur ON ur.role_id = r.id
       WHERE ur.user_id = ? AND r.tenant_id = ?`,
    )
    .all<{ id: number; super_admin: number }>(userId, tenantId);
  if (roles.some((r) => r.super_admin === 1)) {
    // Every page of the tenant, but the platform's own pages: those belong to the platform operator alone.
    return { superAdmin: true, menus: new Set(MENU_SEED.map((m) => m.code).filter((code) => !PLATFORM_MENUS.includes(code))), elements: new Set(ELEMENT_CODES) };
  }
  const menus = new Set<string>();
  const elements = new Set<string>();
  const menuQuery = db.prepare('SELECT menu_code FROM role_menu WHERE role_id = ?');
  const elementQuery = db.prepare('SELECT element_code FROM role_element WHERE role_id = ?');
  for (const role of roles) {
    for (const row of menuQuery.all<{ menu_code: string }>(role.id)) menus.add(row.menu_code);
    for (const row of elementQuery.all<{ element_code: string }>(role.id)) elements.add(row.element_code);
  }
  // The platform's pages are never a tenant's, whatever a tenant's role lists.
  if (PLATFORM_MENUS.some((code) => menus.has(code)) && !isPlatformTenant(db, tenantId)) {
    for (const code of PLATFORM_MENUS) menus.delete(code);
  }
  return { superAdmin: false, menus, elements };
}

/** The signed-in user behind a token, or null when the token is unknown, expired or its user is not active. */
export function findSession(ctx: AppContext, token: string, now = Date.now()): SessionUser | null {
  const row = ctx.db
    .prepare(
      `SELECT u.id, u.tenant_id, u.username, u.name, u.status, t.scope FROM token t JOIN user u ON u.id = t.user_id AND u.tenant_id = t.tenant_id
       WHERE t.hash = ? AND t.expires_at > ?`,
    )
    .get<{ id: number; tenant_id: number; username: string; name: string; status: string; scope: string | null }>(hashToken(token), now);
  if (!row || row.status !== 'normal') return null;
  const rights = loadRights(ctx.db, row.tenant_id, row.id);
  if (row.scope) {
    // A portal client's token: at most the user's rights, narrowed to its scope.
    const scope = new Set(row.scope.split(' '));
    rights.superAdmin = false;
    rights.menus = new Set([...rights.menus].filter((code) => scope.has(code)));
    rights.elements = new Set([...rights.elements].filter((code) => scope.has(code)));
  }
  return { id: row.id, tenantId: row.tenant_id, username: row.username, name: row.name, ...rights };
}

/** Issues a new token for the same user; the old one stays valid for at most REFRESH_GRACE_MS more. */
export function refreshToken(ctx: AppContext, token: string, now = Date.now()): string | null {
  const user = findSession(ctx, token, now);
  if (!user) return null;
  const origin = ctx.db.prepare('SELECT scope, portal_client_id FROM token WHERE hash = ?').get<{ scope: string | null; portal_client_id: number | null }>(hashToken(token));
  ctx.db
    .prepare('UPDATE token SET expires_at = MIN(expires_at, ?) WHERE hash = ?')
    .run(now + REFRESH_GRACE_MS, hashToken(token));
  return issueToken(ctx, user.id, user.tenantId, now, { scope: origin?.scope ?? null, portalClientId: origin?.portal_client_id ?? null });
}

export function pruneTokens(ctx: AppContext, now = Date.now()): void {
  ctx.db.prepare('DELETE FROM token WHERE expires_at <= ?').run(now);
}
