// Tenant management (platform operator) and tenant info (each tenant's own) calls. Pure fetchers.
import type { Page, PageQueryOf } from './resource.ts';
import type { Client, RequestOptions } from '../http/client.ts';
import { uploadForm } from '../http/upload.ts';
import type { TenantInfo, TenantInfoSave, TenantCreate, TenantRow, TenantSave, Voucher, VoucherSave } from './tenant-types.ts';

export * from './tenant-types.ts';

const signalOf = (signal?: AbortSignal): RequestOptions => (signal ? { signal } : {});

export const listTenants = (c: Pick<Client, 'get'>, q: PageQueryOf<{ keyword?: string }>, signal?: AbortSignal) =>
  c.get<Page<TenantRow>>('/api/admin/tenant/page', { ...signalOf(signal), params: { page: q.page, limit: q.limit, ...(q.keyword ? { keyword: q.keyword } : {}) } });
export const createTenant = (c: Pick<Client, 'post'>, body: TenantCreate) => c.post<TenantRow>('/api/admin/tenant', body);
export const updateTenant = (c: Pick<Client, 'put'>, id: number, body: TenantSave) => c.put<TenantRow>(`/api/admin/tenant/${id}`, body);
/** `confirm: 'delete'` removes a tenant that still holds users or devices, with all of it. */
export const deleteTenant = (c: Pick<Client, 'delete'>, id: number, confirm: string) => c.delete<{ deleted: number }>(`/api/admin/tenant/${id}`, { confirm });

export const getTenantInfo = (c: Pick<Client, 'get'>) => c.get<TenantInfo>('/api/admin/tenant/info');
export const updateTenantInfo = (c: Pick<Client, 'put'>, body: TenantInfoSave) => c.put<TenantInfo>('/api/admin/tenant/info', body);
export function uploadLogo(which: 'main' | 'small', file: File): Promise<TenantInfo> {
  const form = new FormData();
  form.append('which', which);
  form.append('file', file, file.name);
  return uploadForm<TenantInfo>('/api/admin/tenant/logo', form);
}

export const listVouchers = (c: Pick<Client, 'get'>, tenantId: number) => c.get<Voucher[]>('/api/admin/user/certi', { params: { tenantId } });
export const issueVoucher = (c: Pick<Client, 'post'>, body: VoucherSave) => c.post<Voucher>('/api/admin/user/certi', body);
export const withdrawVoucher = (c: Pick<Client, 'delete'>, id: number) => c.delete<{ removed: number }>(`/api/admin/user/certi/${id}`);
