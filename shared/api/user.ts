// The signed-in user's own profile (SPEC §7 cur-user calls). Pure fetchers over the narrowest client.
import type { Client } from '../http/client.ts';
import type { AvatarResult, CurrentUserInfo, CurrentUserUpdate, PasswordChange } from './types.ts';
import type { UserPage, UserPageQuery } from './user-types.ts';

export const fetchCurrentUser = (client: Pick<Client, 'get'>): Promise<CurrentUserInfo> =>
  client.get<CurrentUserInfo>('/api/admin/user/cur-user/info');

export const updateCurrentUser = (client: Pick<Client, 'put'>, body: CurrentUserUpdate): Promise<CurrentUserInfo> =>
  client.put<CurrentUserInfo>('/api/admin/user/cur-user/info', body);

export const changePassword = (client: Pick<Client, 'post'>, body: PasswordChange): Promise<null> =>
  client.post<null>('/api/admin/user/cur-user/update-password', body);

/** One image file as multipart; the caller checks type and size first (shared/validate checkAvatar). */
export function uploadAvatar(client: Pick<Client, 'post'>, file: Blob, fileName: string): Promise<AvatarResult> {
  const form = new FormData();
  form.append('file', file, fileName);
  return client.post<AvatarResult>('/api/admin/user/cur-user/avatar', form);
}

export type { UserPage, UserPageQuery, UserRow } from './user-types.ts';

/** The tenant's user count: one row asked for, only the total read. Quiet: a dashboard card shows "no data" itself. */
export const countUsers = (client: Pick<Client, 'post'>): Promise<number> =>
  client.post<UserPage>('/api/admin/user/page', { page: 1, limit: 1 } satisfies UserPageQuery, { quiet: true }).then((p) => Number(p.total));
