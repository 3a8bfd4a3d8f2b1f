// Document calls (documentManager document/index). Pure fetchers; the upload reports its progress.
import type { Client, RequestOptions } from '../http/client.ts';
import { uploadForm, type UploadOptions } from '../http/upload.ts';
import type { DocumentPage, DocumentQuery, DocumentRow, DocumentSave, DocumentVersion, StagedFile } from './document-types.ts';

const signalOf = (signal?: AbortSignal): RequestOptions => (signal ? { signal } : {});

export const listDocuments = (c: Pick<Client, 'post'>, q: DocumentQuery, signal?: AbortSignal) => c.post<DocumentPage>('/api/document/page', q, signalOf(signal));
export const createDocument = (c: Pick<Client, 'post'>, body: DocumentSave) => c.post<DocumentRow>('/api/document', body);
export const updateDocument = (c: Pick<Client, 'put'>, id: number, body: DocumentSave) => c.put<DocumentRow>(`/api/document/${id}`, body);
export const deleteDocuments = (c: Pick<Client, 'post'>, ids: readonly number[]) => c.post<{ deleted: number }>('/api/document/delete', { ids });
export const listVersions = (c: Pick<Client, 'get'>, id: number) => c.get<DocumentVersion[]>(`/api/document/${id}/versions`);
/** Drops a staged upload the form will not save (the platform also drops it after an hour). */
export const cancelUpload = (c: Pick<Client, 'post'>, fileId: string) => c.post<{ removed: number }>('/api/document/upload/cancel', { fileId }, { quiet: true });
/** The file's path for downloadFile/fetchFile: a version (default the current one), inline for previews. */
export const documentFilePath = (id: number, version?: number, inline = false): string => {
  const query = [version ? `version=${version}` : '', inline ? 'inline=1' : ''].filter(Boolean).join('&');
  return `/api/document/${id}/file${query ? `?${query}` : ''}`;
};

export function uploadDocumentFile(file: File, options: UploadOptions = {}): Promise<StagedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadForm<StagedFile>('/api/document/upload', form, options);
}
