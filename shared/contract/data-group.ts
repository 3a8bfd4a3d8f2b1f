// The data group operations (SPEC §7 "Data groups and role groups"): the tree cameras are filed in
// (type 7, SPEC §9) and other resources use with other types (devices: 8). Every call is tenant-scoped;
// a user narrowed to some groups reads those and the path to them.
import Type from 'typebox';
import { CAMERA_GROUP_TYPE } from '../api/video-types.ts';
import { DATA_GROUP_BOUNDS as B } from '../validate/data-group.ts';
import { operation } from './operation.ts';
import { Id, Int, MAX_ID, Strict, Text } from './fields.ts';

const TAG = 'Data group';
const GroupType = (description = `The group's type: ${CAMERA_GROUP_TYPE} cameras, 8 devices, others for other resources`) => Int(0, 1000, { description });
const Sort = Int(0, 100000, { description: 'Order among its siblings (then by id)' });

const node = {
  id: Id(),
  parentId: Type.Union([Id(), Type.Null()], { description: 'null for a top-level group' }),
  name: Type.String({ description: "In the caller's language" }),
  type: GroupType(),
  sort: Type.Integer({ minimum: 0 }),
};

/** One group; `children` is filled in tree answers and empty in flat lists and saves. */
export const DataGroup = Type.Cyclic({ DataGroupNode: Strict({ ...node, children: Type.Array(Type.Ref('DataGroupNode')) }) }, 'DataGroupNode');

export const DataGroupTreeParams = Strict({ id: Int(0, MAX_ID, { description: 'The root: 0 for every top-level group' }) });
export const DataGroupTreeQuery = Strict({
  type: Type.Optional(GroupType(`The type of the groups (default ${CAMERA_GROUP_TYPE}, cameras)`)),
  force: Type.Optional(Type.Boolean({ description: 'Read the database again rather than any cached tree (the demo has no cache; accepted for compatibility)' })),
});

export const DataGroupCreateParams = Strict({ id: Int(0, MAX_ID, { description: 'The parent group: 0 for a top-level group' }) });
export const DataGroupCreate = Strict({ name: Text(...B.name), type: GroupType(), sort: Type.Optional(Sort) });

export const DataGroupUpdate = Strict({
  name: Type.Optional(Text(0, B.name[1], { description: "The name in the caller's language; '' keeps it" })),
  parentId: Type.Optional(Int(0, MAX_ID, { description: 'Moves the group under another one of the same type (0: top level)' })),
  sort: Type.Optional(Sort),
});

export const DataGroupDeleteParams = Strict({ type: GroupType('The type of the group (must be its own)'), id: Id() });
export const DataGroupDeleted = Strict({ deleted: Type.Integer({ minimum: 1, description: 'Groups deleted: the group and its subgroups' }) });

const sample = { id: 3, parentId: null, name: 'Tower A', type: CAMERA_GROUP_TYPE, sort: 0, children: [{ id: 4, parentId: 3, name: 'Lobby', type: CAMERA_GROUP_TYPE, sort: 0, children: [] }] };

export const ops = {
  tree: operation({
    method: 'GET',
    path: '/api/admin/dataGrp/tree/:id',
    rights: 'user',
    tag: TAG,
    summary: 'The group tree of a type under a group (0: the whole forest)',
    description: "Needs a right that shows cameras (the video pages). Each level by sort, then id. Refused when the root is not one of the tenant's groups.",
    params: DataGroupTreeParams,
    query: DataGroupTreeQuery,
    data: Type.Array(DataGroup),
    examples: { params: { id: 0 }, query: { type: CAMERA_GROUP_TYPE }, data: [sample] },
  }),
  list: operation({
    method: 'GET',
    path: '/api/admin/dataGrp/tree/:id/list',
    rights: 'user',
    tag: TAG,
    summary: 'The same groups as the tree, as a flat list in tree order',
    description: 'Every group under the root, parents before their children, each with empty children.',
    params: DataGroupTreeParams,
    query: DataGroupTreeQuery,
    data: Type.Array(DataGroup),
    examples: { params: { id: 0 }, query: { type: CAMERA_GROUP_TYPE }, data: [{ ...sample, children: [] }, { ...sample.children[0], children: [] }] },
  }),
  create: operation({
    method: 'POST',
    path: '/api/admin/dataGrp/:id',
    rights: 'user',
    tag: TAG,
    summary: 'Creates a group under a parent (0: top level)',
    description: "Needs the right to manage cameras (video:manage). Refused when the parent is not the tenant's or of another type.",
    params: DataGroupCreateParams,
    body: DataGroupCreate,
    data: DataGroup,
    examples: { params: { id: 0 }, body: { name: 'Annex', type: CAMERA_GROUP_TYPE }, data: { ...sample, children: [] } },
  }),
  update: operation({
    method: 'PUT',
    path: '/api/admin/dataGrp/:id',
    rights: 'user',
    tag: TAG,
    summary: 'Renames, moves or reorders a group',
    description: "Needs the right to manage cameras. Refused when the group is not the tenant's, or the new parent is missing, of another type, or one of the group's own subgroups.",
    params: Strict({ id: Id() }),
    body: DataGroupUpdate,
    data: DataGroup,
    examples: { params: { id: 3 }, body: { name: 'Tower B' }, data: { ...sample, name: 'Tower B', children: [] } },
  }),
  delete: operation({
    method: 'DELETE',
    path: '/api/admin/dataGrp/:type/:id',
    rights: 'user',
    tag: TAG,
    summary: 'Deletes a group with its subgroups; its cameras become ungrouped',
    description: "Needs the right to manage cameras. Refused when the group is not the tenant's or not of the type named.",
    params: DataGroupDeleteParams,
    data: DataGroupDeleted,
    examples: { params: { type: CAMERA_GROUP_TYPE, id: 3 }, data: { deleted: 2 } },
  }),
};
