// Tenants (the platform operator's tenantMng) and each tenant's own info and logos (baseInfo).
import Type from 'typebox';
import { TENANT_TYPES } from '../api/tenant-types.ts';
import { TENANT_BOUNDS as B } from '../validate/tenant.ts';
import { PATTERNS } from '../validate/text.ts';
import { operation } from './operation.ts';
import { Id, IdParams, Int, MAX_LIMIT, MAX_PAGE, OneOf, Strict, Text, PageOf } from './fields.ts';

const TAG = 'Tenants';

export const TenantType = OneOf(TENANT_TYPES, { description: 'enterprise or personal' });

export const TenantRow = Strict({
  id: Id(),
  name: Type.String(),
  type: TenantType,
  home: Type.String({ description: "The tenant's home page (https), '' when none" }),
  description: Type.String(),
  logoUrl: Type.String({ description: '"mainLogoPath;smallLogoPath", both under /upload/' }),
  users: Type.Integer({ minimum: 0 }),
  devices: Type.Integer({ minimum: 0 }),
  superAdmin: Type.String({ description: "The super admin's account name" }),
});

export const TenantInfo = Strict({
  id: Id(),
  name: Type.String(),
  type: TenantType,
  home: Type.String(),
  description: Type.String(),
  logoUrl: Type.String({ description: '"mainLogoPath;smallLogoPath" upload paths (SPEC §3)' }),
});

const infoFields = {
  name: Text(...B.name, { description: 'Unique among tenants' }),
  home: Type.Optional(Text(...B.home, { description: "An https:// address, or ''" })),
  description: Type.Optional(Text(...B.description, { multiline: true })),
};

export const TenantInfoSave = Strict(infoFields);
export const TenantSave = Strict({ type: TenantType, ...infoFields });

const [userMin, userMax] = B.adminPassword;
const [accountMin, accountMax] = B.adminUsername;
export const TenantCreate = Strict({
  type: TenantType,
  ...infoFields,
  adminUsername: Type.String({ minLength: accountMin, maxLength: accountMax, pattern: PATTERNS.accountChars, 'x-rule': 'validate.account.chars', description: `The tenant super admin's account: letters, digits, _ . - (${accountMin} to ${accountMax}), not in use` }),
  adminName: Text(...B.adminName),
  adminPassword: Type.String({ minLength: userMin, maxLength: userMax, description: `${userMin} to ${userMax} characters` }),
});

export const TenantListQuery = Strict({
  page: Type.Optional(Int(1, MAX_PAGE, { description: 'Default 1' })),
  limit: Type.Optional(Int(1, MAX_LIMIT, { description: 'Default 20' })),
  keyword: Type.Optional(Text(0, 64, { description: 'Text in the name' })),
});

const sample = { id: 3, name: 'Harbour Office', type: 'enterprise', home: 'https://harbour.example', description: '', logoUrl: ';', users: 1, devices: 0, superAdmin: 'harbour' };
const sampleInfo = { id: 2, name: 'Second Tenant', type: 'enterprise', home: '', description: '', logoUrl: '/upload/logo/2-main.png;' };
const operatorOnly = 'Only the platform operator (40301 for anyone else).';

export const ops = {
  page: operation({
    method: 'GET',
    path: '/api/admin/tenant/page',
    rights: { menu: 'tenantMng' },
    tag: TAG,
    summary: 'The tenants (not the platform), paged',
    description: `${operatorOnly} With each its users, devices and super admin account.`,
    query: TenantListQuery,
    data: PageOf(TenantRow),
    examples: { query: { page: 1, limit: 20 }, data: { rows: [sample], total: 1 } },
  }),
  detail: operation({
    method: 'GET',
    path: '/api/admin/tenant/:id',
    rights: { menu: 'tenantMng' },
    tag: TAG,
    summary: 'One tenant',
    description: operatorOnly,
    params: IdParams,
    data: TenantRow,
    examples: { params: { id: 3 }, data: sample },
  }),
  create: operation({
    method: 'POST',
    path: '/api/admin/tenant',
    rights: { menu: 'tenantMng' },
    tag: TAG,
    summary: 'Adds a tenant with its super admin and a 30-day provisional voucher',
    description: `${operatorOnly} Refused for a name or account in use or a home page that is not https; the refusal names the field.`,
    body: TenantCreate,
    data: TenantRow,
    examples: { body: { type: 'enterprise', name: 'Harbour Office', home: 'https://harbour.example', description: '', adminUsername: 'harbour', adminName: 'Harbour admin', adminPassword: 'harbour123' }, data: sample },
  }),
  update: operation({
    method: 'PUT',
    path: '/api/admin/tenant/:id',
    rights: { menu: 'tenantMng' },
    tag: TAG,
    summary: "Changes a tenant's type, name, home page or description",
    description: `${operatorOnly} The same checks as adding.`,
    params: IdParams,
    body: TenantSave,
    data: TenantRow,
    examples: { params: { id: 3 }, body: { type: 'enterprise', name: 'Harbour Offices', home: '', description: '' }, data: { ...sample, name: 'Harbour Offices', home: '' } },
  }),
  remove: operation({
    method: 'DELETE',
    path: '/api/admin/tenant/:id',
    rights: { menu: 'tenantMng' },
    tag: TAG,
    summary: 'Deletes a tenant with everything it holds',
    description: `${operatorOnly} A tenant still holding users (besides its super admin) or devices is deleted only with confirm 'delete'; the platform tenant and the default tenant (the sign-in page's) are never deleted.`,
    params: IdParams,
    body: Strict({ confirm: Type.Optional(Text(0, 16, { description: "'delete' to remove a tenant that still holds users or devices" })) }),
    data: Strict({ deleted: Type.Literal(1) }),
    examples: { params: { id: 3 }, body: { confirm: 'delete' }, data: { deleted: 1 } },
  }),
  info: operation({
    method: 'GET',
    path: '/api/admin/tenant/info',
    rights: { menu: 'baseInfo' },
    tag: TAG,
    summary: "The caller's tenant: name, type, home page, description, logos",
    description: 'For the base info page.',
    data: TenantInfo,
    examples: { data: sampleInfo },
  }),
  saveInfo: operation({
    method: 'PUT',
    path: '/api/admin/tenant/info',
    rights: { menu: 'baseInfo' },
    tag: TAG,
    summary: "Changes the caller's tenant's name, home page and description",
    description: 'Refused for a name another tenant has or a home page that is not https.',
    body: TenantInfoSave,
    data: TenantInfo,
    examples: { body: { name: 'Second Tenant Group', home: 'https://second.example', description: '' }, data: { ...sampleInfo, name: 'Second Tenant Group', home: 'https://second.example' } },
  }),
  logo: operation({
    method: 'POST',
    path: '/api/admin/tenant/logo',
    rights: { menu: 'baseInfo' },
    tag: TAG,
    summary: "Uploads the tenant's main or small logo",
    description: "multipart/form-data: a field which (main or small), then one file part: JPG, PNG or SVG by content (not by name), at most 2 MB. The sign-in page and the shell show it.",
    data: TenantInfo,
    examples: { data: sampleInfo },
  }),
};
