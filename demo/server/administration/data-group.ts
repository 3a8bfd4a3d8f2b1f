// Data groups (SPEC §7 "Data groups and role groups") over the data_group table that video.ts
// creates; cameras are filed in type 7. Also the ATRIUM_SEED_CAMERAS option: one group holding that
// many cameras, for the wall's 20000-row list tests and benchmark. Every query is tenant-scoped.
import { namesAfterEdit } from '../local-names.ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { DataGroup } from '../../../shared/api/data-group-types.ts';
import { ops } from '../../../shared/contract/data-group.ts';
import { route } from '../contract.ts';
import { CAMERA_GROUP_TYPE } from '../../../shared/api/video-types.ts';
import type { AppConfig } from '../context.ts';
import { groupAndBelow, visibleGroups, withAncestors } from './data-scope.ts';
import type { Db } from '../db.ts';
import { canManageCameras, canSeeCameras } from '../video/camera-rights.ts';
import { fail, ok, requireCheck, userOf } from '../http.ts';
import { type Lang, textsOf } from '../messages.ts';
import { col, shape } from '../shape.ts';
import { tenantData, tenantDataOf, type TenantData } from '../tenant-data.ts';

const CLIP_COUNT = 8;
/** The group the seed option fills; found again by name so a restart does not add a second one. */
export const SEED_GROUP_NAME = 'Bench 20000';

const TEXTS = {
  noGroup: { zh: '分组不存在', en: 'no such group' },
  badParent: { zh: '上级分组无效（不存在、类型不同，或是它自己的下级）', en: 'invalid parent group (missing, another type, or one of its own subgroups)' },
} as const satisfies Record<string, Record<Lang, string>>;

const say = textsOf(TEXTS);

/** A group as the API answers it, before its children are placed (buildTree). */
type GroupNode = Omit<DataGroup, 'children'>;

const GROUP = shape<GroupNode>({
  id: col.value('id'),
  parentId: col.value('parent_id'),
  name: col.value('loc(name, name_en)'),
  type: col.value('type'),
  sort: col.value('sort'),
});

/** What is stored of a group (names as stored: local-names.ts), for editing it. */
interface StoredGroup {
  id: number;
  parent_id: number | null;
  name: string;
  name_en: string;
  type: number;
  sort: number;
}

/** Groups (any order) → the forest under `rootId` (0: the top level), each level sorted by sort then id. */
export function buildTree(groups: readonly GroupNode[], rootId: number): DataGroup[] {
  const nodes = new Map(groups.map((g): [number, DataGroup] => [g.id, { ...g, children: [] }]));
  const top: DataGroup[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId === null ? undefined : nodes.get(n.parentId);
    if ((rootId === 0 && n.parentId === null) || n.parentId === rootId) top.push(n);
    else if (parent) parent.children.push(n);
  }
  const order = (list: DataGroup[]) => {
    list.sort((a, b) => a.sort - b.sort || a.id - b.id);
    for (const n of list) order(n.children);
  };
  order(top);
  return top;
}

const ZONES = ['North', 'South', 'East', 'West', 'Central', 'Upper', 'Lower', 'Inner', 'Outer', 'Rear'];

/** Name and label of the i-th seeded camera (1-based): names and labels never share a substring pattern, so a filter test can tell them apart. */
export const seededCamera = (i: number): { name: string; label: string } => ({
  name: `${ZONES[i % ZONES.length]} bay ${i}`,
  label: `BN${String(i).padStart(6, '0')}`,
});

export function seed(db: Db, config: AppConfig): void {
  const n = config.tuning.seedCameras;
  if (!n) return;
  const tenant = db.prepare('SELECT id FROM tenant ORDER BY id LIMIT 1').get<{ id: number }>();
  if (!tenant) return;
  // The first tenant's cameras only.
  const data = tenantDataOf(db, tenant.id);
  data.tx(() => {
    let group = data.get<{ id: number }>('SELECT id FROM data_group WHERE tenant_id = $tenant AND type = ? AND name = ? AND parent_id IS NULL', CAMERA_GROUP_TYPE, SEED_GROUP_NAME);
    group ??= { id: Number(data.run('INSERT INTO data_group (tenant_id, parent_id, name, type, sort) VALUES ($tenant, NULL, ?, ?, 99)', SEED_GROUP_NAME, CAMERA_GROUP_TYPE).lastInsertRowid) };
    const have = data.get<{ n: number }>('SELECT COUNT(*) AS n FROM camera WHERE tenant_id = $tenant AND data_group_id = ?', group.id)!.n;
    const insert = `INSERT OR IGNORE INTO camera (tenant_id, data_group_id, name, label, address, resolution, tags, disable_yun_control, clip, created_at)
       VALUES ($tenant, ?, ?, ?, '', '1920x1080', 'Bench', 1, ?, ?)`;
    const now = Date.now();
    for (let i = have + 1; i <= n; i++) {
      const c = seededCamera(i);
      data.run(insert, group.id, c.name, c.label, (i % CLIP_COUNT) + 1, now);
    }
  });
}

const plugin: FastifyPluginAsync = async (app) => {
  const byId = (data: TenantData, id: number) => data.get<StoredGroup>('SELECT id, parent_id, name, name_en, type, sort FROM data_group WHERE id = ? AND tenant_id = $tenant', id);
  /** A group just saved, as answered: no children (the tree call places them). */
  const groupAnswer = (data: TenantData, id: number): DataGroup => ({ ...GROUP.read(data.get(`SELECT ${GROUP.select} FROM data_group WHERE id = ? AND tenant_id = $tenant`, id)!), children: [] });

  /** The forest under :id of the asked type, or a reason it cannot be given. */
  function forest(request: FastifyRequest<{ Params: { id: number }; Querystring: { type?: number } }>): DataGroup[] | string {
    const user = userOf(request);
    const data = tenantData(request);
    const rootId = request.params.id;
    const type = request.query.type ?? CAMERA_GROUP_TYPE;
    if (rootId > 0 && !byId(data, rootId)) return say(request, 'noGroup');
    const groups = GROUP.all(data.all(`SELECT ${GROUP.select} FROM data_group WHERE tenant_id = $tenant AND type = ?`, type));
    // Data authority: a narrowed user sees the granted groups and the path to them.
    const scope = visibleGroups(data, user, type);
    const keep = scope ? withAncestors(scope, new Map(groups.map((g) => [g.id, g.parentId]))) : null;
    return buildTree(keep ? groups.filter((g) => keep.has(g.id)) : groups, rootId);
  }

  const seeing = { preHandler: [requireCheck(canSeeCameras)] };
  const managing = { preHandler: [requireCheck(canManageCameras)] };

  route(app, ops.tree, async (request) => {
    const tree = forest(request);
    return typeof tree === 'string' ? fail(tree) : ok(tree);
  }, seeing);

  route(app, ops.list, async (request) => {
    const tree = forest(request);
    if (typeof tree === 'string') return fail(tree);
    const flat: DataGroup[] = [];
    const walk = (nodes: DataGroup[]) => {
      for (const n of nodes) {
        flat.push({ ...n, children: [] });
        walk(n.children);
      }
    };
    walk(tree);
    return ok(flat);
  }, seeing);

  route(
    app,
    ops.create,
    async (request) => {
      const data = tenantData(request);
      const parentId = request.params.id;
      const { name, type, sort } = request.body;
      if (parentId !== 0) {
        const parent = byId(data, parentId);
        if (!parent || parent.type !== type) return fail(say(request, 'badParent'));
      }
      const id = Number(data.run('INSERT INTO data_group (tenant_id, parent_id, name, type, sort) VALUES ($tenant, ?, ?, ?, ?)', parentId || null, name.trim(), type, sort ?? 0).lastInsertRowid);
      return ok(groupAnswer(data, id));
    },
    managing,
  );

  route(
    app,
    ops.update,
    async (request) => {
      const data = tenantData(request);
      const row = byId(data, request.params.id);
      if (!row) return fail(say(request, 'noGroup'));
      const body = request.body;
      let parentId = row.parent_id;
      if (body.parentId !== undefined) {
        parentId = body.parentId || null;
        if (parentId !== null) {
          const parent = byId(data, parentId);
          const below = new Set(groupAndBelow(data, row.id));
          // A group under one of its own subgroups would cut that branch off the tree.
          if (!parent || parent.type !== row.type || below.has(parentId)) return fail(say(request, 'badParent'));
        }
      }
      const stored = { name: row.name, name_en: row.name_en };
      const names = body.name?.trim() ? namesAfterEdit(stored, body.name.trim()) : stored;
      data.run('UPDATE data_group SET name = ?, name_en = ?, parent_id = ?, sort = ? WHERE id = ? AND tenant_id = $tenant', names.name, names.name_en, parentId, body.sort ?? row.sort, row.id);
      return ok(groupAnswer(data, row.id));
    },
    managing,
  );

  route(app, ops.delete, async (request) => {
    const data = tenantData(request);
    const row = byId(data, request.params.id);
    if (!row || row.type !== request.params.type) return fail(say(request, 'noGroup'));
    const ids = groupAndBelow(data, row.id);
    // Subgroups go with the group (ON DELETE CASCADE); cameras stay, ungrouped (ON DELETE SET NULL).
    data.run('DELETE FROM data_group WHERE id = ? AND tenant_id = $tenant', row.id);
    return ok({ deleted: ids.length });
  }, managing);
};

export default plugin;
