// The tenant's name and logos (SPEC §3 "Tenant info"): the name is the page title, the logos replace
// the defaults. Loaded before sign-in (the default tenant) and again after it (the user's tenant).
import { proxy } from 'valtio/vanilla';
import { fetchTenantDetail, splitLogoUrl } from '../../shared/api/tenant.ts';
import { http } from '../../shared/http/index.ts';
import { kitConfig } from '../../shared/kit.ts';

export interface TenantState {
  name: string;
  mainLogo: string | null;
  smallLogo: string | null;
}

export const tenant = proxy<TenantState>({ name: '', mainLogo: null, smallLogo: null });

const withBase = (path: string | null): string | null =>
  path === null || /^https:/i.test(path) ? path : kitConfig.apiBase.replace(/\/$/, '') + path;

/** Without an answer the defaults stay: the sign-in page must work even when this call fails. */
export async function loadTenant(): Promise<void> {
  try {
    const list = await fetchTenantDetail(http);
    const first = list[0];
    if (!first) return;
    const logos = splitLogoUrl(first.logoUrl);
    tenant.name = typeof first.name === 'string' ? first.name : '';
    tenant.mainLogo = withBase(logos.main);
    tenant.smallLogo = withBase(logos.small);
  } catch {
    /* defaults stay */
  }
}
