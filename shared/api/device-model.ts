// Device model calls (devmng/config); shapes in device-model-types.ts.
import type { PageQuery } from './resource.ts';
import type { Client } from '../http/client.ts';
import type { DeviceCategory, ModelOption, ModelPage, ModelQuery, ModelSave, ParamPage, ParamRow, ParamSave } from './device-model-types.ts';

export const listCategories = (client: Pick<Client, 'get'>): Promise<DeviceCategory[]> => client.get<DeviceCategory[]>('/api/device/category');
export const createCategory = (client: Pick<Client, 'post'>, name: string): Promise<{ id: number }> => client.post('/api/device/category', { name });
export const renameCategory = (client: Pick<Client, 'put'>, id: number, name: string): Promise<{ id: number }> => client.put(`/api/device/category/${id}`, { name });
export const deleteCategory = (client: Pick<Client, 'delete'>, id: number): Promise<{ deleted: number }> => client.delete(`/api/device/category/${id}`);

export const listModels = (client: Pick<Client, 'post'>, query: ModelQuery, signal?: AbortSignal): Promise<ModelPage> =>
  client.post<ModelPage>('/api/device/model/page', query, signal ? { signal } : {});
export const allModels = (client: Pick<Client, 'get'>): Promise<ModelOption[]> => client.get<ModelOption[]>('/api/device/model/all');
export const createModel = (client: Pick<Client, 'post'>, body: ModelSave): Promise<{ id: number }> => client.post('/api/device/model', body);
export const updateModel = (client: Pick<Client, 'put'>, id: number, body: ModelSave): Promise<{ id: number }> => client.put(`/api/device/model/${id}`, body);
export const deleteModels = (client: Pick<Client, 'post'>, ids: readonly number[]): Promise<{ deleted: number }> => client.post('/api/device/model/delete', { ids });

export const listParams = (client: Pick<Client, 'post'>, modelId: number, page: PageQuery, signal?: AbortSignal): Promise<ParamPage> =>
  client.post<ParamPage>(`/api/device/model/${modelId}/param/page`, page, signal ? { signal } : {});
export const createParam = (client: Pick<Client, 'post'>, modelId: number, body: ParamSave): Promise<ParamRow> => client.post(`/api/device/model/${modelId}/param`, body);
export const updateParam = (client: Pick<Client, 'put'>, id: number, body: ParamSave): Promise<ParamRow> => client.put(`/api/device/model/param/${id}`, body);
export const deleteParams = (client: Pick<Client, 'post'>, ids: readonly number[]): Promise<{ deleted: number }> => client.post('/api/device/model/param/delete', { ids });
