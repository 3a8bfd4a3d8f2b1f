// Data groups (SPEC §7 "Data groups and role groups"): the tree cameras are filed in (type 7, §9)
// and other resources use with other types. Shared by the front end and the demo platform; the shapes
// come from their declarations (shared/contract/data-group.ts): types only.
import type { Static } from 'typebox';
import type * as C from '../contract/data-group.ts';

/** One group; `children` is filled in tree answers and empty in flat lists. */
export type DataGroup = Static<typeof C.DataGroup>;

/** GET /api/admin/dataGrp/tree/{id} and …/list: {id} is the root (0: every top-level group). */
export type DataGroupTreeQuery = Static<typeof C.DataGroupTreeQuery>;

/** POST /api/admin/dataGrp/{parentId} (0: a top-level group). */
export type DataGroupCreate = Static<typeof C.DataGroupCreate>;

/** PUT /api/admin/dataGrp/{id}: parentId moves the group under another one of the same type (0: top level). */
export type DataGroupUpdate = Static<typeof C.DataGroupUpdate>;

/** DELETE /api/admin/dataGrp/{type}/{id}: the group with its subgroups; its cameras become ungrouped. */
export type DataGroupDeleted = Static<typeof C.DataGroupDeleted>;
