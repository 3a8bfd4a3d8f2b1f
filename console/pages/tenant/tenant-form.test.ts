// The tenant form, declared once: what it sends for values the operator filled in (the bodies the page
// sent before its form was declared once), and the SPEC §5 messages an invalid value gets.
import { describe, expect, it } from 'vitest';
import type { TenantRow } from '../../../shared/api/tenant-admin.ts';
import { envOf, formRequests, messageOf } from '../../resource/form-test.ts';
import { tenantResource } from './index.tsx';

const form = tenantResource.form!;
const env = envOf({ setVouchers: () => undefined });
const row: TenantRow = { id: 3, name: 'Harbour Office', type: 'personal', home: 'https://harbour.example', description: '', logoUrl: ';', users: 1, devices: 0, superAdmin: 'harbour' };

const { sent, saveWith } = formRequests(() => ({}));

describe('the tenant form', () => {
  it('creates a tenant with its super admin: texts trimmed, the password as typed', async () => {
    await saveWith(form, null, env, { name: ' Harbour ', home: ' https://harbour.example ', adminUsername: ' harbour ', adminName: 'Harbour admin', adminPassword: ' harbour123 ' });
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/admin/tenant',
        body: { type: 'enterprise', name: 'Harbour', home: 'https://harbour.example', description: '', adminUsername: 'harbour', adminName: 'Harbour admin', adminPassword: ' harbour123 ' },
      },
    ]);
  });

  it('edits a tenant by its id without the super admin', async () => {
    await saveWith(form, row, env, { description: ' Port ' });
    expect(sent).toEqual([{ method: 'PUT', url: '/api/admin/tenant/3', body: { type: 'personal', name: 'Harbour Office', home: 'https://harbour.example', description: 'Port' } }]);
  });

  it('says the SPEC messages: the name’s length, the account’s characters', () => {
    expect(messageOf(form, row, env, { name: 'H' }, 'name')).toBe('长度须为 2 到 64 个字符');
    expect(messageOf(form, null, env, { adminUsername: 'har bour' }, 'adminUsername')).toBe('只能包含字母、数字、下划线、中划线和点');
  });
});
