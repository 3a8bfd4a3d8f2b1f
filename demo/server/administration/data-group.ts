// Data groups (SPEC §7 "Data groups and role groups") over the data_group table that video.ts
// creates; cameras are filed in type 7. Also the ATRIUM_SEED_CAMERAS option: one group holding that
// many cameras, for the wall's 20000-row list tests and benchmark. Every query is tenant-scoped.
import { namesAfterEdit } from '../local-names.ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { DataGroup } from '../../../shared/api/data-group-types.ts';
import { ops } from '../../../shared/contract/data-group.ts';
import { route } from '../contract.ts';
import { CAMERA_GROUP_TYPE } from '../../../shared/api/video-types.ts';
import { groupAndBelow, visibleGroups, withAncestors } from './data-scope.ts';
import { deleteGroup, groupNode, groupsOfType, insertGroup, storedGroup, updateGroup, type GroupNode } from './data-group-data.ts';
import { canManageCameras, canSeeCameras } from '../video/camera-rights.ts';
import { fail, ok, requireCheck, userOf } from '../http.ts';
import { type Lang, textsOf } from '../messages.ts';
import { tenantData } from '../tenant-data.ts';

export { seed, seededCamera, SEED_GROUP_NAME } from './data-group-seed.ts';

const TEXTS = {
  noGroup: { zh: '分组不存在', en: 'no such group' },
  badParent: { zh: '上级分组无效（不存在、类型不同，或是它自己的下级）', en: 'invalid parent group (missing, another type, or one of its own subgroups)' },
} as const satisfies Record<string, Record<Lang, string>>;

const say = textsOf(TEXTS);

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

const plugin: FastifyPluginAsync = async (app) => {
  /** The forest under :id of the asked type, or a reason it cannot be given. */
  function forest(request: FastifyRequest<{ Params: { id: number }; Querystring: { type?: number } }>): DataGroup[] | string {
    const user = userOf(request);
    const data = tenantData(request);
    const rootId = request.params.id;
    const type = request.query.type ?? CAMERA_GROUP_TYPE;
    if (rootId > 0 && !storedGroup(data, rootId)) return say(request, 'noGroup');
    const groups = groupsOfType(data, type);
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
        const parent = storedGroup(data, parentId);
        if (!parent || parent.type !== type) return fail(say(request, 'badParent'));
      }
      const id = insertGroup(data, parentId || null, name.trim(), type, sort ?? 0);
      return ok(groupNode(data, id));
    },
    managing,
  );

  route(
    app,
    ops.update,
    async (request) => {
      const data = tenantData(request);
      const row = storedGroup(data, request.params.id);
      if (!row) return fail(say(request, 'noGroup'));
      const body = request.body;
      let parentId = row.parent_id;
      if (body.parentId !== undefined) {
        parentId = body.parentId || null;
        if (parentId !== null) {
          const parent = storedGroup(data, parentId);
          const below = new Set(groupAndBelow(data, row.id));
          // A group under one of its own subgroups would cut that branch off the tree.
          if (!parent || parent.type !== row.type || below.has(parentId)) return fail(say(request, 'badParent'));
        }
      }
      const stored = { name: row.name, name_en: row.name_en };
      const names = body.name?.trim() ? namesAfterEdit(stored, body.name.trim()) : stored;
      updateGroup(data, row.id, names, parentId, body.sort ?? row.sort);
      return ok(groupNode(data, row.id));
    },
    managing,
  );

  route(app, ops.delete, async (request) => {
    const data = tenantData(request);
    const row = storedGroup(data, request.params.id);
    if (!row || row.type !== request.params.type) return fail(say(request, 'noGroup'));
    const ids = groupAndBelow(data, row.id);
    // Subgroups go with the group (ON DELETE CASCADE); cameras stay, ungrouped (ON DELETE SET NULL).
    deleteGroup(data, row.id);
    return ok({ deleted: ids.length });
  }, managing);
};

export default plugin;
