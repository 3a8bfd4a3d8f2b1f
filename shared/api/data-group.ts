// Data group calls (SPEC §7 "Data groups and role groups"). Pure fetchers over the narrowest client.
import type { Client, RequestOptions } from '../http/client.ts';
import type { DataGroup, DataGroupCreate, DataGroupDeleted, DataGroupTreeQuery, DataGroupUpdate } from './data-group-types.ts';

const BASE = '/api/admin/dataGrp';

export const groupTree = (client: Pick<Client, 'get'>, rootId: number, query: DataGroupTreeQuery = {}, options: RequestOptions = {}): Promise<DataGroup[]> =>
  client.get<DataGroup[]>(`${BASE}/tree/${rootId}`, { ...options, params: { ...query } });

export const groupList = (client: Pick<Client, 'get'>, rootId: number, query: DataGroupTreeQuery = {}, options: RequestOptions = {}): Promise<DataGroup[]> =>
  client.get<DataGroup[]>(`${BASE}/tree/${rootId}/list`, { ...options, params: { ...query } });

export const createGroup = (client: Pick<Client, 'post'>, parentId: number, body: DataGroupCreate): Promise<DataGroup> =>
  client.post<DataGroup>(`${BASE}/${parentId}`, body);

export const updateGroup = (client: Pick<Client, 'put'>, id: number, body: DataGroupUpdate): Promise<DataGroup> => client.put<DataGroup>(`${BASE}/${id}`, body);

export const deleteGroup = (client: Pick<Client, 'delete'>, type: number, id: number): Promise<DataGroupDeleted> =>
  client.delete<DataGroupDeleted>(`${BASE}/${type}/${id}`, {});

/** Each group's path of names from the top ('Tower A / Lobby'), by id. */
export function groupPaths(tree: readonly DataGroup[], separator = ' / '): Map<number, string> {
  const paths = new Map<number, string>();
  const walk = (nodes: readonly DataGroup[], prefix: string) => {
    for (const n of nodes) {
      const path = prefix ? `${prefix}${separator}${n.name}` : n.name;
      paths.set(n.id, path);
      walk(n.children, path);
    }
  };
  walk(tree, '');
  return paths;
}
