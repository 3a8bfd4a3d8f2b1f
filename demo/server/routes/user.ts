// The tenant's users as a paged list (SPEC §7 POST /api/admin/user/page): the user-management page's
// list and the dashboard's user count. Readable with depMng; never crosses tenants.
import type { FastifyPluginAsync } from 'fastify';
import type { UserPage, UserPageQuery, UserRow } from '../../../shared/api/user-types.ts';
import { ok, requireMenu, rule, userOf, validBody } from '../http.ts';

const plugin: FastifyPluginAsync = async (app) => {
  const { db } = app.atrium;

  app.post<{ Body: UserPageQuery }>(
    '/api/admin/user/page',
    {
      preHandler: [
        requireMenu('depMng'),
        validBody<UserPageQuery>({
          page: [rule.required, rule.int(1, 1_000_000)],
          limit: [rule.required, rule.int(1, 1000)],
          keyword: [rule.text(0, 64)],
        }),
      ],
    },
    async (request) => {
      const { tenantId } = userOf(request);
      const { page, limit, keyword } = request.body;
      const like = `%${(keyword ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const where = "tenant_id = ? AND (username LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\')";
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM user WHERE ${where}`).get(tenantId, like, like) as { n: number }).n;
      const rows = db
        .prepare(`SELECT id, username, name, phone, email, status FROM user WHERE ${where} ORDER BY id LIMIT ? OFFSET ?`)
        .all(tenantId, like, like, limit, (page - 1) * limit) as unknown as UserRow[];
      return ok<UserPage>({ rows, total });
    },
  );
};

export default plugin;
