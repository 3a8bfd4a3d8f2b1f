// Tenant and voucher shapes shared by the console and the demo platform (types and value lists only;
// the fetchers are in tenant-admin.ts). The shapes come from their declarations (shared/contract/tenant.ts,
// shared/contract/voucher.ts), types only.
import type { Static } from 'typebox';
import type * as T from '../contract/tenant.ts';
import type * as V from '../contract/voucher.ts';

export const TENANT_TYPES = ['enterprise', 'personal'] as const;
export const VOUCHER_KINDS = ['provisional', 'perpetual'] as const;

export type TenantRow = Static<typeof T.TenantRow>;
export type TenantInfo = Static<typeof T.TenantInfo>;
export type TenantSave = Static<typeof T.TenantSave>;
export type TenantInfoSave = Static<typeof T.TenantInfoSave>;
export type TenantCreate = Static<typeof T.TenantCreate>;

/** A voucher and its request. */
export type Voucher = Static<typeof V.Voucher>;
export type VoucherSave = Static<typeof V.VoucherSave>;
