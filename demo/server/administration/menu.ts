// Menus (baseManager menu, menuManager): each tenant's menu tree is the platform's (shared/api/menu-seed)
// with the tenant's own changes — names in zh and en, icon, uri, order, hidden — and entries of its own
// whose codes the console does not know (shown as such; only super admins see them). A user's menus
// (front/info) come from this tree at their next user-info load. A uri is an in-app path or https.
import type { FastifyPluginAsync } from 'fastify';
import { MENU_SEED } from '../../../shared/api/menu-seed.ts';
import type { MenuEntry, MenuSave } from '../../../shared/api/menu-admin.ts';
import { ops } from '../../../shared/contract/menu.ts';
import { route } from '../contract.ts';
import { fail, failField, ok } from '../http.ts';
import { langOf, type Lang, textsOf } from '../messages.ts';
import { tenantData, type TenantData } from '../tenant-data.ts';


const SEED_CODES = new Set(MENU_SEED.map((m) => m.code));
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

const TEXT = {
  uri: { zh: '地址须为站内路径（以 / 开头）或 https:// 地址', en: 'The address must be an in-app path (starting with /) or an https:// address' },
  code: { zh: '代码须以字母开头，只含字母、数字和下划线（2 到 32 个字符）', en: 'A code starts with a letter and holds only letters, digits and _ (2 to 32 characters)' },
  codeTaken: { zh: '该代码已存在', en: 'This code already exists' },
  noParent: { zh: '上级菜单不存在', en: 'No such parent menu' },
  noEntry: { zh: '菜单不存在', en: 'No such menu entry' },
  icon: { zh: '图标名须为字母、数字或中划线', en: 'An icon name holds letters, digits and - only' },
} as const satisfies Record<string, Record<Lang, string>>;

const say = textsOf(TEXT);

/** An in-app path or https; '' only where the platform's entry is a right rather than a page. */
const uriProblem = (uri: string, mayBeEmpty: boolean): boolean => !((mayBeEmpty && uri === '') || /^\/[A-Za-z0-9/_-]*$/.test(uri) || /^https:\/\/[^\s<>"'`]{1,200}$/i.test(uri));

const plugin: FastifyPluginAsync = async (app) => {
  route(app, ops.tree, async (request) => ok(tenantMenus(tenantData(request))));

  const write = (data: TenantData, code: string, parentCode: string | null, b: MenuSave, custom: boolean) =>
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

  route(app, ops.save, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const entry = tenantMenus(data).find((m) => m.code === request.params.code);
    if (!entry) return fail(say(lang, 'noEntry'));
    const seed = MENU_SEED.find((m) => m.code === entry.code);
    if (!/^[A-Za-z][\w-]*$/.test(request.body.icon.trim())) return failField(say(lang, 'icon'), 'icon');
    if (uriProblem(request.body.uri.trim(), seed?.uri === '')) return failField(say(lang, 'uri'), 'uri');
    write(data, entry.code, entry.parentCode, request.body, entry.custom);
    return ok(tenantMenus(data).find((m) => m.code === entry.code)!);
  });

  route(app, ops.create, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const b = request.body;
    if (!/^[A-Za-z][A-Za-z0-9_]{1,31}$/.test(b.code)) return failField(say(lang, 'code'), 'code');
    const tree = tenantMenus(data);
    if (SEED_CODES.has(b.code) || tree.some((m) => m.code === b.code)) return failField(say(lang, 'codeTaken'), 'code');
    if (!tree.some((m) => m.code === b.parentCode && m.parentCode === null)) return failField(say(lang, 'noParent'), 'parentCode');
    if (!/^[A-Za-z][\w-]*$/.test(b.icon.trim())) return failField(say(lang, 'icon'), 'icon');
    if (uriProblem(b.uri.trim(), false)) return failField(say(lang, 'uri'), 'uri');
    write(data, b.code, b.parentCode, b, true);
    return ok(tenantMenus(data).find((m) => m.code === b.code)!);
  });

  /** A tenant's own entry goes; a platform entry returns to the platform's names, icon and order. */
  route(app, ops.reset, async (request) => {
    const removed = tenantData(request).run('DELETE FROM menu_entry WHERE tenant_id = $tenant AND code = ?', request.params.code).changes;
    return removed ? ok({ removed: Number(removed) }) : fail(say(langOf(request), 'noEntry'));
  });
};

export default plugin;
