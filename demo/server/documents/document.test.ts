// Documents: a file is streamed in, checked and staged; saving makes it a version; bad files (too big,
// two at once, content not matching the type) and bad fields are refused with nothing stored; files
// come back only to their tenant, with the headers that keep them from running in the console.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { usePlatform } from '../test-platform.ts';
import { api, signHeaders } from '../testing.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2dd2f3a0000000049454e44ae426082', 'hex');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/__test/canary")</script></svg>');

describe('documents', () => {
  const p = usePlatform();
  const { call } = p;
  const db = () => p.s.app.atrium.db;

  const upload = async (token: string, files: Array<[string, Buffer | Blob]>) => {
    const form = new FormData();
    for (const [name, data] of files) form.append('file', data instanceof Blob ? data : new Blob([new Uint8Array(data)]), name);
    return (await api(p.s.base, 'POST', '/api/document/upload', { token, form, headers: { lang: 'en' } })).body;
  };
  const file = (token: string, id: number, query: Record<string, string> = {}) => api(p.s.base, 'GET', `/api/document/${id}/file`, { token, query, headers: { lang: 'en' } });
  const staged = () => readdirSync(join(p.s.dir, 'documents', 'staged'));

  it('stores an uploaded PDF as version 1, finds it by number, name and tag, and serves it back', async () => {
    const up = await upload(p.admin, [['manual.pdf', PDF]]);
    expect(up.code).toBe(0);
    expect(up.data).toMatchObject({ name: 'manual.pdf', size: PDF.length, mime: 'application/pdf', sha256: createHash('sha256').update(PDF).digest('hex') });
    const made = await call(p.admin, 'POST', '/api/document', { number: 'DOC-001', name: 'Chiller manual', note: 'plant room', tags: 'manual, chiller, manual', fileId: up.data.fileId, deviceIds: [] });
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({ number: 'DOC-001', version: 1, tags: ['chiller', 'manual'], previewable: true, fileName: 'manual.pdf' });
    // The staged file became the version: nothing left behind.
    expect(staged()).toEqual([]);

    for (const query of [{ keyword: 'DOC-0' }, { keyword: 'chiller' }, { tag: 'manual' }]) {
      const page = (await call(p.admin, 'POST', '/api/document/page', { page: 1, limit: 10, ...query })).data;
      expect(page.rows.map((r: { number: string }) => r.number)).toEqual(['DOC-001']);
    }
    expect((await call(p.admin, 'POST', '/api/document/page', { page: 1, limit: 10, tag: 'manu' })).data.total).toBe(0);

    const got = await file(p.admin, made.data.id, { inline: '1' });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toMatch(/^inline; filename="manual.pdf"/);
    expect(got.headers.get('content-security-policy')).toContain('sandbox');
    expect(got.body).toBe(PDF.toString());
    expect((await file(p.admin, made.data.id)).headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('keeps every version when the file is replaced, and serves an old one on request', async () => {
    const first = (await upload(p.admin, [['plan.png', PNG]])).data;
    const doc = (await call(p.admin, 'POST', '/api/document', { number: 'DOC-002', name: 'Floor plan', note: '', tags: '', fileId: first.fileId, deviceIds: [] })).data;
    const second = (await upload(p.admin, [['plan-v2.pdf', PDF]])).data;
    const edited = await call(p.admin, 'PUT', `/api/document/${doc.id}`, { number: 'DOC-002', name: 'Floor plan', note: 'redrawn', tags: 'plan', fileId: second.fileId, deviceIds: [] });
    expect(edited.data).toMatchObject({ version: 2, fileName: 'plan-v2.pdf', note: 'redrawn' });
    // An edit without a file keeps the version.
    expect((await call(p.admin, 'PUT', `/api/document/${doc.id}`, { number: 'DOC-002', name: 'Floor plan B', note: '', tags: '', deviceIds: [] })).data.version).toBe(2);
    const versions = (await call(p.admin, 'GET', `/api/document/${doc.id}/versions`)).data;
    expect(versions.map((v: { version: number; fileName: string }) => [v.version, v.fileName])).toEqual([
      [2, 'plan-v2.pdf'],
      [1, 'plan.png'],
    ]);
    const old = await file(p.admin, doc.id, { version: '1' });
    expect(old.headers.get('content-type')).toBe('image/png');
    expect((await file(p.admin, doc.id, { version: '9' })).body.msg).toBe('No such version');
  });

  it('refuses a file of 50 MB and one byte, two files, and content that is not its type — storing nothing', async () => {
    const big = await upload(p.admin, [['big.pdf', new Blob([new Uint8Array(PDF), new Uint8Array(50 * 1024 * 1024 + 1 - PDF.length)])]]);
    expect(big).toMatchObject({ code: -1, msg: 'The file must be smaller than 50 MB', data: { field: 'file' } });
    const two = await upload(p.admin, [
      ['a.pdf', PDF],
      ['b.pdf', PDF],
    ]);
    expect(two.msg).toBe('Only one file can be uploaded');
    expect((await upload(p.admin, [['fake.pdf', PNG]])).msg).toBe('The file’s content does not match its type .pdf');
    expect((await upload(p.admin, [['tool.exe', PDF]])).msg).toBe('This file type is not accepted (PDF, images, Office documents, text and zip are)');
    expect((await upload(p.admin, [['empty.txt', Buffer.alloc(0)]])).code).toBe(-1);
    expect(staged()).toEqual([]);
    expect((db().prepare('SELECT COUNT(*) AS n FROM document_upload').get() as { n: number }).n).toBe(0);
  });

  it('refuses bad fields with the field named, and a number already used', async () => {
    const up = (await upload(p.admin, [['a.txt', Buffer.from('hello')]])).data;
    const save = (more: Record<string, unknown>) => call(p.admin, 'POST', '/api/document', { number: 'DOC-100', name: 'Notes', note: '', tags: '', fileId: up.fileId, deviceIds: [], ...more });
    expect(await save({ tags: 'x'.repeat(256) })).toMatchObject({ code: -1, data: { field: 'tags' } });
    expect(await save({ number: 'DOC 1{' })).toMatchObject({ code: -1, data: { field: 'number' } });
    expect(await save({ number: 'DOC-001' })).toMatchObject({ msg: 'The document number already exists', data: { field: 'number' } });
    expect(await save({ fileId: '' })).toMatchObject({ msg: expect.stringMatching(/file/i), data: { field: 'fileId' } });
    expect(await save({ deviceIds: [999999] })).toMatchObject({ msg: 'A related device does not exist', data: { field: 'deviceIds' } });
    // Refusals kept the staged file: the corrected form still saves it.
    expect((await save({})).code).toBe(0);
  });

  it('relates documents to devices and lists them by device', async () => {
    const device = db().prepare('SELECT id, code FROM device WHERE tenant_id = 1 ORDER BY id LIMIT 1').get() as { id: number; code: string };
    const up = (await upload(p.admin, [['wiring.pdf', PDF]])).data;
    const made = (await call(p.admin, 'POST', '/api/document', { number: 'DOC-200', name: 'Wiring', note: '', tags: '', fileId: up.fileId, deviceIds: [device.id] })).data;
    expect(made).toMatchObject({ deviceIds: [device.id], deviceCodes: [device.code] });
    const page = (await call(p.admin, 'POST', '/api/document/page', { page: 1, limit: 10, deviceId: device.id })).data;
    expect(page.rows.map((r: { number: string }) => r.number)).toEqual(['DOC-200']);
  });

  it('never lets an SVG or HTML file open inline, whatever the request asks', async () => {
    const up = (await upload(p.admin, [['drawing.svg', SVG]])).data;
    expect(up.mime).toBe('image/svg+xml');
    const doc = (await call(p.admin, 'POST', '/api/document', { number: 'DOC-300', name: 'Drawing', note: '', tags: '', fileId: up.fileId, deviceIds: [] })).data;
    expect(doc.previewable).toBe(false);
    const got = await file(p.admin, doc.id, { inline: '1' });
    expect(got.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(got.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('shows the second tenant none of it: no rows, no files, no staged uploads, no deletes', async () => {
    const mine = (await call(p.admin, 'POST', '/api/document/page', { page: 1, limit: 100 })).data.rows as Array<{ id: number }>;
    expect(mine.length).toBeGreaterThan(0);
    expect((await call(p.admin2, 'POST', '/api/document/page', { page: 1, limit: 100 })).data.total).toBe(0);
    expect((await file(p.admin2, mine[0]!.id)).body.msg).toBe('No such document');
    const up = (await upload(p.admin, [['x.txt', Buffer.from('x')]])).data;
    expect((await call(p.admin2, 'POST', '/api/document', { number: 'T2', name: 'Stolen', note: '', tags: '', fileId: up.fileId, deviceIds: [] })).msg).toBe('The uploaded file has expired; upload it again');
    expect((await call(p.admin2, 'POST', '/api/document/delete', { ids: [mine[0]!.id] })).msg).toBe('No such document');
    // A file's URL with no token in it: refused.
    const bare = await fetch(`${p.s.base}/api/document/${mine[0]!.id}/file`, { headers: signHeaders(null, '') });
    expect(((await bare.json()) as { code: number }).code).toBe(40101);
    await call(p.admin, 'POST', '/api/document/upload/cancel', { fileId: up.fileId });
  });

  it('deletes documents with their files', async () => {
    const rows = (await call(p.admin, 'POST', '/api/document/page', { page: 1, limit: 100 })).data.rows as Array<{ id: number }>;
    const ids = rows.map((r) => r.id);
    expect((await call(p.admin, 'POST', '/api/document/delete', { ids })).data.deleted).toBe(ids.length);
    for (const id of ids) expect(existsSync(join(p.s.dir, 'documents', '1', String(id)))).toBe(false);
    expect((db().prepare('SELECT COUNT(*) AS n FROM document_version').get() as { n: number }).n).toBe(0);
  });
});
