// The signed-in user's own profile in the database (people/current-user.ts): read and edit through the
// user's tenant ($tenant); whether a phone is another account's, across the platform (phones are the
// SMS sign-in name), through the Db platformData hands the route.
import type { CurrentUserInfo } from '../../../shared/api/types.ts';
import type { Db } from '../db.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

/** The signed-in user as the API answers them (user u, tenant t). */
const PROFILE = shape<CurrentUserInfo>({
  id: col.value('u.id'),
  username: col.value('u.username'),
  name: col.value('u.name'),
  phone: col.value('u.phone'),
  email: col.value('u.email'),
  description: col.value('loc(u.description, u.description_en)'),
  avatar: col.value('u.avatar'),
  tenantId: col.value('u.tenant_id'),
  tenantName: col.value('t.name'),
});

/** A user's profile as answered. */
export function profileOf(data: TenantData, id: number): CurrentUserInfo | undefined {
  const row = data.get(`SELECT ${PROFILE.select} FROM user u JOIN tenant t ON t.id = u.tenant_id WHERE u.id = ? AND u.tenant_id = $tenant`, id);
  return row && PROFILE.read(row);
}

/** Whether another account of the platform (not `userId`) holds this phone (prepared once). */
export function phoneOwners(db: Db): (phone: string, userId: number) => boolean {
  const owner = db.prepare('SELECT id FROM user WHERE phone = ? AND id <> ?');
  return (phone, userId) => owner.get(phone, userId) !== undefined;
}

export const updateProfile = (data: TenantData, id: number, name: string, phone: string, email: string): void =>
  void data.run('UPDATE user SET name = ?, phone = ?, email = ? WHERE id = ? AND tenant_id = $tenant', name, phone, email, id);

/** A user's stored password hash. */
export const passwordHashOf = (data: TenantData, id: number): string | undefined =>
  data.get<{ password_hash: string }>('SELECT password_hash FROM user WHERE id = ? AND tenant_id = $tenant', id)?.password_hash;

export const setAvatar = (data: TenantData, id: number, avatar: string): void => void data.run('UPDATE user SET avatar = ? WHERE id = ? AND tenant_id = $tenant', avatar, id);
