// Relation calls; shapes in relation-types.ts.
import type { Client } from '../http/client.ts';
import type { RelatedCamera, RelationPage, RelationQuery, RelationSave } from './relation-types.ts';

export const listRelations = (client: Pick<Client, 'post'>, query: RelationQuery, signal?: AbortSignal): Promise<RelationPage> =>
  client.post<RelationPage>('/api/relation/device/page', query, signal ? { signal } : {});
export const createRelation = (client: Pick<Client, 'post'>, body: RelationSave): Promise<{ id: number }> => client.post('/api/relation/device', body);
export const deleteRelations = (client: Pick<Client, 'post'>, ids: readonly number[]): Promise<{ deleted: number }> => client.post('/api/relation/device/delete', { ids });
export const relatedCameras = (client: Pick<Client, 'get'>, deviceCode: string): Promise<RelatedCamera[]> => client.get<RelatedCamera[]>('/api/relation/cameras', { params: { deviceCode } });
