import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { col, shape } from './shape.ts';
import { formatTime } from './operations/tasks.ts';

interface Thing {
  id: number;
  name: string;
  enabled: boolean;
  tags: string[];
  roleIds: number[];
  config: { a: number };
  updatedAt: string;
  params: { loud: boolean; label: string | null };
  download?: string;
  doubled: number;
  both: string;
}

const THING = shape<Thing, { factor: number }>({
  id: col.value('t.id'),
  name: col.value("COALESCE(t.name, '')"),
  enabled: col.flag('t.enabled'),
  tags: col.list('t.tags', '\u001f'),
  roleIds: col.ids('t.role_ids'),
  config: col.json('t.config'),
  updatedAt: col.time('t.updated_at'),
  params: { loud: col.flag('t.loud'), label: col.value('t.label') },
  download: col.calc('t.file', (v) => (v ? `/file/${String(v)}` : undefined)),
  doubled: col.calc('t.id', (v, c: { factor: number }) => Number(v) * c.factor),
  both: col.from(['t.id', 't.label'], ([id, label]) => `${id}:${label ?? '-'}`),
});

describe('answer shapes', () => {
  const db = new DatabaseSync(':memory:');
  db.exec(`CREATE TABLE t (id INTEGER, name TEXT, enabled INTEGER, tags TEXT, role_ids TEXT, config TEXT, updated_at INTEGER, loud INTEGER, label TEXT, file TEXT);
    INSERT INTO t VALUES (1, 'one', 1, 'a' || char(31) || 'b', '3,4', '{"a":2}', ${new Date(2026, 0, 2, 3, 4, 5).getTime()}, 0, 'x', 'f.xlsx');
    INSERT INTO t VALUES (2, NULL, 0, NULL, '', '{"a":0}', NULL, 1, NULL, NULL);`);
  const rows = db.prepare(`SELECT ${THING.select} FROM t ORDER BY t.id`).all();

  it('names each expression after its field, nested ones as outer.inner', () => {
    expect(THING.select).toContain('t.enabled AS "enabled"');
    expect(THING.select).toContain('t.loud AS "params.loud"');
  });

  it('reads rows into the answer, converting each kind', () => {
    expect(THING.all(rows, { factor: 10 })).toStrictEqual([
      { id: 1, name: 'one', enabled: true, tags: ['a', 'b'], roleIds: [3, 4], config: { a: 2 }, updatedAt: '2026-01-02 03:04:05', params: { loud: false, label: 'x' }, download: '/file/f.xlsx', doubled: 10, both: '1:x' },
      { id: 2, name: '', enabled: false, tags: [], roleIds: [], config: { a: 0 }, updatedAt: formatTime(null), params: { loud: true, label: null }, doubled: 20, both: '2:-' },
    ]);
  });

  it('gathers what a subquery finds, in the order asked, as texts or ids', () => {
    db.exec("CREATE TABLE g (t_id INTEGER, n INTEGER, name TEXT); INSERT INTO g VALUES (1, 3, 'c'), (1, 1, 'a, b'), (2, 2, 'x');");
    const GATHER = shape<{ names: string[]; ns: number[] }>({ names: col.gather('g.name', 'FROM g WHERE g.t_id = t.id', 'g.n'), ns: col.gatherIds('g.n', 'FROM g WHERE g.t_id = t.id', 'g.n DESC') });
    const found = db.prepare(`SELECT ${GATHER.select} FROM t ORDER BY t.id`).all();
    expect(GATHER.all(found)).toStrictEqual([
      { names: ['a, b', 'c'], ns: [3, 1] },
      { names: ['x'], ns: [2] },
    ]);
    db.exec('DELETE FROM g');
    expect(GATHER.read(db.prepare(`SELECT ${GATHER.select} FROM t WHERE t.id = 1`).get()!)).toStrictEqual({ names: [], ns: [] });
  });

  it('leaves out a field read as undefined', () => {
    expect('download' in THING.read(rows[1]!, { factor: 1 })).toBe(false);
  });
});
