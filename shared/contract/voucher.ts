// Vouchers (licence certificates, SPEC §3/§4/§7): provisional (with an expiry) or perpetual. A tenant
// without a valid voucher is not licensed (40401). The platform operator issues, changes and withdraws
// them; a tenant's super admin sees its own.
import Type from 'typebox';
import { VOUCHER_KINDS } from '../api/tenant-types.ts';
import { operation } from './operation.ts';
import { Id, IdParams, OneOf, Strict, Text, Time } from './fields.ts';

const TAG = 'Vouchers';

export const VoucherKind = OneOf(VOUCHER_KINDS, { description: 'provisional (with an expiry) or perpetual' });

export const Voucher = Strict({
  id: Id(),
  tenantId: Id(),
  code: Type.String({ description: 'The licence code, ATR-XXXX-XXXX-XXXX' }),
  kind: VoucherKind,
  expiresAt: Time({ description: "'' for a perpetual voucher" }),
  expired: Type.Boolean(),
  note: Type.String(),
});

export const VoucherSave = Strict({
  tenantId: Id({ description: 'The tenant (not the platform tenant)' }),
  kind: VoucherKind,
  expiresOn: Type.Optional(Text(0, 10, { description: 'YYYY-MM-DD, a day after today: valid to the end of that day. Required for a provisional voucher' })),
  note: Type.Optional(Text(0, 255)),
});

export const VoucherListQuery = Strict({ tenantId: Type.Optional(Id({ description: "The operator names the tenant; anyone else sees their own tenant's" })) });

const sample = { id: 1, tenantId: 2, code: 'ATR-0A1B-2C3D-4E5F', kind: 'provisional', expiresAt: '2026-12-31 23:59:59', expired: false, note: 'trial' };

export const ops = {
  kinds: operation({
    method: 'GET',
    path: '/api/admin/certi/type',
    rights: 'user',
    tag: TAG,
    summary: 'The kinds of voucher with their names in the caller\'s language',
    description: 'For the voucher form.',
    data: Type.Array(Strict({ value: VoucherKind, label: Type.String() })),
    examples: { data: [{ value: 'provisional', label: 'Provisional' }, { value: 'perpetual', label: 'Perpetual' }] },
  }),
  list: operation({
    method: 'GET',
    path: '/api/admin/user/certi',
    rights: 'user',
    tag: TAG,
    summary: "A tenant's vouchers, newest first",
    description: "The platform operator names the tenant; a tenant's super admin sees its own. Anyone else is refused 40301.",
    query: VoucherListQuery,
    data: Type.Array(Voucher),
    examples: { query: { tenantId: 2 }, data: [sample] },
  }),
  issue: operation({
    method: 'POST',
    path: '/api/admin/user/certi',
    rights: 'user',
    tag: TAG,
    summary: 'Issues a voucher to a tenant (platform operator)',
    description: 'Only the platform operator (40301 for anyone else). Refused for an unknown tenant and for a provisional voucher without an expiry day after today.',
    body: VoucherSave,
    data: Voucher,
    examples: { body: { tenantId: 2, kind: 'provisional', expiresOn: '2026-12-31', note: 'trial' }, data: sample },
  }),
  update: operation({
    method: 'PUT',
    path: '/api/admin/user/certi/:id',
    rights: 'user',
    tag: TAG,
    summary: "Changes a voucher's kind, expiry or note (platform operator)",
    description: 'Only the platform operator. Refused when the voucher is not the named tenant\'s.',
    params: IdParams,
    body: VoucherSave,
    data: Voucher,
    examples: { params: { id: 1 }, body: { tenantId: 2, kind: 'perpetual' }, data: { ...sample, kind: 'perpetual', expiresAt: '' } },
  }),
  withdraw: operation({
    method: 'DELETE',
    path: '/api/admin/user/certi/:id',
    rights: 'user',
    tag: TAG,
    summary: 'Withdraws a voucher (platform operator)',
    description: 'Only the platform operator. A tenant left without a valid voucher is no longer licensed: its users\' calls answer 40401.',
    params: IdParams,
    data: Strict({ removed: Type.Integer({ minimum: 1 }) }),
    examples: { params: { id: 1 }, data: { removed: 1 } },
  }),
};
