// The documents' data module on its own (issue 39): its functions run on a started platform's database
// without a request, and a tenant's data sees only that tenant's documents, uploads and devices.
import { describe, expect, it } from 'vitest';
import { usePlatform } from '../test-platform.ts';
import { tenantDataOf } from '../tenant-data.ts';
import {
  deleteDocuments,
  documentNumberTaken,
  documentVersions,
  findDocument,
  insertUpload,
  listDocuments,
  stagedUpload,
  tenantDevicesAmong,
  versionFile,
  writeDocument,
} from './document-data.ts';

describe('document data', () => {
  const p = usePlatform();
  const tenant = (id: number) => tenantDataOf(p.s.app.atrium.db, id);

  /** A document of the tenant made the way a save makes one: a staged upload, then its first version. */
  const make = (tenantId: number, number: string) => {
    const td = tenant(tenantId);
    const fileId = `file-${tenantId}-${number}`;
    insertUpload(td, { file_id: fileId, userId: 1, name: `${number}.pdf`, mime: 'application/pdf', size: 10, sha256: 'ab', createdAt: Date.now() });
    const staged = stagedUpload(td, fileId, 1, 0);
    expect(staged).toMatchObject({ file_id: fileId, name: `${number}.pdf` });
    return td.tx(() => writeDocument(td, null, { number, name: `Manual ${number}`, note: '', tags: ['hvac'], deviceIds: [], staged, by: 'test', now: Date.now() }, (d, v) => `/nowhere/${tenantId}/${d}/${v}`));
  };

  it("lists, finds and writes one tenant's documents; the other tenant's data sees none of them", () => {
    const one = make(1, 'DATA-1');
    const two = make(2, 'DATA-1');
    expect(one.path).toBe(`/nowhere/1/${one.id}/1`);

    const listed = (tenantId: number) => listDocuments(tenant(tenantId), { page: 1, limit: 100, tag: 'hvac' }).rows.map((r) => r.id);
    expect(listed(1)).toEqual([one.id]);
    expect(listed(2)).toEqual([two.id]);
    expect(listDocuments(tenant(1), { page: 1, limit: 100, keyword: 'DATA-1' }).total).toBe(1);
    expect(findDocument(tenant(1), one.id)).toMatchObject({ number: 'DATA-1', version: 1, tags: ['hvac'], previewable: true });
    expect(findDocument(tenant(2), one.id)).toBeUndefined();
    expect(versionFile(tenant(2), one.id, 1)).toBeUndefined();
    expect(documentVersions(tenant(2), one.id)).toEqual([]);
    // The same number in both tenants: each is taken only in its own tenant, and not by the document itself.
    expect(documentNumberTaken(tenant(1), 'DATA-1', null)).toBe(true);
    expect(documentNumberTaken(tenant(1), 'DATA-1', one.id)).toBe(false);
    expect(documentNumberTaken(tenant(2), 'DATA-1', one.id)).toBe(true);
    // A staged upload and a device of tenant 1 are not tenant 2's.
    const device = tenant(1).get<{ id: number }>('SELECT id FROM device WHERE tenant_id = $tenant ORDER BY id LIMIT 1')!;
    expect(tenantDevicesAmong(tenant(1), [device.id])).toBe(1);
    expect(tenantDevicesAmong(tenant(2), [device.id])).toBe(0);
    insertUpload(tenant(1), { file_id: 'only-1', userId: 1, name: 'a.txt', mime: 'text/plain', size: 1, sha256: 'cd', createdAt: Date.now() });
    expect(stagedUpload(tenant(2), 'only-1', 1, 0)).toBeUndefined();

    // Deleting through the other tenant: nothing goes.
    expect(deleteDocuments(tenant(2), [one.id])).toBeNull();
    expect(deleteDocuments(tenant(1), [one.id])).toBe(1);
    expect(listed(1)).toEqual([]);
    expect(listed(2)).toEqual([two.id]);
  });
});
