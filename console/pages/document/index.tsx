// Documents (documentManager document/index) on the resource kit: number, name, note, tags, related
// devices and one file per version. The file uploads as soon as it is chosen (progress, Cancel) and is
// checked on both sides (one file, under 50 MB, content matching its type); replacing it makes a new
// version. Search by number or name, by tag, by device. PDFs and images preview inline; every version
// downloads.
import { useState } from 'react';
import { createDocument, deleteDocuments, documentFilePath, listDocuments, updateDocument } from '../../../shared/api/document.ts';
import type { DocumentRow, DocumentSave } from '../../../shared/api/document-types.ts';
import { listDevices } from '../../../shared/api/device.ts';
import { downloadFile } from '../../../shared/http/download.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { documentSchema } from '../../../shared/validate/document.ts';
import { KEYS, required } from '../../../shared/validate/index.ts';
import { defineForm, defineResource, ResourcePage, type Option } from '../../resource/index.ts';
import * as css from './document.css.ts';
import { FileField, sizeText } from './file-field.tsx';
import { Preview } from './preview.tsx';
import './texts.ts';
import { Versions } from './versions.tsx';

const loadDevices = (): Promise<Option[]> => listDevices(http, { limit: 1000 }, { quiet: true }).then((p) => p.rows.map((d) => ({ value: String(d.id), label: `${d.code} ${d.name}` })));

/** What documentResource's row actions reach on the page: its dialogs. */
interface DocumentPage { setPreview: (row: DocumentRow | null) => void; setVersions: (row: DocumentRow | null) => void }

/** The document form declared once: documentSchema's rules and the initial values per field; a new document needs its file. */
export const documentForm = defineForm<DocumentRow, DocumentPage>({
  saves: { create: 'document.create', update: 'document.update' },
  wide: true,
  fields: (row) => [
    { kind: 'text', name: 'number', labelKey: 'documents.field.number', rules: documentSchema.number, initial: (d) => d?.number ?? '' },
    { kind: 'text', name: 'name', labelKey: 'documents.field.name', rules: documentSchema.name, initial: (d) => d?.name ?? '' },
    // An edit keeps the current file unless another is uploaded.
    { kind: 'custom', name: 'fileId', labelKey: 'documents.field.file', render: (props) => <FileField {...props} currentName={row?.fileName ?? null} />, ...(row ? {} : { rules: [required(KEYS.fileRequired)] }), as: 'text' },
    { kind: 'text', name: 'tags', labelKey: 'documents.field.tags', rules: documentSchema.tags, initial: (d) => d?.tags.join(', ') ?? '' },
    { kind: 'select', name: 'deviceIds', labelKey: 'documents.field.devices', options: loadDevices, multiple: true, initial: (d) => d?.deviceIds.map(String) ?? [], as: 'ids' },
    { kind: 'textarea', name: 'note', labelKey: 'documents.field.note', rules: documentSchema.note, initial: (d) => d?.note ?? '' },
  ],
  hints: { tags: (_, { t }) => t('documents.tagsHint') },
  save: async ({ fileId, ...rest }, d) => {
    // The file only when one was uploaded.
    const body = { ...rest, ...(fileId ? { fileId } : {}) } as DocumentSave;
    const saved = await (d ? updateDocument(http, d.id, body) : createDocument(http, body));
    notify({ kind: 'toast', level: 'success', duration: 2500, key: 'documents.saved', params: { name: saved.name } });
  },
});

export const documentResource = defineResource<DocumentRow, DocumentPage>({
  id: 'document',
  operation: 'document.page',
  titleKey: 'documents.title',
  rowKey: (d) => d.id,
  rowName: (d) => d.name,
  columns: [
    { id: 'number', headerKey: 'documents.field.number', field: 'number' },
    { id: 'name', headerKey: 'documents.field.name', field: 'name' },
    {
      id: 'file',
      headerKey: 'documents.field.file',
      field: ['fileName', 'size', 'version', 'sha256'],
      cell: (d, { t }) => (
        <span title={`SHA-256 ${d.sha256}`}>
          {d.fileName} · {sizeText(d.size)} · {t('documents.versionLabel', { version: d.version })}
        </span>
      ),
    },
    {
      id: 'tags',
      headerKey: 'documents.field.tags',
      field: 'tags',
      cell: (d) => (
        <span className={css.tags}>
          {d.tags.map((tag) => (
            <span key={tag} className={css.tag}>
              {tag}
            </span>
          ))}
        </span>
      ),
    },
    { id: 'devices', headerKey: 'documents.field.devices', field: 'deviceCodes', cell: (d) => d.deviceCodes.join(', ') },
    { id: 'note', headerKey: 'documents.field.note', field: 'note' },
    { id: 'updated', headerKey: 'documents.field.updated', field: ['updatedAt', 'updatedBy'], cell: (d) => `${d.updatedAt} · ${d.updatedBy}` },
  ],
  filters: [
    { kind: 'text', name: 'keyword', labelKey: 'documents.field.keyword' },
    { kind: 'text', name: 'tag', labelKey: 'documents.field.tag' },
    { kind: 'select', name: 'deviceId', labelKey: 'documents.field.device', options: loadDevices },
  ],
  list: (q, signal) => {
    const f = (name: string) => (typeof q.filters[name] === 'string' ? (q.filters[name] as string).trim() : '');
    return listDocuments(http, { page: q.page, limit: q.limit, ...(f('keyword') ? { keyword: f('keyword') } : {}), ...(f('tag') ? { tag: f('tag') } : {}), ...(f('deviceId') ? { deviceId: Number(f('deviceId')) } : {}) }, signal);
  },
  form: documentForm,
  remove: (rows) => deleteDocuments(http, rows.map((d) => d.id)),
  rowActions: [
    { key: 'preview', labelKey: 'documents.preview', show: (d) => d.previewable, run: (d, _reload, { page }) => page.setPreview(d) },
    { key: 'download', labelKey: 'documents.download', run: (d) => downloadFile(documentFilePath(d.id), d.fileName).catch(() => undefined) },
    { key: 'versions', labelKey: 'documents.versions', run: (d, _reload, { page }) => page.setVersions(d) },
  ],
});

export default function DocumentPage() {
  const [preview, setPreview] = useState<DocumentRow | null>(null);
  const [versions, setVersions] = useState<DocumentRow | null>(null);

  const def = documentResource;

  return (
    <div data-page="document">
      <ResourcePage def={def} page={{ setPreview, setVersions }} />
      {preview ? <Preview row={preview} onClose={() => setPreview(null)} /> : null}
      {versions ? <Versions row={versions} onClose={() => setVersions(null)} /> : null}
    </div>
  );
}
