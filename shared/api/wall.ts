// The wall's stored config, over the custom data calls (SPEC §7 "Custom data"). The answer of GET is
// a list whose first item (if any) is the stored value with its id and version.
import type { Client, RequestOptions } from '../http/client.ts';
import type { CustomDataItem } from './types.ts';
import { WALL_CONFIG_KEY } from './wall-types.ts';

const PATH = '/api/admin/custom/data';

export async function readWallConfig(client: Pick<Client, 'get'>, options: RequestOptions = {}): Promise<CustomDataItem | null> {
  const list = await client.get<CustomDataItem[]>(PATH, { ...options, params: { customKey: WALL_CONFIG_KEY } });
  return list[0] ?? null;
}

export const createWallConfig = (client: Pick<Client, 'post'>, customValue: string, options: RequestOptions = {}): Promise<CustomDataItem> =>
  client.post<CustomDataItem>(PATH, { customKey: WALL_CONFIG_KEY, customValue }, options);

export const updateWallConfig = (client: Pick<Client, 'put'>, id: number, customValue: string, version: number, options: RequestOptions = {}): Promise<CustomDataItem> =>
  client.put<CustomDataItem>(PATH, { id, customKey: WALL_CONFIG_KEY, customValue, version }, options);
