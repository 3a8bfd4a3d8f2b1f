// Third-party sign-in platforms (baseManager oauth, oauth2Manager). Pure fetchers; shapes from the
// platform's route (demo/server/routes/oauth.ts).
import type { Static } from 'typebox';
import type * as C from '../contract/oauth.ts';
import type { Client, RequestOptions } from '../http/client.ts';

// The shapes come from their declarations (shared/contract/oauth.ts): types only.
export type OauthPlatform = Static<typeof C.OauthPlatform>;
/** clientSecret: required when creating; empty when editing keeps the stored one. */
export type OauthPlatformSave = Static<typeof C.OauthPlatformSave>;
export type OauthPlatformQuery = Static<typeof C.OauthPlatformQuery>;
export type OauthPlatformPage = Static<typeof C.OauthPlatformPage>;
export type DemoProviderInfo = Static<typeof C.DemoProviderInfo>;
/** GET /jwt/oauth/platforms: a button of the sign-in page. */
export type SignInPlatform = Static<typeof C.SignInPlatform>;
/** POST /jwt/oauth/bind: the request and the token it answers (not an envelope). */
export type OauthBind = Static<typeof C.OauthBind>;
export type OauthBound = Static<typeof C.OauthBound>;

const signalOf = (signal?: AbortSignal): RequestOptions => (signal ? { signal } : {});
export const listOauthPlatforms = (c: Pick<Client, 'post'>, q: OauthPlatformQuery, signal?: AbortSignal) =>
  c.post<OauthPlatformPage>('/api/admin/oauth2/page', q, signalOf(signal));
export const createOauthPlatform = (c: Pick<Client, 'post'>, body: OauthPlatformSave) => c.post<OauthPlatform>('/api/admin/oauth2', body);
export const updateOauthPlatform = (c: Pick<Client, 'put'>, id: number, body: OauthPlatformSave) => c.put<OauthPlatform>(`/api/admin/oauth2/${id}`, body);
export const deleteOauthPlatforms = (c: Pick<Client, 'post'>, ids: readonly number[]) => c.post<{ deleted: number }>('/api/admin/oauth2/delete', { ids });
export const demoProvider = (c: Pick<Client, 'get'>) => c.get<DemoProviderInfo>('/api/admin/oauth2/demo');
