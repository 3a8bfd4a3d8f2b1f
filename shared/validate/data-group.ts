// Field rules of a data group's name (camera groups, device groups), shared by the console's forms
// and the API contract (shared/contract/data-group.ts takes its bounds from DATA_GROUP_BOUNDS). Not re-exported from index.ts.
import type { Schema } from './combine.ts';
import { length, required } from './text.ts';

export const DATA_GROUP_BOUNDS = {
  /** Adding a group; renaming one accepts '' too (it keeps the name). */
  name: [1, 64],
} as const;

export const dataGroupSchema = {
  name: [required(), length(...DATA_GROUP_BOUNDS.name)],
} as const satisfies Schema;
