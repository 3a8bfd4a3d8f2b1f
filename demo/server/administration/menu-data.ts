// The menus' data (issue 39): a tenant's changes to the platform's menu tree and its own entries
// (menu_entry), through its tenant data; the tree is the platform's (shared/api/menu-seed) with them.
import { MENU_SEED } from '../../../shared/api/menu-seed.ts';
import type { MenuEntry, MenuSave } from '../../../shared/api/menu-admin.ts';
import type { TenantData } from '../tenant-data.ts';

const SEED_ORDER = new Map(MENU_SEED.map((m, i) => [m.code, (i + 1) * 10]));

/** The tenant's menu tree, groups and their children each in order. */
export function tenantMenus(data: TenantData): MenuEntry[] {
  const rows = new Map(
    data.all<{ code: string; parent_code: string | null; zh: string; en: string; icon: string; uri: string; sort: number; hidden: number; custom: number }>('SELECT * FROM menu_entry WHERE tenant_id = $tenant').map((r) => [r.code, r]),
  );
  const all: MenuEntry[] = MENU_SEED.map((m) => {
    const r = rows.get(m.code);
    return r
      ? { ...m, zh: r.zh, en: r.en, icon: r.icon, uri: r.uri, sort: r.sort, hidden: r.hidden === 1, custom: false, changed: true }
      : { ...m, sort: SEED_ORDER.get(m.code)!, hidden: false, custom: false, changed: false };
  });
  for (const r of rows.values()) {
    if (r.custom !== 1) continue;
    all.push({ code: r.code, parentCode: r.parent_code, zh: r.zh, en: r.en, icon: r.icon, uri: r.uri, sort: r.sort, hidden: r.hidden === 1, custom: true, changed: true });
  }
  // Groups by their order, each followed by its children by theirs.
  const groups = all.filter((m) => m.parentCode === null).sort((a, b) => a.sort - b.sort);
  return groups.flatMap((g) => [g, ...all.filter((m) => m.parentCode === g.code).sort((a, b) => a.sort - b.sort)]);
}

/** Writes the tenant's version of an entry (a platform entry changed, or an entry of its own). */
export function saveMenuEntry(data: TenantData, code: string, parentCode: string | null, b: MenuSave, custom: boolean): void {
  data.run(
    `INSERT INTO menu_entry (tenant_id, code, parent_code, zh, en, icon, uri, sort, hidden, custom) VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (tenant_id, code) DO UPDATE SET zh = excluded.zh, en = excluded.en, icon = excluded.icon, uri = excluded.uri, sort = excluded.sort, hidden = excluded.hidden`,
    code,
    parentCode,
    b.zh.trim(),
    b.en.trim(),
    b.icon.trim(),
    b.uri.trim(),
    b.sort,
    b.hidden ? 1 : 0,
    custom ? 1 : 0,
  );
}

/** Forgets the tenant's version of an entry: how many rows went (0: it had none). */
export const resetMenuEntry = (data: TenantData, code: string): number => Number(data.run('DELETE FROM menu_entry WHERE tenant_id = $tenant AND code = ?', code).changes);
