// Menu management calls (baseManager menu): the tenant's tree, changes, its own entries, resets.
import type { Client } from '../http/client.ts';
import type { Static } from 'typebox';
import type * as C from '../contract/menu.ts';

// The shapes come from their declarations (shared/contract/menu.ts), types only.
export type MenuEntry = Static<typeof C.MenuEntry>;
export type MenuSave = Static<typeof C.MenuSave>;
export type MenuCreate = Static<typeof C.MenuCreate>;

export const menuTree = (c: Pick<Client, 'get'>, signal?: AbortSignal) => c.get<MenuEntry[]>('/api/admin/menu/tree', signal ? { signal } : {});
export const saveMenu = (c: Pick<Client, 'put'>, code: string, body: MenuSave) => c.put<MenuEntry>(`/api/admin/menu/${encodeURIComponent(code)}`, body);
export const addMenu = (c: Pick<Client, 'post'>, body: MenuCreate) => c.post<MenuEntry>('/api/admin/menu', body);
/** Removes a tenant's own entry, or returns a platform entry to its defaults. */
export const resetMenu = (c: Pick<Client, 'delete'>, code: string) => c.delete<{ removed: number }>(`/api/admin/menu/${encodeURIComponent(code)}`);
