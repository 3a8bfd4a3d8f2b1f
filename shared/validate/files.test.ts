import { describe, expect, it } from 'vitest';
import { MB, avatarFile, checkDocuments, documentFile, importFile } from './files.ts';
import { expectAccepts, expectRejects, keyOf } from './test-helpers.ts';

const file = (name: string, size: number, type = '') => ({ name, size, type });

describe('avatar', () => {
  it('accepts JPG, PNG and SVG up to 2 MB', () => {
    expectAccepts(avatarFile(), [
      file('me.jpg', 1000, 'image/jpeg'),
      file('me.JPEG', 2 * MB, 'image/jpeg'),
      file('me.png', 10, 'image/png'),
      file('logo.svg', 10, 'image/svg+xml'),
      file('no-type.png', 10),
      null,
    ]);
  });
  it('refuses other types, renamed files and files over 2 MB', () => {
    expectRejects(avatarFile(), [file('me.gif', 10, 'image/gif'), file('me.bmp', 10), file('evil.png', 10, 'text/html'), file('png', 10)], 'validate.file.avatarType');
    expect(avatarFile()(file('big.jpg', 2 * MB + 1, 'image/jpeg'), {})).toEqual({ key: 'validate.file.avatarSize', params: { max: 2 } });
    expectRejects(avatarFile(), [[file('a.png', 1), file('b.png', 1)]], 'validate.file.single');
    expectRejects(avatarFile(), ['a.png', { name: 'a.png' }], 'validate.file.required');
  });
});

describe('documents', () => {
  it('one file under 50 MB', () => {
    expect(keyOf(checkDocuments([file('plan.pdf', 50 * MB - 1)]))).toBeNull();
    expectAccepts(documentFile(), [file('plan.pdf', 1), [file('plan.dwg', 49 * MB)]]);
  });
  it('refuses none, several, and 50 MB or more', () => {
    expect(keyOf(checkDocuments([]))).toBe('validate.file.required');
    expectRejects(documentFile(), [[file('a.pdf', 1), file('b.pdf', 1)]], 'validate.file.single');
    expectRejects(documentFile(), [file('huge.pdf', 50 * MB)], 'validate.file.documentSize');
  });
});

describe('import', () => {
  it('xls or xlsx only', () => {
    expectAccepts(importFile(), [file('users.xls', 1), file('users.XLSX', 1, 'application/octet-stream')]);
    expectRejects(importFile(), [file('users.csv', 1), file('users.xlsx.exe', 1), file('xlsx', 1)], 'validate.file.importType');
  });
});
