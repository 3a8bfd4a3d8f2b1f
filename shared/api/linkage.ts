// Linkage calls: strategy groups, strategies, quick scenes, holidays, records. Pure fetchers.
import type { PageQueryOf } from './resource.ts';
import type { Client, RequestOptions } from '../http/client.ts';
import type { ProgressKey } from './progress-types.ts';
import type {
  Holiday,
  HolidaySet,
  LinkGroup,
  LinkGroupPage,
  LinkGroupSave,
  LinkRecord,
  LinkRecordPage,
  LinkRecordQuery,
  LinkStrategy,
  LinkStrategyPage,
  LinkStrategyQuery,
  LinkStrategySave,
  QuickScene,
  QuickScenePage,
  QuickSceneSave,
} from './linkage-types.ts';

type NamePage = PageQueryOf<{ keyword?: string }>;
const signalOf = (signal?: AbortSignal): RequestOptions => (signal ? { signal } : {});

export const listLinkGroups = (c: Pick<Client, 'post'>, q: NamePage, signal?: AbortSignal) => c.post<LinkGroupPage>('/api/link/group/page', q, signalOf(signal));
export const createLinkGroup = (c: Pick<Client, 'post'>, body: LinkGroupSave) => c.post<LinkGroup>('/api/link/group', body);
export const updateLinkGroup = (c: Pick<Client, 'put'>, id: number, body: LinkGroupSave) => c.put<LinkGroup>(`/api/link/group/${id}`, body);
export const deleteLinkGroups = (c: Pick<Client, 'post'>, ids: number[]) => c.post<{ deleted: number }>('/api/link/group/delete', { ids });

export const listStrategies = (c: Pick<Client, 'post'>, q: LinkStrategyQuery, signal?: AbortSignal) => c.post<LinkStrategyPage>('/api/link/strategy/page', q, signalOf(signal));
export const createStrategy = (c: Pick<Client, 'post'>, body: LinkStrategySave) => c.post<LinkStrategy>('/api/link/strategy', body);
export const updateStrategy = (c: Pick<Client, 'put'>, id: number, body: LinkStrategySave) => c.put<LinkStrategy>(`/api/link/strategy/${id}`, body);
export const setStrategyEnabled = (c: Pick<Client, 'post'>, id: number, enabled: boolean) => c.post<LinkStrategy>(`/api/link/strategy/${id}/enabled`, { enabled });
export const deleteStrategies = (c: Pick<Client, 'post'>, ids: number[]) => c.post<{ deleted: number }>('/api/link/strategy/delete', { ids });

export const listScenes = (c: Pick<Client, 'post'>, q: NamePage, signal?: AbortSignal) => c.post<QuickScenePage>('/api/link/scene/page', q, signalOf(signal));
export const createScene = (c: Pick<Client, 'post'>, body: QuickSceneSave) => c.post<QuickScene>('/api/link/scene', body);
export const updateScene = (c: Pick<Client, 'put'>, id: number, body: QuickSceneSave) => c.put<QuickScene>(`/api/link/scene/${id}`, body);
export const deleteScenes = (c: Pick<Client, 'post'>, ids: number[]) => c.post<{ deleted: number }>('/api/link/scene/delete', { ids });
export const runScene = (c: Pick<Client, 'post'>, id: number) => c.post<ProgressKey>(`/api/link/scene/${id}/run`, {});

export const listHolidays = (c: Pick<Client, 'get'>, year: number, signal?: AbortSignal) => c.get<Holiday[]>('/api/link/holiday', { params: { year: String(year) }, ...signalOf(signal) });
export const setHoliday = (c: Pick<Client, 'put'>, body: HolidaySet) => c.put<Holiday | null>('/api/link/holiday', body);

export const listLinkRecords = (c: Pick<Client, 'post'>, q: LinkRecordQuery, signal?: AbortSignal) => c.post<LinkRecordPage>('/api/link/record/page', q, signalOf(signal));
export const getLinkRecord = (c: Pick<Client, 'get'>, id: number) => c.get<LinkRecord>(`/api/link/record/${id}`);

/** Imports an xls/xlsx list of days (date, kind, name); a bad row refuses the whole file. */
export function importHolidays(c: Pick<Client, 'post'>, file: Blob, fileName: string): Promise<{ imported: number }> {
  const form = new FormData();
  form.append('file', file, fileName);
  return c.post<{ imported: number }>('/api/link/holiday/import', form);
}
