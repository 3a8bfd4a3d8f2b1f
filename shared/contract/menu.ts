// Menus (baseManager menu, menuManager): each tenant's menu tree is the platform's with the tenant's own
// changes (names in zh and en, icon, uri, order, hidden) and entries of its own.
import Type from 'typebox';
import { MENU_BOUNDS as B } from '../validate/menu.ts';
import { operation } from './operation.ts';
import { Int, Strict, Text } from './fields.ts';

const TAG = 'Menus';

export const MenuEntry = Strict({
  code: Type.String(),
  zh: Type.String(),
  en: Type.String(),
  icon: Type.String(),
  uri: Type.String({ description: "Route of the entry: an in-app path or https; '' for a right that is not a page" }),
  parentCode: Type.Union([Type.String(), Type.Null()], { description: 'The group the entry belongs to; null for a group' }),
  sort: Type.Integer({ description: 'Order within its group (groups among groups)' }),
  hidden: Type.Boolean(),
  custom: Type.Boolean({ description: "An entry of the tenant's own (its code is unknown to the console; only super admins see it)" }),
  changed: Type.Boolean({ description: 'The tenant changed the platform entry (or it is its own)' }),
});

const saveFields = {
  zh: Text(...B.zh, { description: 'Chinese name' }),
  en: Text(...B.en, { description: 'English name' }),
  icon: Text(...B.icon, { description: 'An icon name: a letter, then letters, digits, _ and -' }),
  uri: Text(...B.uri, { description: "An in-app path (starting with /) or an https:// address; '' only where the platform's entry is a right, not a page" }),
  sort: Int(...B.sort),
  hidden: Type.Boolean(),
};

export const MenuSave = Strict(saveFields);

export const MenuCreate = Strict({
  ...saveFields,
  code: Text(...B.code, { description: 'A letter, then letters, digits and _ (2 to 32 characters); not a code in use' }),
  parentCode: Text(...B.parentCode, { description: 'The group (a top-level entry) the new entry goes in' }),
});

const CodeParams = Strict({ code: Text(1, 64, { description: "The entry's code" }) });

const sample = { code: 'alarmSearch', zh: '告警查询', en: 'Alarms', icon: 'bell', uri: '/alarm/search', parentCode: 'alarm', sort: 10, hidden: false, custom: false, changed: true };

export const ops = {
  tree: operation({
    method: 'GET',
    path: '/api/admin/menu/tree',
    rights: { menu: 'menuManager' },
    tag: TAG,
    summary: "The tenant's menu tree: groups in order, each followed by its entries",
    description: "The platform's entries with the tenant's changes, and the tenant's own entries.",
    data: Type.Array(MenuEntry),
    examples: { data: [sample] },
  }),
  save: operation({
    method: 'PUT',
    path: '/api/admin/menu/:code',
    rights: { menu: 'menuManager' },
    tag: TAG,
    summary: "Changes an entry's names, icon, uri, order or visibility for the tenant",
    description: "The tenant's users see the change at their next user-info load. Refused for an unknown code, an icon or uri of the wrong form.",
    params: CodeParams,
    body: MenuSave,
    data: MenuEntry,
    examples: { params: { code: 'alarmSearch' }, body: { zh: '告警', en: 'Alarms', icon: 'bell', uri: '/alarm/search', sort: 10, hidden: false }, data: sample },
  }),
  create: operation({
    method: 'POST',
    path: '/api/admin/menu',
    rights: { menu: 'menuManager' },
    tag: TAG,
    summary: "Adds an entry of the tenant's own under a group",
    description: 'Refused for a code in use or of the wrong form, a parent that is not a group, an icon or uri of the wrong form.',
    body: MenuCreate,
    data: MenuEntry,
    examples: {
      body: { code: 'wiki', parentCode: 'system', zh: '知识库', en: 'Wiki', icon: 'book', uri: 'https://wiki.example.com', sort: 100, hidden: false },
      data: { code: 'wiki', parentCode: 'system', zh: '知识库', en: 'Wiki', icon: 'book', uri: 'https://wiki.example.com', sort: 100, hidden: false, custom: true, changed: true },
    },
  }),
  reset: operation({
    method: 'DELETE',
    path: '/api/admin/menu/:code',
    rights: { menu: 'menuManager' },
    tag: TAG,
    summary: "Removes a tenant's own entry, or returns a platform entry to its defaults",
    description: 'Refused when the tenant has no entry or change of that code.',
    params: CodeParams,
    data: Strict({ removed: Type.Integer({ minimum: 1 }) }),
    examples: { params: { code: 'wiki' }, data: { removed: 1 } },
  }),
};
