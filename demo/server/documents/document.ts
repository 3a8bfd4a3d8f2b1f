// Documents (documentManager document/index): a file is uploaded first — streamed to disk under the
// data folder while its size is counted and its SHA-256 taken, never held whole in memory — checked
// (one file, under 50 MB, content matching its type) and staged for an hour; saving the form makes it
// a document's first version, or a new version of an existing one. Number (unique in the tenant),
// name, note, tags and related devices are the document's own. Files are served only to the signed-in
// tenant, with Content-Disposition and a sandboxing CSP: nothing uploaded runs in the console's origin.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { DocumentSave } from '../../../shared/api/document-types.ts';
import { ops } from '../../../shared/contract/document.ts';
import { splitTags } from '../../../shared/validate/document.ts';
import { DOCUMENT_MAX_BYTES, KEYS } from '../../../shared/validate/index.ts';
import { route } from '../contract.ts';
import { fail, failField, ok, userOf } from '../http.ts';
import { langOf, translate, type Lang, textsOf } from '../messages.ts';
import { platformData, tenantData, type TenantData } from '../tenant-data.ts';
import {
  deleteDocuments,
  documentNumberTaken,
  documentVersions,
  expiredUploads,
  findDocument,
  forgetExpiredUploads,
  INLINE,
  insertUpload,
  listDocuments,
  removeUpload,
  stagedUpload,
  tenantDevicesAmong,
  versionFile,
  writeDocument,
  type Staged,
} from './document-data.ts';

const TEXT = {
  type: { zh: '不支持该文件类型（可上传 PDF、图片、Office 文档、文本和 zip）', en: 'This file type is not accepted (PDF, images, Office documents, text and zip are)' },
  mismatch: { zh: '文件内容与其类型 .{ext} 不符', en: 'The file’s content does not match its type .{ext}' },
  numberTaken: { zh: '文档编号已存在', en: 'The document number already exists' },
  noUpload: { zh: '上传的文件已失效，请重新上传', en: 'The uploaded file has expired; upload it again' },
  noDocument: { zh: '文档不存在', en: 'No such document' },
  noVersion: { zh: '该版本不存在', en: 'No such version' },
  noDevice: { zh: '关联的设备不存在', en: 'A related device does not exist' },
  tooManyTags: { zh: '标签最多 20 个', en: 'At most 20 tags' },
} as const satisfies Record<string, Record<Lang, string>>;

const say = textsOf(TEXT);

/** Staged uploads not saved within this time are removed. */
const STAGED_TTL_MS = 60 * 60 * 1000;
/** A multipart body carries a little more than its file: headers and boundaries. */
const MULTIPART_OVERHEAD = 64 * 1024;
const HEAD_BYTES = 8192;

// ---- file types ---------------------------------------------------------------------------------

interface Kind {
  mime: string;
  /** The content's first bytes say what it is; text kinds only need to be free of NUL bytes. */
  magic: ((head: Buffer) => boolean) | 'text';
}

const starts = (bytes: readonly number[]) => (head: Buffer) => bytes.every((b, i) => head[i] === b);
const ZIP = starts([0x50, 0x4b, 0x03, 0x04]);
const OLE = starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const JPEG = starts([0xff, 0xd8, 0xff]);

const KINDS: Readonly<Record<string, Kind>> = {
  pdf: { mime: 'application/pdf', magic: (h) => h.subarray(0, 5).toString('latin1') === '%PDF-' },
  png: { mime: 'image/png', magic: starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  jpg: { mime: 'image/jpeg', magic: JPEG },
  jpeg: { mime: 'image/jpeg', magic: JPEG },
  gif: { mime: 'image/gif', magic: (h) => /^GIF8[79]a/.test(h.subarray(0, 6).toString('latin1')) },
  webp: { mime: 'image/webp', magic: (h) => h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WEBP' },
  svg: { mime: 'image/svg+xml', magic: (h) => !h.includes(0) && /<svg[\s>]/i.test(h.toString('utf8')) },
  txt: { mime: 'text/plain', magic: 'text' },
  log: { mime: 'text/plain', magic: 'text' },
  md: { mime: 'text/markdown', magic: 'text' },
  csv: { mime: 'text/csv', magic: 'text' },
  json: { mime: 'application/json', magic: 'text' },
  html: { mime: 'text/html', magic: 'text' },
  htm: { mime: 'text/html', magic: 'text' },
  doc: { mime: 'application/msword', magic: OLE },
  xls: { mime: 'application/vnd.ms-excel', magic: OLE },
  ppt: { mime: 'application/vnd.ms-powerpoint', magic: OLE },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', magic: ZIP },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', magic: ZIP },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', magic: ZIP },
  zip: { mime: 'application/zip', magic: ZIP },
};

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** The file's MIME type from its name and content, or the refusal. */
export function fileKind(name: string, head: Buffer, lang: Lang): { mime: string } | { problem: string } {
  const ext = extensionOf(name);
  const kind = KINDS[ext];
  if (!kind) return { problem: say(lang, 'type') };
  const fits = kind.magic === 'text' ? !head.includes(0) : kind.magic(head);
  return fits ? { mime: kind.mime } : { problem: say(lang, 'mismatch', { ext }) };
}

/** A file name safe to store and to put in a header: no folders, no control characters, at most 120 characters. */
const cleanName = (name: string): string =>
  [...name.replace(/^.*[\\/]/, '')]
    .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === '"' ? '_' : c))
    .join('')
    .slice(-120) || 'file';

/** A save that passed every check, normalised. */
interface Checked {
  tags: string[];
  deviceIds: number[];
  number: string;
  staged: Staged | undefined;
}

const plugin: FastifyPluginAsync = async (app) => {
  const { config } = app.atrium;
  // Staged uploads expire whoever made them: the hourly sweep is the platform's housekeeping, not a tenant's.
  const uploads = platformData(app, "removing every tenant's staged uploads older than an hour");
  const root = join(config.dataDir, 'documents');
  const stagedDir = join(root, 'staged');
  mkdirSync(stagedDir, { recursive: true });
  const stagedPath = (fileId: string) => join(stagedDir, fileId);
  const versionPath = (tenantId: number, documentId: number, version: number) => join(root, String(tenantId), String(documentId), String(version));

  function purgeStaged(now = Date.now()): void {
    for (const fileId of expiredUploads(uploads, now - STAGED_TTL_MS)) rmSync(stagedPath(fileId), { force: true });
    forgetExpiredUploads(uploads, now - STAGED_TTL_MS);
  }

  route(app, ops.upload, async (request) => {
    const user = userOf(request);
    const lang = langOf(request);
    const tooBig = () => failField(translate(lang, KEYS.documentSize, { max: 50 }), 'file');
    // Refused before anything is read when the body alone is already too large.
    if (Number(request.headers['content-length'] ?? 0) > DOCUMENT_MAX_BYTES + MULTIPART_OVERHEAD) return tooBig();
    if (!request.isMultipart()) return failField(translate(lang, KEYS.fileRequired), 'file');
    purgeStaged();
    const fileId = randomUUID();
    const path = stagedPath(fileId);
    let received: { name: string; size: number; sha256: string; head: Buffer; truncated: boolean } | null = null;
    let refusal: string | null = null;
    try {
      for await (const part of request.parts({ limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 5 } })) {
        if (part.type !== 'file') continue;
        const hash = createHash('sha256');
        const heads: Buffer[] = [];
        let size = 0;
        let headSize = 0;
        const meter = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            size += chunk.length;
            if (headSize < HEAD_BYTES) {
              heads.push(chunk);
              headSize += chunk.length;
            }
            done(null, chunk);
          },
        });
        await pipeline(part.file, meter, createWriteStream(path));
        received = { name: cleanName(part.filename), size, sha256: hash.digest('hex'), head: Buffer.concat(heads).subarray(0, HEAD_BYTES), truncated: part.file.truncated };
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      refusal =
        code === 'FST_REQ_FILE_TOO_LARGE'
          ? translate(lang, KEYS.documentSize, { max: 50 })
          : code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT'
            ? translate(lang, KEYS.fileSingle)
            : translate(lang, KEYS.fileRequired);
    }
    const refuse = (message: string) => {
      rmSync(path, { force: true });
      return failField(message, 'file');
    };
    if (refusal) return refuse(refusal);
    if (!received || received.size === 0) return refuse(translate(lang, KEYS.fileRequired));
    if (received.truncated || received.size >= DOCUMENT_MAX_BYTES) return refuse(translate(lang, KEYS.documentSize, { max: 50 }));
    const kind = fileKind(received.name, received.head, lang);
    if ('problem' in kind) return refuse(kind.problem);
    insertUpload(tenantData(request), { file_id: fileId, userId: user.id, name: received.name, mime: kind.mime, size: received.size, sha256: received.sha256, createdAt: Date.now() });
    return ok({ fileId, name: received.name, size: received.size, mime: kind.mime, sha256: received.sha256 });
  });

  route(app, ops.cancelUpload, async (request) => {
    const user = userOf(request);
    const gone = removeUpload(tenantData(request), request.body.fileId, user.id);
    if (gone) rmSync(stagedPath(request.body.fileId), { force: true });
    return ok({ removed: gone });
  });

  route(app, ops.page, async (request) => ok(listDocuments(tenantData(request), request.body)));

  /** Checks a save beyond its fields: tags, devices, the staged file and the number's uniqueness. */
  function checkSave(request: FastifyRequest, body: DocumentSave, editing: number | null): Checked | { refusal: ReturnType<typeof failField> } {
    const user = userOf(request);
    const data = tenantData(request);
    const lang = langOf(request);
    const tags = splitTags(body.tags ?? '');
    if (tags.length > 20) return { refusal: failField(say(lang, 'tooManyTags'), 'tags') };
    const deviceIds = [...new Set(body.deviceIds ?? [])];
    if (deviceIds.length) {
      if (tenantDevicesAmong(data, deviceIds) !== deviceIds.length) return { refusal: failField(say(lang, 'noDevice'), 'deviceIds') };
    }
    const number = body.number.trim();
    if (documentNumberTaken(data, number, editing)) return { refusal: failField(say(lang, 'numberTaken'), 'number') };
    let staged: Staged | undefined;
    if (body.fileId) {
      staged = stagedUpload(data, body.fileId, user.id, Date.now() - STAGED_TTL_MS);
      if (!staged) return { refusal: failField(say(lang, 'noUpload'), 'fileId') };
    } else if (editing === null) {
      return { refusal: failField(translate(lang, KEYS.fileRequired), 'fileId') };
    }
    return { tags, deviceIds, number, staged };
  }

  /** Writes the document's own fields, tags and devices, and (with a staged file) its next version. */
  function store(data: TenantData, by: string, id: number | null, body: DocumentSave, checked: Checked): number {
    const write = { number: checked.number, name: body.name.trim(), note: (body.note ?? '').trim(), tags: checked.tags, deviceIds: checked.deviceIds, staged: checked.staged, by, now: Date.now() };
    const saved = writeDocument(data, id, write, (documentId, version) => versionPath(data.tenantId, documentId, version));
    if (checked.staged && saved.path) {
      // Last, so a failure above leaves the staged file where it was (the transaction rolls back).
      mkdirSync(join(saved.path, '..'), { recursive: true });
      renameSync(stagedPath(checked.staged.file_id), saved.path);
    }
    return saved.id;
  }

  route(app, ops.create, async (request) => {
    const data = tenantData(request);
    const checked = checkSave(request, request.body, null);
    if ('refusal' in checked) return checked.refusal;
    const id = data.tx(() => store(data, userOf(request).name, null, request.body, checked));
    return ok(findDocument(data, id)!);
  });

  route(app, ops.update, async (request) => {
    const data = tenantData(request);
    const { id } = request.params;
    if (!findDocument(data, id)) return fail(say(langOf(request), 'noDocument'));
    const checked = checkSave(request, request.body, id);
    if ('refusal' in checked) return checked.refusal;
    data.tx(() => store(data, userOf(request).name, id, request.body, checked));
    return ok(findDocument(data, id)!);
  });

  route(app, ops.remove, async (request) => {
    const data = tenantData(request);
    const ids = request.body.ids;
    const deleted = data.tx(() => deleteDocuments(data, ids));
    if (deleted === null) return fail(say(langOf(request), 'noDocument'));
    for (const id of ids) rmSync(join(root, String(data.tenantId), String(id)), { recursive: true, force: true });
    return ok({ deleted });
  });

  route(app, ops.versions, async (request) => {
    const data = tenantData(request);
    const { id } = request.params;
    if (!findDocument(data, id)) return fail(say(langOf(request), 'noDocument'));
    return ok(documentVersions(data, id));
  });

  route(
    app,
    ops.file,
    async (request, reply) => {
      const data = tenantData(request);
      const lang = langOf(request);
      const { id } = request.params;
      const doc = findDocument(data, id);
      if (!doc) return fail(say(lang, 'noDocument'));
      const version = request.query.version ?? doc.version;
      const file = versionFile(data, id, version);
      if (!file) return fail(say(lang, 'noVersion'));
      const inline = request.query.inline === '1' && INLINE.has(file.mime);
      const ascii = file.file_name.replace(/[^\x20-\x7e]/g, '_');
      reply
        .header('Content-Type', file.mime)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.file_name)}`)
        // Whatever the file is, opened directly it runs nothing and reaches nothing.
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox")
        .header('Cross-Origin-Resource-Policy', 'same-origin')
        .header('Cache-Control', 'private, no-store');
      return reply.send(createReadStream(file.path));
    },
  );
};

export default plugin;
