// Documents (documentManager document/index, SPEC §3 document): one file per version, number, name,
// note, tags, and the devices a document belongs to. A file is uploaded and checked first (staged),
// then a save makes it a document's version.
import Type from 'typebox';
import { LENGTHS, PATTERNS } from '../validate/text.ts';
import { operation } from './operation.ts';
import { Id, IdParams, Ids, Int, OneOf, Strict, Text, Time, PageOf, PageQueryOf } from './fields.ts';

const TAG = 'Documents';
const MAX_DEVICES = 200;

export const StagedFile = Strict({
  fileId: Type.String({ description: 'Names the staged file in the save (valid 1 hour)' }),
  name: Type.String(),
  size: Type.Integer({ minimum: 1 }),
  mime: Type.String({ description: 'The type the platform found in the content, not the one the browser claimed' }),
  sha256: Type.String(),
});

export const DocumentRow = Strict({
  id: Id(),
  number: Type.String(),
  name: Type.String(),
  note: Type.String(),
  tags: Type.Array(Type.String()),
  fileName: Type.String({ description: "The current version's file" }),
  size: Type.Integer({ minimum: 0 }),
  mime: Type.String(),
  sha256: Type.String(),
  version: Type.Integer({ minimum: 1 }),
  previewable: Type.Boolean({ description: 'Whether the console may show the file inline (PDF and raster images)' }),
  deviceIds: Type.Array(Id()),
  deviceCodes: Type.Array(Type.String()),
  updatedAt: Time(),
  updatedBy: Type.String(),
});

export const DocumentPage = PageOf(DocumentRow);

export const DocumentQuery = PageQueryOf({
  keyword: Type.Optional(Text(0, 64, { description: 'Matches the number or the name' })),
  tag: Type.Optional(Text(0, 64, { description: 'One tag, matched whole' })),
  deviceId: Type.Optional(Id({ description: 'The documents of this device' })),
});

export const DocumentSave = Strict({
  number: Type.String({ minLength: 1, maxLength: 32, pattern: PATTERNS.accountChars, 'x-rule': 'validate.account.chars', description: 'Letters, digits, _ . - (1 to 32); unique within the tenant' }),
  name: Text(1, 64),
  note: Text(LENGTHS.description[0], LENGTHS.description[1], { multiline: true }),
  tags: Text(LENGTHS.tag[0], LENGTHS.tag[1], { description: 'Comma-separated (either width), 0–255 characters in all (SPEC §5 tag), at most 20 tags' }),
  fileId: Type.Optional(Text(0, 64, { description: 'A staged upload: required for a new document; on an edit it adds a version' })),
  deviceIds: Ids(MAX_DEVICES, 0, { description: `The tenant's devices the document belongs to (at most ${MAX_DEVICES})` }),
});

export const DocumentVersion = Strict({
  version: Type.Integer({ minimum: 1 }),
  fileName: Type.String(),
  size: Type.Integer({ minimum: 0 }),
  mime: Type.String(),
  sha256: Type.String(),
  uploadedAt: Time(),
  uploadedBy: Type.String(),
});

export const DocumentFileQuery = Strict({
  version: Type.Optional(Int(1, 999_999_999, { description: 'A version (default the current one)' })),
  inline: Type.Optional(OneOf(['0', '1'] as const, { description: "'1' shows a PDF or raster image inline (previews); anything else is an attachment" })),
});

const sampleRow = {
  id: 1,
  number: 'DOC-001',
  name: 'Chiller manual',
  note: '',
  tags: ['hvac'],
  fileName: 'manual.pdf',
  size: 120_000,
  mime: 'application/pdf',
  sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  version: 1,
  previewable: true,
  deviceIds: [3],
  deviceCodes: ['CH-01'],
  updatedAt: '2026-05-01 08:00:00',
  updatedBy: 'Administrator',
};

export const ops = {
  upload: operation({
    method: 'POST',
    path: '/api/document/upload',
    rights: { menu: 'documentManager' },
    tag: TAG,
    summary: 'Uploads and checks a file, staged for the save that makes it a version',
    description:
      "multipart/form-data with one file part named file, at most 50 MB. The platform reads the type from the content (not the browser's claim) and refuses a type it does not keep, an empty file, more than one file or a larger one; the refusal names the field file. A staged file is kept 1 hour.",
    data: StagedFile,
    examples: { data: { fileId: '6f1c1f9e-8a0e-4f7a-9d55-0b1f3c2e1a11', name: 'manual.pdf', size: 120_000, mime: 'application/pdf', sha256: sampleRow.sha256 } },
  }),
  cancelUpload: operation({
    method: 'POST',
    path: '/api/document/upload/cancel',
    rights: { menu: 'documentManager' },
    tag: TAG,
    summary: 'Drops a staged upload the form will not save',
    description: "Only the caller's own staged files; the answer says how many were dropped (0 when it was gone already).",
    body: Strict({ fileId: Text(1, 64) }),
    data: Strict({ removed: Type.Integer({ minimum: 0 }) }),
    examples: { body: { fileId: '6f1c1f9e-8a0e-4f7a-9d55-0b1f3c2e1a11' }, data: { removed: 1 } },
  }),
  page: operation({
    method: 'POST',
    path: '/api/document/page',
    rights: { menu: 'documentManager' },
    tag: TAG,
    summary: "The tenant's documents, last changed first, paged",
    description: 'Filtered by text in the number or name, one tag, or a device.',
    body: DocumentQuery,
    data: DocumentPage,
    examples: { body: { page: 1, limit: 20, tag: 'hvac' }, data: { rows: [sampleRow], total: 1 } },
  }),
  create: operation({
    method: 'POST',
    path: '/api/document',
    rights: { menu: 'documentManager' },
    tag: TAG,
    summary: 'Adds a document with its first version (a staged file)',
    description: "Refused for a number in use, more than 20 tags, a device that is not the tenant's, or a staged file that is missing, expired or not the caller's; the refusal names the field.",
    body: DocumentSave,
    data: DocumentRow,
    examples: { body: { number: 'DOC-001', name: 'Chiller manual', note: '', tags: 'hvac', fileId: '6f1c1f9e-8a0e-4f7a-9d55-0b1f3c2e1a11', deviceIds: [3] }, data: sampleRow },
  }),
  update: operation({
    method: 'PUT',
    path: '/api/document/:id',
    rights: { menu: 'documentManager' },
    tag: TAG,
    summary: 'Changes a document; a staged file adds its next version',
    description: "The same checks as adding; without fileId the current version stays. Refused when the document is not the tenant's.",
    params: IdParams,
    body: DocumentSave,
    data: DocumentRow,
    examples: { params: { id: 1 }, body: { number: 'DOC-001', name: 'Chiller manual (2026)', note: '', tags: 'hvac', deviceIds: [3] }, data: sampleRow },
  }),
  remove: operation({
    method: 'POST',
    path: '/api/document/delete',
    rights: { menu: 'documentManager' },
    tag: TAG,
    summary: 'Deletes documents with all their versions and files',
    description: "All or none: an id that is not the tenant's refuses the request and nothing is deleted.",
    body: Strict({ ids: Ids() }),
    data: Strict({ deleted: Type.Integer({ minimum: 0 }) }),
    examples: { body: { ids: [1] }, data: { deleted: 1 } },
  }),
  versions: operation({
    method: 'GET',
    path: '/api/document/:id/versions',
    rights: { menu: 'documentManager' },
    tag: TAG,
    summary: "A document's versions, newest first",
    description: "Refused when the document is not the tenant's.",
    params: IdParams,
    data: Type.Array(DocumentVersion),
    examples: { params: { id: 1 }, data: [{ version: 1, fileName: 'manual.pdf', size: 120_000, mime: 'application/pdf', sha256: sampleRow.sha256, uploadedAt: '2026-05-01 08:00:00', uploadedBy: 'Administrator' }] },
  }),
  file: operation({
    method: 'GET',
    path: '/api/document/:id/file',
    rights: { menu: 'documentManager' },
    tag: TAG,
    summary: "A document's file (a version, by default the current one)",
    description:
      "Answers the file itself, not an envelope: its type, as an attachment or (inline=1, PDF and raster images) inline, under a sandboxing content security policy. Refused with an envelope when the document or version is not the tenant's.",
    params: IdParams,
    query: DocumentFileQuery,
    data: Type.Never({ description: 'On success the answer is the file, not an envelope' }),
    produces: 'application/octet-stream',
    examples: { params: { id: 1 }, query: { version: 1, inline: '1' } },
  }),
};
