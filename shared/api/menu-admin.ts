// Menu management calls (baseManager menu): the tenant's tree, changes, its own entries, resets.
import type { Client } from '../http/client.ts';
import type { MenuSeedItem } from './menu-seed.ts';

export interface MenuEntry extends MenuSeedItem {
  sort: number;
  hidden: boolean;
  custom: boolean;
  changed: boolean;
}
export type MenuSave = Pick<MenuEntry, 'zh' | 'en' | 'icon' | 'uri' | 'sort' | 'hidden'>;

export const menuTree = (c: Pick<Client, 'get'>, signal?: AbortSignal) => c.get<MenuEntry[]>('/api/admin/menu/tree', signal ? { signal } : {});
export const saveMenu = (c: Pick<Client, 'put'>, code: string, body: MenuSave) => c.put<MenuEntry>(`/api/admin/menu/${encodeURIComponent(code)}`, body);
export const addMenu = (c: Pick<Client, 'post'>, body: MenuSave & { code: string; parentCode: string }) => c.post<MenuEntry>('/api/admin/menu', body);
/** Removes a tenant's own entry, or returns a platform entry to its defaults. */
export const resetMenu = (c: Pick<Client, 'delete'>, code: string) => c.delete<{ removed: number }>(`/api/admin/menu/${encodeURIComponent(code)}`);
