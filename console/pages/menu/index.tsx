// Menu management (baseManager menu) on the resource kit: the tenant's menu tree — groups, each followed
// by its entries — with names in zh and en, an icon from the console's set, an address (in-app path or
// https), order and a hidden flag; entries of the tenant's own are marked as codes the console does not
// know. Changes reach users at their next user-info load. Server text is only ever shown as text.
import { addMenu, menuTree, resetMenu, saveMenu, type MenuCreate, type MenuEntry, type MenuSave } from '../../../shared/api/menu-admin.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { i18n } from '../../../shared/i18n/index.ts';
import { menuSchema } from '../../../shared/validate/menu.ts';
import { defineResource, ResourcePage } from '../../resource/index.ts';
import { Icon, ICON_NAMES } from '../../shell/icons.tsx';
import './texts.ts';

export const menuResource = defineResource<MenuEntry>({
  id: 'menu',
  operation: 'menu.tree',
  titleKey: 'menus.title',
  rowKey: (m) => m.code,
  rowName: (m) => (i18n.language.startsWith('en') ? m.en : m.zh),
  pageSize: 1000,
  columns: [
    {
      id: 'name',
      headerKey: 'menus.field.zh',
      field: ['zh', 'parentCode'],
      cell: (m) => (
        <span data-depth={m.parentCode ? 1 : 0}>
          {m.parentCode ? '\u2003' : ''}
          <Icon name={m.icon} size={14} aria-hidden="true" /> <span lang="zh-CN">{m.zh}</span>
        </span>
      ),
    },
    // Each name in its own language, marked so (screen readers read it so; it is content, not UI).
    { id: 'en', headerKey: 'menus.field.en', field: 'en', cell: (m) => <span lang="en">{m.en}</span> },
    { id: 'code', headerKey: 'menus.field.code', field: 'code', cell: (m) => <code>{m.code}</code> },
    { id: 'uri', headerKey: 'menus.field.uri', field: 'uri' },
    { id: 'sort', headerKey: 'menus.field.sort', field: 'sort' },
    { id: 'hidden', headerKey: 'menus.field.hidden', field: 'hidden', cell: (m) => (m.hidden ? '✓' : '') },
    { id: 'state', headerKey: 'menus.field.state', field: ['custom', 'changed'], cell: (m, { t }) => <span data-state={m.custom ? 'own' : m.changed ? 'changed' : 'platform'}>{t(m.custom ? 'menus.own' : m.changed ? 'menus.changed' : 'menus.platform')}</span> },
  ],
  list: async (_q, signal) => {
    const rows = await menuTree(http, signal);
    return { rows, total: rows.length };
  },
  form: {
    saves: { create: 'menu.create', update: 'menu.save' },
    fields: (m) => [
      // A new entry's code and group; an entry keeps both.
      ...(m
        ? []
        : ([
            { kind: 'text', name: 'code', labelKey: 'menus.field.code', rules: menuSchema.code },
            {
              kind: 'select',
              name: 'parentCode',
              labelKey: 'menus.field.parentCode',
              options: () => menuTree(http).then((rows) => rows.filter((r) => r.parentCode === null).map((r) => ({ value: r.code, label: `${r.zh} / ${r.en}` }))),
              rules: menuSchema.parentCode,
            },
          ] as const)),
      { kind: 'text', name: 'zh', labelKey: 'menus.field.zh', rules: menuSchema.zh, initial: (r) => r?.zh ?? '' },
      { kind: 'text', name: 'en', labelKey: 'menus.field.en', rules: menuSchema.en, initial: (r) => r?.en ?? '' },
      { kind: 'select', name: 'icon', labelKey: 'menus.field.icon', options: ICON_NAMES.map((n) => ({ value: n, label: n })), rules: menuSchema.icon, initial: (r) => r?.icon ?? 'generic' },
      { kind: 'text', name: 'uri', labelKey: 'menus.field.uri', rules: menuSchema.uri, initial: (r) => r?.uri ?? '' },
      { kind: 'text', name: 'sort', labelKey: 'menus.field.sort', rules: menuSchema.sort, initial: (r) => String(r?.sort ?? 100), as: 'number' },
      { kind: 'checkbox', name: 'hidden', labelKey: 'menus.field.hidden', initial: (r) => r?.hidden ?? false },
    ],
    hints: { uri: (_, { t }) => t('menus.uriHint'), sort: (_, { t }) => t('menus.note') },
    save: async (body, m) => {
      await (m ? saveMenu(http, m.code, body as MenuSave) : addMenu(http, body as MenuCreate));
    },
  },
  remove: async (rows) => {
    for (const m of rows) await resetMenu(http, m.code);
  },
  canRemove: (m) => m.custom,
  rowActions: [
    {
      key: 'reset',
      labelKey: 'menus.reset',
      show: (m) => m.changed && !m.custom,
      run: async (m, reload) => {
        await resetMenu(http, m.code);
        notify({ kind: 'toast', level: 'success', duration: 2500, key: 'menus.resetDone', params: { name: m.zh } });
        reload();
      },
    },
  ],
});

export default function MenuPage() {
  const def = menuResource;
  return (
    <div data-page="menu">
      <ResourcePage def={def} />
    </div>
  );
}
