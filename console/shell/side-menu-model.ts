// The side menu as data (SPEC §2 "Shell"): built from the server's menu rights (names, icons and
// uris come from the server) and the route table. Server text stays text: the view renders it as a
// React text node, and a uri only becomes a link through menuTarget() (in-app path or https).
import type { MenuItem } from '../../shared/api/types.ts';
import { holds, menuTarget, type MenuTarget, type Rights } from '../router/access.ts';
import { HOME_PATH, titleKey, type RouteDef } from '../router/route-table.ts';

/** A label is either the server's text or an i18n key of the console. */
export type Label = { text: string } | { key: string };

export interface MenuLeaf {
  kind: 'leaf';
  id: string;
  label: Label;
  icon: string;
  /** null: the server's uri is not one the console follows; the entry is shown but does nothing. */
  target: MenuTarget | null;
}

export interface MenuGroup {
  kind: 'group';
  id: string;
  label: Label;
  icon: string;
  children: MenuLeaf[];
}

export type MenuEntry = MenuLeaf | MenuGroup;

const routeLink = (route: RouteDef): MenuTarget => ({ kind: 'internal', to: `/${route.path}${route.query ? `?${route.query}` : ''}` });

const serverLeaf = (item: MenuItem): MenuLeaf => ({
  kind: 'leaf',
  id: item.code,
  label: { text: String(item.menu ?? '') },
  icon: String(item.icon ?? ''),
  target: menuTarget(item.uri),
});

/**
 * The entries in display order: the dashboard first, then each server group (its server children,
 * or the table's routes of that group the user may open), then stray entries whose group the user
 * does not hold (an operator's video access). Right-only codes (uri '') are not pages: left out.
 */
export function buildSideMenu(items: readonly MenuItem[], routes: readonly RouteDef[], rights: Rights): MenuEntry[] {
  const pages = items.filter((m) => typeof m.uri === 'string' && m.uri.trim() !== '');
  const pageCodes = new Set(pages.map((m) => m.code));
  const children = new Map<string, MenuItem[]>();
  for (const item of pages) {
    if (item.parentCode === null || !pageCodes.has(item.parentCode)) continue;
    const list = children.get(item.parentCode) ?? [];
    list.push(item);
    children.set(item.parentCode, list);
  }

  const entries: MenuEntry[] = [
    { kind: 'leaf', id: 'home', label: { key: titleKey('largeScreenMonitor') }, icon: 'dashboard', target: { kind: 'internal', to: HOME_PATH } },
  ];
  const seen = new Set<string>(['home']);
  for (const item of pages) {
    if (item.parentCode !== null && pageCodes.has(item.parentCode)) continue;
    if (seen.has(item.code)) continue;
    seen.add(item.code);
    const fromServer = children.get(item.code) ?? [];
    const fromTable = routes.filter((r) => r.group === item.code && !r.hidden && holds(rights, r.code));
    if (fromServer.length > 0) {
      entries.push({ kind: 'group', id: item.code, label: { text: String(item.menu ?? '') }, icon: String(item.icon ?? ''), children: fromServer.map(serverLeaf) });
    } else if (fromTable.length > 0) {
      entries.push({
        kind: 'group',
        id: item.code,
        label: { text: String(item.menu ?? '') },
        icon: String(item.icon ?? ''),
        children: fromTable.map((r) => ({ kind: 'leaf', id: `${item.code}/${r.name}`, label: { key: titleKey(r.name) }, icon: '', target: routeLink(r) })),
      });
    } else {
      entries.push(serverLeaf(item));
    }
  }
  return entries;
}

/** The group holding the entry that leads to `pathname`, so the menu opens where the user is. */
export function groupOfPath(entries: readonly MenuEntry[], pathname: string): string | null {
  for (const entry of entries) {
    if (entry.kind !== 'group') continue;
    if (entry.children.some((c) => isActive(c, pathname))) return entry.id;
  }
  return null;
}

export function isActive(leaf: MenuLeaf, pathname: string): boolean {
  if (leaf.target?.kind !== 'internal') return false;
  const path = leaf.target.to.split(/[?#]/, 1)[0];
  return path === pathname;
}
