// Documents (documentManager document/index) on the resource kit: number, name, note, tags, related
// devices and one file per version. The file uploads as soon as it is chosen (progress, Cancel) and is
// checked on both sides (one file, under 50 MB, content matching its type); replacing it makes a new
// version. Search by number or name, by tag, by device. PDFs and images preview inline; every version
// downloads.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createDocument, deleteDocuments, documentFilePath, listDocuments, updateDocument } from '../../../shared/api/document.ts';
import type { DocumentRow, DocumentSave } from '../../../shared/api/document-types.ts';
import { listDevices } from '../../../shared/api/device.ts';
import { downloadFile } from '../../../shared/http/download.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { documentSchema } from '../../../shared/validate/document.ts';
import { KEYS, required } from '../../../shared/validate/index.ts';
import { ResourcePage, type FormValues, type Option, type ResourceDef } from '../../resource/index.ts';
import * as css from './document.css.ts';
import { FileField, sizeText } from './file-field.tsx';
import { Preview } from './preview.tsx';
import './texts.ts';
import { Versions } from './versions.tsx';

const text = (v: FormValues[string] | undefined): string => (typeof v === 'string' ? v.trim() : '');
const loadDevices = (): Promise<Option[]> => listDevices(http, { limit: 1000 }, { quiet: true }).then((p) => p.rows.map((d) => ({ value: String(d.id), label: `${d.code} ${d.name}` })));

export default function DocumentPage() {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<DocumentRow | null>(null);
  const [versions, setVersions] = useState<DocumentRow | null>(null);

  const def = useMemo<ResourceDef<DocumentRow>>(
    () => ({
      id: 'document',
      titleKey: 'documents.title',
      rowKey: (d) => d.id,
      rowName: (d) => d.name,
      columns: [
        { id: 'number', headerKey: 'documents.field.number', cell: (d) => d.number },
        { id: 'name', headerKey: 'documents.field.name', cell: (d) => d.name },
        {
          id: 'file',
          headerKey: 'documents.field.file',
          cell: (d) => (
            <span title={`SHA-256 ${d.sha256}`}>
              {d.fileName} · {sizeText(d.size)} · {t('documents.versionLabel', { version: d.version })}
            </span>
          ),
        },
        {
          id: 'tags',
          headerKey: 'documents.field.tags',
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
        { id: 'devices', headerKey: 'documents.field.devices', cell: (d) => d.deviceCodes.join(', ') },
        { id: 'note', headerKey: 'documents.field.note', cell: (d) => d.note },
        { id: 'updated', headerKey: 'documents.field.updated', cell: (d) => `${d.updatedAt} · ${d.updatedBy}` },
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
      form: {
        wide: true,
        fields: (row) => [
          { kind: 'text', name: 'number', labelKey: 'documents.field.number' },
          { kind: 'text', name: 'name', labelKey: 'documents.field.name' },
          { kind: 'custom', name: 'fileId', labelKey: 'documents.field.file', render: (props) => <FileField {...props} currentName={row?.fileName ?? null} /> },
          { kind: 'text', name: 'tags', labelKey: 'documents.field.tags' },
          { kind: 'select', name: 'deviceIds', labelKey: 'documents.field.devices', options: loadDevices, multiple: true },
          { kind: 'textarea', name: 'note', labelKey: 'documents.field.note' },
        ],
        // A new document needs its file; an edit keeps the current one unless another is uploaded.
        schema: (row) => (row ? documentSchema : { ...documentSchema, fileId: [required(KEYS.fileRequired)] }),
        hints: { tags: () => t('documents.tagsHint') },
        initial: (d) => ({
          number: d?.number ?? '',
          name: d?.name ?? '',
          fileId: '',
          tags: d?.tags.join(', ') ?? '',
          deviceIds: d?.deviceIds.map(String) ?? [],
          note: d?.note ?? '',
        }),
        save: async (v, d) => {
          const body: DocumentSave = {
            number: text(v.number),
            name: text(v.name),
            note: text(v.note),
            tags: text(v.tags),
            deviceIds: (Array.isArray(v.deviceIds) ? v.deviceIds : []).map(Number),
            ...(text(v.fileId) ? { fileId: text(v.fileId) } : {}),
          };
          const saved = await (d ? updateDocument(http, d.id, body) : createDocument(http, body));
          notify({ kind: 'toast', level: 'success', duration: 2500, key: 'documents.saved', params: { name: saved.name } });
        },
      },
      remove: (rows) => deleteDocuments(http, rows.map((d) => d.id)),
      rowActions: [
        { key: 'preview', labelKey: 'documents.preview', show: (d) => d.previewable, run: (d) => setPreview(d) },
        { key: 'download', labelKey: 'documents.download', run: (d) => downloadFile(documentFilePath(d.id), d.fileName).catch(() => undefined) },
        { key: 'versions', labelKey: 'documents.versions', run: (d) => setVersions(d) },
      ],
    }),
    [t],
  );

  return (
    <div data-page="document">
      <ResourcePage def={def} />
      {preview ? <Preview row={preview} onClose={() => setPreview(null)} /> : null}
      {versions ? <Versions row={versions} onClose={() => setVersions(null)} /> : null}
    </div>
  );
}
