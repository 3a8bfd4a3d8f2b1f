// Tenant calls (SPEC §7 "Users, departments, tenants"). Pure fetchers over the narrowest client.
import type { Client } from '../http/client.ts';
import type { TenantDetail } from './types.ts';

/** The tenant's name and logos; public, so the sign-in page can show them. Quiet: defaults stand in. */
export const fetchTenantDetail = (client: Pick<Client, 'get'>): Promise<TenantDetail[]> =>
  client.get<TenantDetail[]>('/api/admin/tenant/detail', { quiet: true });

export interface TenantLogos {
  main: string | null;
  small: string | null;
}

/** Only site paths (under /upload/ in practice) or https images are used; anything else falls back to the default logo. */
function logoPath(value: string | undefined): string | null {
  const v = value?.trim() ?? '';
  if (/^\/(?!\/)[^\s\\]*$/.test(v)) return v;
  if (/^https:\/\/[^\s\\]+$/i.test(v)) return v;
  return null;
}

/** logoUrl is "main;small" (SPEC §3 "Tenant info"). */
export function splitLogoUrl(logoUrl: string | null | undefined): TenantLogos {
  const [main, small] = String(logoUrl ?? '').split(';');
  return { main: logoPath(main), small: logoPath(small) };
}
