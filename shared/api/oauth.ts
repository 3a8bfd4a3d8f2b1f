// Third-party sign-in platforms (baseManager oauth, oauth2Manager). Pure fetchers; shapes from the
// platform's route (demo/server/routes/oauth.ts).
import type { Client, RequestOptions } from '../http/client.ts';

export interface OauthPlatform {
  id: number;
  name: string;
  clientId: string;
  hasSecret: boolean;
  issuer: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scopes: string;
  enabled: boolean;
  bindings: number;
  createdAt: string;
}

export interface OauthPlatformSave {
  name: string;
  clientId: string;
  /** Required when creating; empty when editing keeps the stored one. */
  clientSecret?: string;
  issuer: string;
  authorizeUrl?: string;
  tokenUrl?: string;
  userinfoUrl?: string;
  scopes: string;
  enabled: boolean;
}

export interface DemoProviderInfo {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
}

const signalOf = (signal?: AbortSignal): RequestOptions => (signal ? { signal } : {});
export const listOauthPlatforms = (c: Pick<Client, 'post'>, q: { page: number; limit: number; keyword?: string }, signal?: AbortSignal) =>
  c.post<{ rows: OauthPlatform[]; total: number }>('/api/admin/oauth2/page', q, signalOf(signal));
export const createOauthPlatform = (c: Pick<Client, 'post'>, body: OauthPlatformSave) => c.post<OauthPlatform>('/api/admin/oauth2', body);
export const updateOauthPlatform = (c: Pick<Client, 'put'>, id: number, body: OauthPlatformSave) => c.put<OauthPlatform>(`/api/admin/oauth2/${id}`, body);
export const deleteOauthPlatforms = (c: Pick<Client, 'post'>, ids: readonly number[]) => c.post<{ deleted: number }>('/api/admin/oauth2/delete', { ids });
export const demoProvider = (c: Pick<Client, 'get'>) => c.get<DemoProviderInfo>('/api/admin/oauth2/demo');
