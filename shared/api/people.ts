// Users, departments and role groups (SPEC §7). Pure fetchers over the narrowest client they need.
import type { Client } from '../http/client.ts';
import type { ProgressKey } from './progress-types.ts';
import type { Department, DepartmentSave, Role, RoleSave, UserCreate, UserPage, UserPageQuery, UserRoles, UserRow, UserUpdate } from './user-types.ts';

export const listUsers = (client: Pick<Client, 'post'>, query: UserPageQuery, signal?: AbortSignal): Promise<UserPage> =>
  client.post<UserPage>('/api/admin/user/page', query, signal ? { signal } : {});

/** Whether an account name is taken (it is unique across the platform). */
export const accountExists = (client: Pick<Client, 'get'>, name: string): Promise<boolean> =>
  client.get<{ exists: boolean }>(`/api/admin/user/name/${encodeURIComponent(name)}`, { quiet: true }).then((r) => r.exists);

export const createUser = (client: Pick<Client, 'post'>, body: UserCreate): Promise<UserRow> => client.post<UserRow>('/api/admin/user', body);

export const updateUser = (client: Pick<Client, 'put'>, id: number, body: UserUpdate): Promise<UserRow> => client.put<UserRow>(`/api/admin/user/${id}`, body);

export const setUserRoles = (client: Pick<Client, 'put'>, id: number, body: UserRoles): Promise<UserRow> => client.put<UserRow>(`/api/admin/user/roles/${id}`, body);

/** Deletes users of the caller's tenant, all or none. */
export const deleteUsers = (client: Pick<Client, 'delete'>, tenantId: number, ids: readonly number[]): Promise<{ deleted: number }> =>
  client.delete(`/api/admin/user/${tenantId}/${ids.join(',')}`);

export const departmentTree = (client: Pick<Client, 'post'>): Promise<Department[]> => client.post<Department[]>('/api/admin/user/dep/page', {});

export const createDepartment = (client: Pick<Client, 'post'>, body: DepartmentSave): Promise<{ id: number }> => client.post('/api/admin/user/dep', body);

export const updateDepartment = (client: Pick<Client, 'put'>, body: DepartmentSave & { id: number }): Promise<{ id: number }> => client.put('/api/admin/user/dep', body);

export const deleteDepartment = (client: Pick<Client, 'delete'>, id: number): Promise<{ deleted: number }> => client.delete(`/api/admin/user/dep/${id}`);

/** Starts an export of the users the filter matches (background task). */
export const exportUsers = (client: Pick<Client, 'post'>, query: Omit<UserPageQuery, 'page' | 'limit'>): Promise<ProgressKey> =>
  client.post<ProgressKey>('/api/admin/user/dep/exportPage', query);

/** Starts an import of an xls/xlsx file of users (background task). */
export function importUsers(client: Pick<Client, 'post'>, file: Blob, fileName: string, skipBad: boolean): Promise<ProgressKey> {
  const form = new FormData();
  form.append('skipBad', String(skipBad));
  form.append('file', file, fileName);
  return client.post<ProgressKey>('/api/admin/user/dep/importUser/import', form);
}

export const USER_IMPORT_TEMPLATE = '/api/admin/user/dep/importUser/template';

export const listRoles = (client: Pick<Client, 'get'>): Promise<Role[]> => client.get<Role[]>('/api/admin/group/roles');

export const saveRole = (client: Pick<Client, 'put'>, body: RoleSave): Promise<Role> => client.put<Role>('/api/admin/group/role', body);

export const copyRole = (client: Pick<Client, 'post'>, id: number): Promise<Role> => client.post<Role>(`/api/admin/group/roles/copy/${id}`, {});

export const deleteRole = (client: Pick<Client, 'delete'>, id: number): Promise<{ deleted: number }> => client.delete(`/api/admin/group/role/${id}`);

export const roleMembers = (client: Pick<Client, 'post'>, roleId: number): Promise<UserRow[]> => client.post<UserRow[]>('/api/admin/user/group', { roleId });
