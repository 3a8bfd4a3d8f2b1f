// Tenant data by construction (issue 39): a statement on a tenant table runs only filtered by the
// accessor's own $tenant, so a handler written without the tenant cannot read or change another
// tenant's rows — it fails at its first run, in whichever test exercises it.
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { tenantDataOf, UnscopedQueryError, unscopedReason } from './tenant-data.ts';

function database(): DatabaseSync {
  const db = new DatabaseSync(':memory:');
  db.exec(`
    CREATE TABLE tenant (id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE alarm (id INTEGER PRIMARY KEY, tenant_id INTEGER NOT NULL, text TEXT);
    CREATE TABLE alarm_note (alarm_id INTEGER, note TEXT);
    INSERT INTO tenant VALUES (1, 'one'), (2, 'two');
    INSERT INTO alarm VALUES (1, 1, 'smoke'), (2, 2, 'door'), (3, 1, 'flood');
    INSERT INTO alarm_note VALUES (1, 'checked');
  `);
  return db;
}

describe('the tenant accessor', () => {
  it("reads and changes only its own tenant's rows, the tenant bound by the accessor", () => {
    const db = database();
    const one = tenantDataOf(db, 1);
    expect(one.all<{ id: number }>('SELECT id FROM alarm WHERE tenant_id = $tenant ORDER BY id').map((r) => r.id)).toEqual([1, 3]);
    expect(one.get('SELECT text FROM alarm WHERE tenant_id = $tenant AND id = ?', 2)).toBeUndefined();
    expect(one.run("UPDATE alarm SET text = 'x' WHERE tenant_id = $tenant AND id = ?", 2).changes).toBe(0);
    expect(db.prepare('SELECT text FROM alarm WHERE id = 2').get()).toEqual(expect.objectContaining({ text: 'door' }));
    // Tables without tenant rows need no filter.
    expect(one.all('SELECT note FROM alarm_note')).toHaveLength(1);
  });

  it('refuses a statement on a tenant table without $tenant before it runs, and a tenant compared with a positional parameter', () => {
    const db = database();
    const one = tenantDataOf(db, 1);
    expect(() => one.all('SELECT id FROM alarm')).toThrow(UnscopedQueryError);
    expect(() => one.all('SELECT id FROM alarm')).toThrow('names the tenant table alarm without filtering by $tenant');
    expect(() => one.run('DELETE FROM alarm WHERE id = ?', 2)).toThrow(UnscopedQueryError);
    expect(db.prepare('SELECT COUNT(*) AS n FROM alarm').get()).toEqual(expect.objectContaining({ n: 3 }));
    expect(() => one.all('SELECT id FROM alarm WHERE tenant_id = ?', 2)).toThrow('positional parameter');
    expect(() => one.all('SELECT n.note FROM alarm_note n JOIN Alarm a ON a.id = n.alarm_id')).toThrow('alarm');
    // A table's name inside a string is not a use of the table.
    expect(unscopedReason(db, "SELECT 'alarm' AS kind FROM alarm_note")).toBeNull();
  });

  it('runs a transaction whole or not at all', () => {
    const db = database();
    const one = tenantDataOf(db, 1);
    expect(() =>
      one.tx(() => {
        one.run("INSERT INTO alarm (tenant_id, text) VALUES ($tenant, 'new')");
        throw new Error('stop');
      }),
    ).toThrow('stop');
    expect(one.all('SELECT id FROM alarm WHERE tenant_id = $tenant')).toHaveLength(2);
  });
});
