// Data groups (SPEC §7 "Data groups and role groups"): the tree cameras are filed in (type 7, §9)
// and other resources use with other types. Shared by the front end and the demo platform.

/** One group; `children` is filled in tree answers and empty in flat lists. */
export interface DataGroup {
  id: number;
  parentId: number | null;
  name: string;
  type: number;
  sort: number;
  children: DataGroup[];
}

/** GET /api/admin/dataGrp/tree/{id} and …/list: {id} is the root (0: every top-level group). */
export interface DataGroupTreeQuery {
  type?: number;
  /** true: read the database again rather than any cached tree (the demo has no cache; accepted for compatibility). */
  force?: boolean;
}

/** POST /api/admin/dataGrp/{parentId} (0: a top-level group). */
export interface DataGroupCreate {
  name: string;
  type: number;
  sort?: number;
}

/** PUT /api/admin/dataGrp/{id}. */
export interface DataGroupUpdate {
  name?: string;
  /** Moves the group under another one of the same type (0: top level). */
  parentId?: number;
  sort?: number;
}

/** DELETE /api/admin/dataGrp/{type}/{id}: the group with its subgroups; its cameras become ungrouped. */
export interface DataGroupDeleted {
  deleted: number;
}
