// The signed-in user's rights (front/info) and the tenant's name and logos (tenant/detail).
import type { FastifyPluginAsync } from 'fastify';
import { ELEMENT_CODES } from '../../../shared/api/menu-seed.ts';
import type { MenuItem, TenantDetail } from '../../../shared/api/types.ts';
import { ops } from '../../../shared/contract/admin.ts';
import { route } from '../contract.ts';
import { ok, userOf } from '../http.ts';
import { langOf } from '../messages.ts';
import { col, shape } from '../shape.ts';
import { platformData, tenantData } from '../tenant-data.ts';
import { findSession, hashToken } from '../tokens.ts';
import { tenantMenus } from './menu.ts';

/** A tenant as the login page and the shell read it (tenant): both logos in one field, main;small. */
const TENANT = shape<TenantDetail>({ id: col.value('id'), name: col.value('name'), logoUrl: col.value("main_logo || ';' || small_logo") });

const plugin: FastifyPluginAsync = async (app) => {
  // Before anyone signs in the login page shows the default tenant, and a session's tenant is read
  // from its token: neither has a tenant bound yet.
  const platform = platformData(app, 'the login page reads the default tenant, or the tenant of the token it holds, before a tenant is bound');
  const tenantById = platform.prepare(`SELECT ${TENANT.select} FROM tenant WHERE id = ?`);
  const defaultTenant = platform.prepare(`SELECT ${TENANT.select} FROM tenant WHERE is_default = 1 ORDER BY id LIMIT 1`);

  route(app, ops.info, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    const row = data.get<{ description: string; avatar: string }>('SELECT description, avatar FROM user WHERE id = ? AND tenant_id = $tenant', user.id);
    const lang = langOf(request);
    // The tenant's own tree (names, icons, order, hidden entries, entries of its own: routes/menu.ts).
    const menus: MenuItem[] = tenantMenus(data).filter((m) => !m.hidden && (m.custom ? user.superAdmin : user.menus.has(m.code))).map((m) => ({
      code: m.code,
      menu: m[lang],
      icon: m.icon,
      uri: m.uri,
      parentCode: m.parentCode,
    }));
    return ok({
      id: user.id,
      username: user.username,
      name: user.name,
      description: row?.description ?? '',
      tenantId: user.tenantId,
      type: user.superAdmin ? 'superAdmin' : 'user',
      avatar: row?.avatar ?? '',
      menus,
      elements: ELEMENT_CODES.filter((code) => user.elements.has(code)).map((code) => ({ code })),
      // Seconds this token has left (issue 41): a kit handed a token without its lifetime refreshes in time.
      tokenExpiresIn: Math.max(0, Math.floor(((data.get<{ expires_at: number }>('SELECT expires_at FROM token WHERE hash = ? AND tenant_id = $tenant', hashToken(request.token ?? ''))?.expires_at ?? Date.now()) - Date.now()) / 1000)),
    });
  });

  // Public: the login page shows the default tenant's name and logo before anyone signs in.
  route(app, ops.tenant, async (request) => {
    const user = request.token ? findSession(app.atrium, request.token) : null;
    const tenant = user ? tenantById.get(user.tenantId) : defaultTenant.get();
    return ok(tenant ? [TENANT.read(tenant)] : []);
  });
};

export default plugin;
