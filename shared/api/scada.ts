// Scada page and template calls (see scada-types.ts for the routes). Pure fetchers.
import type { Client, RequestOptions } from '../http/client.ts';
import { uploadForm, type UploadOptions } from '../http/upload.ts';
import type {
  ScadaBindings,
  ScadaDraft,
  ScadaDraftSave,
  ScadaInstantiate,
  ScadaListQuery,
  ScadaLive,
  ScadaNamed,
  ScadaPagePage,
  ScadaPageRow,
  ScadaSaved,
  ScadaTemplate,
  ScadaTemplatePage,
  ScadaTemplateRow,
  ScadaView,
} from './scada-types.ts';

const signalOf = (signal?: AbortSignal): RequestOptions => (signal ? { signal } : {});
type Query = ScadaListQuery;

export const listScadaPages = (c: Pick<Client, 'post'>, q: Query, signal?: AbortSignal) => c.post<ScadaPagePage>('/api/scada/page/page', q, signalOf(signal));
export const createScadaPage = (c: Pick<Client, 'post'>, body: ScadaNamed) => c.post<ScadaPageRow>('/api/scada/page', body);
export const renameScadaPage = (c: Pick<Client, 'put'>, id: number, body: ScadaNamed) => c.put<ScadaPageRow>(`/api/scada/page/${id}`, body);
export const loadScadaDraft = (c: Pick<Client, 'get'>, id: number, signal?: AbortSignal) => c.get<ScadaDraft>(`/api/scada/page/${id}`, signalOf(signal));
/** Quiet: the editor explains a refused save itself (a newer revision, a bad element). */
export const saveScadaDraft = (c: Pick<Client, 'put'>, id: number, body: ScadaDraftSave) => c.put<ScadaSaved>(`/api/scada/page/${id}/draft`, body, { quiet: true });
export const publishScadaPage = (c: Pick<Client, 'post'>, id: number) => c.post<ScadaPageRow>(`/api/scada/page/${id}/publish`, {});
export const duplicateScadaPage = (c: Pick<Client, 'post'>, id: number) => c.post<ScadaPageRow>(`/api/scada/page/${id}/duplicate`, {});
export const deleteScadaPages = (c: Pick<Client, 'post'>, ids: readonly number[]) => c.post<{ deleted: number }>('/api/scada/page/delete', { ids });
export const viewScadaPage = (c: Pick<Client, 'get'>, id: number, signal?: AbortSignal) => c.get<ScadaView>(`/api/scada/page/${id}/view`, { ...signalOf(signal), quiet: true });
/** The query goes in params, never in the path: the client signs params, and a query it did not sign is refused (40103). */
export const scadaLive = (c: Pick<Client, 'get'>, id: number, draft: boolean, signal?: AbortSignal) =>
  c.get<ScadaLive>(`/api/scada/page/${id}/live`, { ...signalOf(signal), quiet: true, params: { draft: draft ? 1 : 0 } });
export const scadaBindings = (c: Pick<Client, 'get'>, signal?: AbortSignal) => c.get<ScadaBindings>('/api/scada/bindings', signalOf(signal));

export function uploadScadaImage(file: File, options: UploadOptions = {}): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadForm<{ url: string }>('/api/scada/background', form, options);
}

export const listScadaTemplates = (c: Pick<Client, 'post'>, q: Query, signal?: AbortSignal) => c.post<ScadaTemplatePage>('/api/scada/template/page', q, signalOf(signal));
export const saveAsTemplate = (c: Pick<Client, 'post'>, pageId: number, name: string) => c.post<ScadaTemplateRow>('/api/scada/template', { pageId, name });
export const loadScadaTemplate = (c: Pick<Client, 'get'>, id: number) => c.get<ScadaTemplate>(`/api/scada/template/${id}`);
export const instantiateTemplate = (c: Pick<Client, 'post'>, id: number, body: ScadaInstantiate) => c.post<ScadaPageRow>(`/api/scada/template/${id}/instantiate`, body);
export const deleteScadaTemplates = (c: Pick<Client, 'post'>, ids: readonly number[]) => c.post<{ deleted: number }>('/api/scada/template/delete', { ids });
