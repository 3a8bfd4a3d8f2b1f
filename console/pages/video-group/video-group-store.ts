// State and calls of the video access management page (devManager /videoGroup): the camera group
// tree, one page of the camera table with its filters, the selection, and the write actions. The
// view reads `vg` and calls these actions only.
import { proxy, ref } from 'valtio';
import { http, notify } from '../../../shared/http/index.ts';
import { createGroup, deleteGroup, groupTree, updateGroup } from '../../../shared/api/data-group.ts';
import type { DataGroup } from '../../../shared/api/data-group-types.ts';
import { cameraTags, createCamera, deleteCameras, exportCameras, listCameras, moveCamerasToGroup, updateCamera } from '../../../shared/api/video.ts';
import { CAMERA_GROUP_TYPE, type Camera, type CameraCreate, type CameraListQuery } from '../../../shared/api/video-types.ts';

export const PAGE_SIZE = 20;

interface VideoGroupState {
  tree: DataGroup[];
  groupId: number | null;
  rows: Camera[];
  total: number;
  page: number;
  name: string;
  label: string;
  tag: string;
  tags: string[];
  loading: boolean;
  selected: number[];
}

export const vg = proxy<VideoGroupState>({
  tree: ref([]),
  groupId: null,
  rows: ref([]),
  total: 0,
  page: 1,
  name: '',
  label: '',
  tag: '',
  tags: [],
  loading: false,
  selected: [],
});

let request = 0;

export async function loadTree(): Promise<void> {
  vg.tree = ref(await groupTree(http, 0, { type: CAMERA_GROUP_TYPE, force: true }));
}

export async function loadTags(): Promise<void> {
  vg.tags = await cameraTags(http);
}

/** The table's page with the current filters. A tag filter narrows the fetched page on the client: the platform filters by name, label and group only. */
export async function loadRows(): Promise<void> {
  const mine = ++request;
  vg.loading = true;
  const query: CameraListQuery = { page: vg.page, limit: PAGE_SIZE, ...(vg.groupId ? { dataGroupId: vg.groupId } : {}), ...(vg.name ? { name: vg.name } : {}), ...(vg.label ? { label: vg.label } : {}) };
  try {
    const list = await listCameras(http, query);
    if (mine !== request) return;
    vg.rows = ref(vg.tag ? list.rows.filter((r) => r.tags.includes(vg.tag)) : list.rows);
    vg.total = list.total;
    vg.selected = vg.selected.filter((id) => list.rows.some((r) => r.id === id));
  } finally {
    if (mine === request) vg.loading = false;
  }
}

export function start(): void {
  void loadTree();
  void loadTags();
  void loadRows();
}

export function selectGroup(id: number | null): void {
  vg.groupId = id;
  vg.page = 1;
  vg.selected = [];
  void loadRows();
}

export function setFilter(patch: Partial<Pick<VideoGroupState, 'name' | 'label' | 'tag'>>): void {
  Object.assign(vg, patch);
  vg.page = 1;
  void loadRows();
}

export function setPage(page: number): void {
  vg.page = Math.max(1, page);
  void loadRows();
}

export function toggle(id: number, on: boolean): void {
  vg.selected = on ? [...new Set([...vg.selected, id])] : vg.selected.filter((x) => x !== id);
}

export function toggleAll(on: boolean): void {
  vg.selected = on ? vg.rows.map((r) => r.id) : [];
}

const done = (key: string, params?: Record<string, unknown>) => notify({ kind: 'toast', level: 'success', key, ...(params ? { params } : {}), duration: 2000 });

export async function saveCamera(id: number | null, body: CameraCreate): Promise<void> {
  if (id === null) {
    await createCamera(http, body);
    done('videoGroup.created', { count: body.count ?? 1 });
  } else {
    const { count: _count, ...rest } = body;
    await updateCamera(http, { id, ...rest });
    done('videoGroup.saved');
  }
  await Promise.all([loadRows(), loadTags()]);
}

export async function removeCameras(ids: number[]): Promise<void> {
  const { deleted } = await deleteCameras(http, ids);
  vg.selected = [];
  done('videoGroup.deleted', { count: deleted });
  await loadRows();
}

export async function moveSelected(groupId: number): Promise<void> {
  const { moved } = await moveCamerasToGroup(http, groupId, { ids: [...vg.selected] });
  vg.selected = [];
  done('videoGroup.moved', { count: moved });
  await loadRows();
}

/** Starts the export of the current filter as a background task; the progress panel follows it. */
export async function exportRows(): Promise<void> {
  await exportCameras(http, { ...(vg.groupId ? { dataGroupId: vg.groupId } : {}), ...(vg.name ? { name: vg.name } : {}), ...(vg.label ? { label: vg.label } : {}) });
  notify({ kind: 'toast', level: 'info', key: 'videoGroup.exportStarted', duration: 5000 });
}

export async function saveGroup(id: number | null, parentId: number, name: string): Promise<void> {
  if (id === null) await createGroup(http, parentId, { name, type: CAMERA_GROUP_TYPE });
  else await updateGroup(http, id, { name });
  done('videoGroup.saved');
  await loadTree();
}

export async function removeGroup(id: number): Promise<void> {
  const { deleted } = await deleteGroup(http, CAMERA_GROUP_TYPE, id);
  if (vg.groupId === id) vg.groupId = null;
  done('videoGroup.deleted', { count: deleted });
  await Promise.all([loadTree(), loadRows()]);
}

/** [id, indented name] of every group, for pickers. */
export function flatGroups(tree: readonly DataGroup[], depth = 0): Array<[number, string]> {
  return tree.flatMap((g) => [[g.id, `${'\u00a0\u00a0'.repeat(depth)}${g.name}`] as [number, string], ...flatGroups(g.children, depth + 1)]);
}
