// The device list's query semantics as pure functions. They mirror the demo server's SQL exactly
// (keyword folding, ordering, area descendants), so a list filtered in the browser shows the same
// rows, in the same order, as the server would answer for the same query.
import type { AreaNode, Device, DeviceSortKey, DeviceStatus, SortOrder } from '../api/device-types.ts';
import { DEVICE_STATUSES } from '../api/device-types.ts';
import { TOTAL_CAP, TOTAL_NONE, TOTAL_OTHER } from '../api/resource.ts';

/** Lower-cases ASCII letters only, as SQLite's lower() does without ICU. */
export function foldAscii(text: string): string {
  return /[A-Z]/.test(text) ? text.replace(/[A-Z]+/g, (run) => run.toLowerCase()) : text;
}

/** What a keyword is searched in: code, name and label, folded, kept apart so a match cannot span two fields. */
export function searchText(device: Pick<Device, 'code' | 'name' | 'label'>): string {
  return foldAscii(`${device.code}\u0000${device.name}\u0000${device.label}`);
}

/** The keyword as the server uses it too: NULs dropped, trimmed, folded; '' matches everything. */
export const normaliseKeyword = (keyword: string): string => foldAscii(keyword.replaceAll('\u0000', '').trim());

export interface ListFilter {
  status: DeviceStatus | null;
  /** Already normalised (normaliseKeyword). */
  keyword: string;
}

export function matches(device: Device, search: string, filter: ListFilter): boolean {
  if (filter.status !== null && device.status !== filter.status) return false;
  return filter.keyword === '' || search.includes(filter.keyword);
}

/** Text order by UTF-16 code unit: the same as SQLite's BINARY order for every character outside the astral planes. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const sortValue = (device: Device, key: DeviceSortKey): string => device[key];

/**
 * Devices ordered by `key`, ties by id, both in `order` (the server's ORDER BY col, id). Sorting by
 * status buckets the rows instead of comparing, so a status-sorted list re-sorts in linear time.
 */
export function sortDevices(devices: readonly Device[], key: DeviceSortKey, order: SortOrder): Device[] {
  let sorted: Device[];
  if (key === 'status') {
    const byId = [...devices].sort((a, b) => a.id - b.id);
    const buckets = new Map<DeviceStatus, Device[]>([...DEVICE_STATUSES].sort(compareText).map((s) => [s, []]));
    for (const device of byId) buckets.get(device.status)!.push(device);
    sorted = [...buckets.values()].flat();
  } else {
    sorted = [...devices].sort((a, b) => compareText(sortValue(a, key), sortValue(b, key)) || a.id - b.id);
  }
  return order === 'desc' ? sorted.reverse() : sorted;
}

/** rowGuid of the area and of every area below it; empty when the tree does not hold it. */
export function areaAndDescendants(tree: readonly AreaNode[], rowGuid: string): Set<string> {
  const found = new Set<string>();
  const collect = (node: AreaNode): void => {
    found.add(node.rowGuid);
    node.children.forEach(collect);
  };
  const search = (nodes: readonly AreaNode[]): boolean => {
    for (const node of nodes) {
      if (node.rowGuid === rowGuid) {
        collect(node);
        return true;
      }
      if (search(node.children)) return true;
    }
    return false;
  };
  search(tree);
  return found;
}

/** The path of names from a root to the area, for a breadcrumb or a tooltip; [] when absent. */
export function areaPath(tree: readonly AreaNode[], rowGuid: string): string[] {
  for (const node of tree) {
    if (node.rowGuid === rowGuid) return [node.areaName];
    const below = areaPath(node.children, rowGuid);
    if (below.length) return [node.areaName, ...below];
  }
  return [];
}

/** The i18n key and params that show a list total under the SPEC §9 markers. */
export function totalMessage(total: number): { key: string; params?: { count: number } } {
  if (total === TOTAL_NONE) return { key: 'list.totalNone' };
  if (total === TOTAL_OTHER || total < 0 || !Number.isFinite(total)) return { key: 'list.totalOther' };
  if (total > TOTAL_CAP) return { key: 'list.totalOver', params: { count: TOTAL_CAP } };
  return { key: 'list.total', params: { count: total } };
}
