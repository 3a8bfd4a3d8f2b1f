// Menus (baseManager menu, menuManager): each tenant's menu tree is the platform's (shared/api/menu-seed)
// with the tenant's own changes — names in zh and en, icon, uri, order, hidden — and entries of its own
// whose codes the console does not know (shown as such; only super admins see them). A user's menus
// (front/info) come from this tree at their next user-info load. A uri is an in-app path or https.
import type { FastifyPluginAsync } from 'fastify';
import { MENU_SEED } from '../../../shared/api/menu-seed.ts';
import { ops } from '../../../shared/contract/menu.ts';
import { route } from '../contract.ts';
import { fail, failField, ok } from '../http.ts';
import { langOf, type Lang, textsOf } from '../messages.ts';
import { tenantData } from '../tenant-data.ts';
import { resetMenuEntry, saveMenuEntry, tenantMenus } from './menu-data.ts';

const SEED_CODES = new Set(MENU_SEED.map((m) => m.code));

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

  route(app, ops.save, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const entry = tenantMenus(data).find((m) => m.code === request.params.code);
    if (!entry) return fail(say(lang, 'noEntry'));
    const seed = MENU_SEED.find((m) => m.code === entry.code);
    if (!/^[A-Za-z][\w-]*$/.test(request.body.icon.trim())) return failField(say(lang, 'icon'), 'icon');
    if (uriProblem(request.body.uri.trim(), seed?.uri === '')) return failField(say(lang, 'uri'), 'uri');
    saveMenuEntry(data, entry.code, entry.parentCode, request.body, entry.custom);
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
    saveMenuEntry(data, b.code, b.parentCode, b, true);
    return ok(tenantMenus(data).find((m) => m.code === b.code)!);
  });

  /** A tenant's own entry goes; a platform entry returns to the platform's names, icon and order. */
  route(app, ops.reset, async (request) => {
    const removed = resetMenuEntry(tenantData(request), request.params.code);
    return removed ? ok({ removed }) : fail(say(langOf(request), 'noEntry'));
  });
};

export default plugin;
