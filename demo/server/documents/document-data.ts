// The documents' data (issue 39): every statement on document, document_version, document_tag,
// document_device and document_upload, as named functions over a tenant's data (or, for the hourly
// sweep of every tenant's staged uploads, the platform's database). The routes in document.ts check
// requests, move files and answer; nothing here knows about requests, languages or files on disk.
import type { DocumentPage, DocumentQuery, DocumentRow, DocumentVersion } from '../../../shared/api/document-types.ts';
import type { Db } from '../db.ts';
import { deleteTenantRows, inList, likePattern, offsetOf } from '../resource.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

/** Types the console shows inline; everything else (SVG and HTML above all) is only ever downloaded. */
export const INLINE: ReadonlySet<string> = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);

const DEVICES_OF_DOC = 'FROM document_device dd JOIN device dv ON dv.id = dd.device_id AND dv.tenant_id = d.tenant_id WHERE dd.document_id = d.id';

/** A document as the API answers it (document d at its current version v); bound devices in id order. */
const DOCUMENT = shape<DocumentRow>({
  id: col.value('d.id'),
  number: col.value('d.number'),
  name: col.value('d.name'),
  note: col.value('d.note'),
  tags: col.gather('t.tag', 'FROM document_tag t WHERE t.document_id = d.id', 't.tag'),
  fileName: col.value('v.file_name'),
  size: col.value('v.size'),
  mime: col.value('v.mime'),
  sha256: col.value('v.sha256'),
  version: col.value('d.version'),
  previewable: col.calc('v.mime', (mime) => INLINE.has(String(mime))),
  deviceIds: col.gatherIds('dd.device_id', DEVICES_OF_DOC, 'dd.device_id'),
  deviceCodes: col.gather('dv.code', DEVICES_OF_DOC, 'dd.device_id'),
  updatedAt: col.time('d.updated_at'),
  updatedBy: col.value('d.updated_by'),
});

const SELECT = `SELECT ${DOCUMENT.select} FROM document d JOIN document_version v ON v.document_id = d.id AND v.version = d.version`;

/** A stored version as the API answers it (document_version). */
const VERSION = shape<DocumentVersion>({
  version: col.value('version'),
  fileName: col.value('file_name'),
  size: col.value('size'),
  mime: col.value('mime'),
  sha256: col.value('sha256'),
  uploadedAt: col.time('uploaded_at'),
  uploadedBy: col.value('uploaded_by'),
});

/** An upload checked and staged, waiting for the save that makes it a version (document_upload). */
export interface Staged {
  file_id: string;
  name: string;
  mime: string;
  size: number;
  sha256: string;
}

// ---- staged uploads -----------------------------------------------------------------------------

/** Every tenant's staged uploads made before `before` (ms): their file ids. */
export const expiredUploads = (db: Db, before: number): string[] =>
  db.prepare('SELECT file_id FROM document_upload WHERE created_at < ?').all<{ file_id: string }>(before).map(({ file_id }) => file_id);

/** Forgets every tenant's staged uploads made before `before` (ms). */
export const forgetExpiredUploads = (db: Db, before: number): void => void db.prepare('DELETE FROM document_upload WHERE created_at < ?').run(before);

/** Records a staged upload of the tenant's user. */
export function insertUpload(td: TenantData, upload: Staged & { userId: number; createdAt: number }): void {
  td.run(
    'INSERT INTO document_upload (file_id, tenant_id, user_id, name, mime, size, sha256, created_at) VALUES (?, $tenant, ?, ?, ?, ?, ?, ?)',
    upload.file_id,
    upload.userId,
    upload.name,
    upload.mime,
    upload.size,
    upload.sha256,
    upload.createdAt,
  );
}

/** Forgets the user's staged upload: how many rows went (0 when it was not theirs or not there). */
export const removeUpload = (td: TenantData, fileId: string, userId: number): number =>
  Number(td.run('DELETE FROM document_upload WHERE file_id = ? AND tenant_id = $tenant AND user_id = ?', fileId, userId).changes);

/** The user's staged upload made at or after `since` (ms), or undefined. */
export const stagedUpload = (td: TenantData, fileId: string, userId: number, since: number): Staged | undefined =>
  td.get<Staged>('SELECT file_id, name, mime, size, sha256 FROM document_upload WHERE file_id = ? AND tenant_id = $tenant AND user_id = ? AND created_at >= ?', fileId, userId, since);

// ---- documents ----------------------------------------------------------------------------------

/** The tenant's document at its current version, or undefined. */
export function findDocument(td: TenantData, id: number): DocumentRow | undefined {
  const row = td.get(`${SELECT} WHERE d.tenant_id = $tenant AND d.id = ?`, id);
  return row && DOCUMENT.read(row);
}

/** A page of the tenant's documents (text in the number or name, one tag, a device), last changed first. */
export function listDocuments(td: TenantData, q: DocumentQuery): DocumentPage {
  const where = ['d.tenant_id = $tenant'];
  const args: Array<string | number> = [];
  const keyword = q.keyword?.trim();
  if (keyword) {
    where.push("(d.number LIKE ? ESCAPE '\\' OR d.name LIKE ? ESCAPE '\\')");
    args.push(likePattern(keyword), likePattern(keyword));
  }
  const tag = q.tag?.trim();
  if (tag) {
    where.push('EXISTS (SELECT 1 FROM document_tag t WHERE t.document_id = d.id AND t.tag = ?)');
    args.push(tag);
  }
  if (q.deviceId) {
    where.push('EXISTS (SELECT 1 FROM document_device dd WHERE dd.document_id = d.id AND dd.device_id = ?)');
    args.push(q.deviceId);
  }
  const sql = where.join(' AND ');
  const total = td.get<{ n: number }>(`SELECT COUNT(*) AS n FROM document d WHERE ${sql}`, ...args)!.n;
  const rows = td.all(`${SELECT} WHERE ${sql} ORDER BY d.updated_at DESC, d.id DESC LIMIT ? OFFSET ?`, ...args, q.limit, offsetOf(q));
  return { rows: DOCUMENT.all(rows), total };
}

/** How many of these (distinct) device ids are the tenant's devices. */
export const tenantDevicesAmong = (td: TenantData, deviceIds: readonly number[]): number =>
  td.get<{ n: number }>(`SELECT COUNT(*) AS n FROM device WHERE tenant_id = $tenant AND id IN (${inList(deviceIds.length)})`, ...deviceIds)!.n;

/** Whether another of the tenant's documents than `exceptId` (null: any) has this number. */
export function documentNumberTaken(td: TenantData, number: string, exceptId: number | null): boolean {
  const taken = td.get<{ id: number }>('SELECT id FROM document WHERE tenant_id = $tenant AND number = ?', number);
  return !!taken && taken.id !== exceptId;
}

/** A document's own fields, tags and devices, and the staged upload that becomes its next version (if any). */
export interface DocumentWrite {
  number: string;
  name: string;
  note: string;
  tags: readonly string[];
  deviceIds: readonly number[];
  staged: Staged | undefined;
  by: string;
  now: number;
}

/**
 * Writes a new document (id null: version 1) or an existing one (its version moves on only with a
 * staged upload): its fields, tags, devices and (with a staged upload) the version row, stored at
 * `pathOf(documentId, version)`, and the staged upload forgotten. Answers the document's id and the
 * new version's path (null without a staged upload). Run it inside td.tx with the file's move.
 */
export function writeDocument(td: TenantData, id: number | null, w: DocumentWrite, pathOf: (documentId: number, version: number) => string): { id: number; path: string | null } {
  let documentId = id;
  let version: number;
  if (documentId === null) {
    version = 1;
    documentId = Number(td.run('INSERT INTO document (tenant_id, number, name, note, version, updated_at, updated_by) VALUES ($tenant, ?, ?, ?, 1, ?, ?)', w.number, w.name, w.note, w.now, w.by).lastInsertRowid);
  } else {
    const current = td.get<{ version: number }>('SELECT version FROM document WHERE id = ? AND tenant_id = $tenant', documentId)!.version;
    version = w.staged ? current + 1 : current;
    td.run('UPDATE document SET number = ?, name = ?, note = ?, version = ?, updated_at = ?, updated_by = ? WHERE id = ? AND tenant_id = $tenant', w.number, w.name, w.note, version, w.now, w.by, documentId);
  }
  td.run('DELETE FROM document_tag WHERE document_id = ?', documentId);
  for (const tag of w.tags) td.run('INSERT INTO document_tag (document_id, tag) VALUES (?, ?)', documentId, tag);
  td.run('DELETE FROM document_device WHERE document_id = ?', documentId);
  for (const device of w.deviceIds) td.run('INSERT INTO document_device (document_id, device_id) VALUES (?, ?)', documentId, device);
  if (!w.staged) return { id: documentId, path: null };
  const s = w.staged;
  const path = pathOf(documentId, version);
  td.run(
    'INSERT INTO document_version (tenant_id, document_id, version, file_name, mime, size, sha256, path, uploaded_at, uploaded_by) VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    documentId,
    version,
    s.name,
    s.mime,
    s.size,
    s.sha256,
    path,
    w.now,
    w.by,
  );
  td.run('DELETE FROM document_upload WHERE file_id = ? AND tenant_id = $tenant', s.file_id);
  return { id: documentId, path };
}

/** Deletes the tenant's documents by id, all or none: null when any id is not the tenant's, else how many went. */
export const deleteDocuments = (td: TenantData, ids: readonly number[]): number | null => deleteTenantRows(td, 'document', ids);

/** A document's stored versions, newest first. */
export const documentVersions = (td: TenantData, id: number): DocumentVersion[] =>
  VERSION.all(td.all(`SELECT ${VERSION.select} FROM document_version WHERE document_id = ? AND tenant_id = $tenant ORDER BY version DESC`, id));

/** Where one version of the tenant's document is stored, and what it is; undefined when there is no such version. */
export const versionFile = (td: TenantData, id: number, version: number): { file_name: string; mime: string; size: number; path: string } | undefined =>
  td.get<{ file_name: string; mime: string; size: number; path: string }>('SELECT file_name, mime, size, path FROM document_version WHERE document_id = ? AND tenant_id = $tenant AND version = ?', id, version);
