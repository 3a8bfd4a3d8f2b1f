// The document form declared once (console/pages/document/index.tsx documentForm): the body it sends
// — device ids as numbers, the staged file only when one was uploaded — and documentSchema's messages,
// with the file required for a new document only.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentRow } from '../../../shared/api/document-types.ts';
import { envOf, messagesOf, recordRequests, send, valuesOf } from '../../resource/form-test.ts';
import { documentForm } from './index.tsx';

const env = envOf({ setPreview: () => undefined, setVersions: () => undefined });
const doc: DocumentRow = {
  id: 8,
  number: 'DOC-1',
  name: 'Manual',
  note: 'old',
  tags: ['hvac', 'pump'],
  fileName: 'm.pdf',
  size: 10,
  mime: 'application/pdf',
  sha256: 'x',
  version: 1,
  previewable: true,
  deviceIds: [3],
  deviceCodes: ['FCU-3'],
  updatedAt: '',
  updatedBy: '',
};
const saved = (url: string) => (url.startsWith('/api/document') ? { ...doc, name: 'Manual' } : null);

afterEach(() => vi.unstubAllGlobals());

describe('the document form', () => {
  it('creates a document with its staged file and the chosen devices as numbers', async () => {
    const sent = recordRequests(saved);
    const values = valuesOf(documentForm, null, env, { number: ' DOC-2 ', name: ' Chiller ', fileId: 'f-1', tags: ' hvac, 冷机 ', deviceIds: ['3', '12'], note: ' n ' });
    expect(await send(documentForm, null, env, values, sent)).toEqual([
      { method: 'POST', url: '/api/document', body: { number: 'DOC-2', name: 'Chiller', fileId: 'f-1', tags: 'hvac, 冷机', deviceIds: [3, 12], note: 'n' } },
    ]);
  });

  it('saves an edit without a file unless another was uploaded', async () => {
    const sent = recordRequests(saved);
    const values = valuesOf(documentForm, doc, env);
    expect(values).toEqual({ number: 'DOC-1', name: 'Manual', fileId: '', tags: 'hvac, pump', deviceIds: ['3'], note: 'old' });
    expect(await send(documentForm, doc, env, values, sent)).toEqual([{ method: 'PUT', url: '/api/document/8', body: { number: 'DOC-1', name: 'Manual', tags: 'hvac, pump', deviceIds: [3], note: 'old' } }]);
    expect((await send(documentForm, doc, env, { ...values, fileId: 'f-2' }, sent))[0]!.body).toMatchObject({ fileId: 'f-2' });
  });

  it('gives documentSchema’s messages; only a new document needs its file', () => {
    expect(messagesOf(documentForm, null, env, valuesOf(documentForm, null, env, { number: 'DOC-3', name: '' }))).toEqual({
      name: ['此项为必填项', 'This field is required'],
      fileId: ['请选择文件', 'Please choose a file'],
    });
    expect(messagesOf(documentForm, doc, env, valuesOf(documentForm, doc, env))).toEqual({});
  });
});
