// Every start: a role that lists a menu group without any of its pages (the first seeds did) gets the
// group's pages listed, so rights are explicit and a role can hold part of a group.
import { tx, type Db } from '../db.ts';
import { MENU_CHILDREN } from './role-data.ts';

export function seed(db: Db): void {
  const rows = db.prepare('SELECT role_id, menu_code FROM role_menu').all<{ role_id: number; menu_code: string }>();
  const byRole = new Map<number, Set<string>>();
  for (const r of rows) byRole.set(r.role_id, (byRole.get(r.role_id) ?? new Set()).add(r.menu_code));
  const add = db.prepare('INSERT OR IGNORE INTO role_menu (role_id, menu_code) VALUES (?, ?)');
  tx(db, () => {
    for (const [roleId, codes] of byRole) {
      for (const code of codes) {
        const children = MENU_CHILDREN.get(code) ?? [];
        if (children.length > 0 && !children.some((c) => codes.has(c))) for (const child of children) add.run(roleId, child);
      }
    }
  });
}
