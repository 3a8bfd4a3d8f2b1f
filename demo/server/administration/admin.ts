// The signed-in user's rights (front/info) and the tenant's name and logos (tenant/detail).
import type { FastifyPluginAsync } from 'fastify';
import { ELEMENT_CODES } from '../../../shared/api/menu-seed.ts';
import type { MenuItem } from '../../../shared/api/types.ts';
import { ops } from '../../../shared/contract/admin.ts';
import { route } from '../contract.ts';
import { ok, userOf } from '../http.ts';
import { langOf } from '../messages.ts';
import { platformData, tenantData } from '../tenant-data.ts';
import { findSession, hashToken } from '../tokens.ts';
import { loginTenant, tokenExpiresAt, userProfile } from './admin-data.ts';
import { tenantMenus } from './menu-data.ts';

const plugin: FastifyPluginAsync = async (app) => {
  // Before anyone signs in the login page shows the default tenant, and a session's tenant is read
  // from its token: neither has a tenant bound yet.
  const platform = platformData(app, 'the login page reads the default tenant, or the tenant of the token it holds, before a tenant is bound');

  route(app, ops.info, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    const row = userProfile(data, user.id);
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
      tokenExpiresIn: Math.max(0, Math.floor(((tokenExpiresAt(data, hashToken(request.token ?? '')) ?? Date.now()) - Date.now()) / 1000)),
    });
  });

  // Public: the login page shows the default tenant's name and logo before anyone signs in.
  route(app, ops.tenant, async (request) => {
    const user = request.token ? findSession(app.atrium, request.token) : null;
    const tenant = loginTenant(platform, user ? user.tenantId : null);
    return ok(tenant ? [tenant] : []);
  });
};

export default plugin;
