// The signed-in user's rights (SPEC §6 "front/info": menus and elements of all their roles) and the
// tenant's name and logos the login page and the shell show (tenant/detail).
import Type from 'typebox';
import { operation } from './operation.ts';
import { Id, OneOf, Strict } from './fields.ts';

const TAG = 'Session';

export const MenuItem = Strict(
  {
    code: Type.String({ description: 'The menu right (SPEC §6 code)' }),
    menu: Type.String({ description: "The entry's name in the caller's language" }),
    icon: Type.String(),
    uri: Type.String({ description: "Route of the entry; '' for rights that are not a page (alarmSearch, quickScene, devCard)" }),
    parentCode: Type.Union([Type.String(), Type.Null()], { description: 'Code of the group this entry belongs to; null for top-level groups and right-only codes' }),
  },
  { description: 'A menu right the user holds' },
);

export const ElementItem = Strict({ code: Type.String({ description: 'An element right (progress:view, video:play, …)' }) });

export const UserInfo = Strict({
  id: Id(),
  username: Type.String(),
  name: Type.String(),
  description: Type.String(),
  tenantId: Id(),
  type: OneOf(['superAdmin', 'user'] as const, { description: "'superAdmin' for a tenant super admin, 'user' otherwise" }),
  avatar: Type.String({ description: "URL under /upload/, or '' when none was uploaded" }),
  menus: Type.Array(MenuItem),
  elements: Type.Array(ElementItem),
  tokenExpiresIn: Type.Optional(Type.Integer({ minimum: 0, description: 'Seconds the token that asked has left (issue 41): a kit handed a token without its lifetime refreshes in time' })),
});

export const TenantDetail = Strict({
  id: Id(),
  name: Type.String(),
  logoUrl: Type.String({ description: '"mainLogoPath;smallLogoPath", both under /upload/' }),
});

export const ops = {
  info: operation({
    method: 'GET',
    path: '/api/admin/user/front/info',
    rights: 'user',
    tag: TAG,
    summary: 'The signed-in user with the menu and element rights of all their roles',
    description:
      "Menus come from the tenant's own tree (names in the caller's language, icons, order; hidden entries left out; the tenant's own entries only for its super admin). The console builds its navigation and guards from this answer; tokenExpiresIn lets an embedding kit refresh in time.",
    data: UserInfo,
    examples: {
      data: {
        id: 1,
        username: 'admin',
        name: 'Administrator',
        description: '',
        tenantId: 1,
        type: 'superAdmin',
        avatar: '',
        menus: [{ code: 'alarmSearch', menu: 'Alarms', icon: 'bell', uri: '/alarm/search', parentCode: null }],
        elements: [{ code: 'video:play' }],
        tokenExpiresIn: 7200,
      },
    },
  }),
  tenant: operation({
    method: 'GET',
    path: '/api/admin/tenant/detail',
    rights: 'public',
    tag: TAG,
    summary: "The tenant's name and logos (the signed-in user's, else the default tenant)",
    description: 'Public: the login page shows the default tenant before anyone signs in. With a token it answers the token\'s tenant. A list of one (none when there is no tenant).',
    data: Type.Array(TenantDetail, { maxItems: 1 }),
    examples: { data: [{ id: 1, name: 'Atrium', logoUrl: '/upload/logo.png;/upload/logo-small.png' }] },
  }),
};
