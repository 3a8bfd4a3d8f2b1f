// Data authority (SPEC §6 "Data permission is granted through data groups"): the data groups a
// user's roles grant, with everything below them, per type of group. A user whose roles name no data
// group of a type (and the super admin) is not narrowed for it; otherwise cameras (or devices) outside
// the granted groups do not exist for that user — in lists, play requests, values, history and the
// group trees. The reads and the SQL fragments live in data-group-data.ts (issue 39: SQL in data
// modules); the other domains reach them through this module.
export { alarmScopeSql, groupAndBelow, scopeSql, visibleGroups } from './data-group-data.ts';

/** Ids to keep in a group tree: the visible groups and the groups above them (the path to them). */
export function withAncestors(visible: ReadonlySet<number>, parents: ReadonlyMap<number, number | null>): Set<number> {
  const out = new Set<number>();
  for (const id of visible) {
    for (let at: number | null = id, steps = 0; at !== null && !out.has(at) && steps <= parents.size; at = parents.get(at) ?? null, steps++) out.add(at);
  }
  return out;
}
