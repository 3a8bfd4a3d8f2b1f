// Operation logs in the database (operations/op-log.ts): the recorder's writes over every tenant's
// chain (through the Db platformData hands it), and a tenant's records as searched, verified and
// exported ($tenant).
import type { OpLogQuery, OpLogRow } from '../../../shared/api/op-log-types.ts';
import type { Db } from '../db.ts';
import { COUNT_CAP } from '../resource.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

/** A record as written: its tenant (none for a sign-in nobody holds) and its fields. */
export type OpLogRecord = Omit<OpLogRow, 'id'> & { tenantId: number | null };

/** The recorder's statements, prepared once. */
export interface OpLogWriter {
  /** Who holds an account named at a sign-in, when someone does. */
  ownerOf(username: string): { id: number; tenant_id: number } | undefined;
  /** The hash of a tenant's last record ('' when it has none). */
  lastHash(tenantId: number | null): string;
  insert(r: OpLogRecord, hash: string): void;
}

export function opLogWriter(db: Db): OpLogWriter {
  const insert = db.prepare(
    'INSERT INTO op_log (tenant_id, user_id, username, at, ip, method, route, path, target, code, status, result, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const last = db.prepare('SELECT hash FROM op_log WHERE tenant_id IS ? ORDER BY id DESC LIMIT 1');
  const tenantOfUser = db.prepare('SELECT id, tenant_id FROM user WHERE username = ?');
  return {
    ownerOf: (username) => tenantOfUser.get<{ id: number; tenant_id: number }>(username),
    lastHash: (tenantId) => last.get<{ hash: string }>(tenantId)?.hash ?? '',
    insert: (r, hash) => void insert.run(r.tenantId, r.userId, r.username, r.at, r.ip, r.method, r.route, r.path, r.target, r.code, r.status, r.result, hash),
  };
}

/** A record as the API answers it (op_log). */
const RECORD = shape<OpLogRow>({
  id: col.value('id'),
  userId: col.value('user_id'),
  username: col.value('username'),
  at: col.value('at'),
  ip: col.value('ip'),
  method: col.value('method'),
  route: col.value('route'),
  path: col.value('path'),
  target: col.value('target'),
  code: col.value('code'),
  status: col.value('status'),
  result: col.value('result'),
});

/** The tenant's chain in order: each record and the hash stored with it. */
export const opLogChain = (data: TenantData): Array<{ record: OpLogRow; storedHash: string }> =>
  data.all(`SELECT ${RECORD.select}, hash AS stored_hash FROM op_log WHERE tenant_id = $tenant ORDER BY id`).map((r) => ({ record: RECORD.read(r), storedHash: String(r.stored_hash) }));

/** How many records the tenant has. */
export const opLogCount = (data: TenantData): number => data.get<{ n: number }>('SELECT COUNT(*) AS n FROM op_log WHERE tenant_id = $tenant')!.n;

/** The tenant's records ($tenant) the query asks for: a WHERE clause and its arguments. */
function filterSql(q: Partial<OpLogQuery>): { where: string; args: Array<string | number> } {
  const clauses = ['tenant_id = $tenant'];
  const args: Array<string | number> = [];
  // User and interface match from the start (an index range): 'oper' finds operator, '/api/device' every device call.
  if (q.username) {
    clauses.push('username >= ? AND username < ?');
    args.push(q.username, `${q.username}\u{10FFFF}`);
  }
  if (q.path) {
    clauses.push('path >= ? AND path < ?');
    args.push(q.path, `${q.path}\u{10FFFF}`);
  }
  if (q.result) {
    clauses.push('result = ?');
    args.push(q.result);
  }
  if (q.from) {
    clauses.push('at >= ?');
    args.push(Date.parse(q.from));
  }
  if (q.to) {
    clauses.push('at <= ?');
    args.push(Date.parse(q.to) + (q.to.length <= 10 ? 86_399_999 : 0));
  }
  return { where: clauses.join(' AND '), args };
}

/** One page of the tenant's records, newest first; the total counted up to the cap. */
export function listOpLogs(data: TenantData, q: Partial<OpLogQuery>, limit: number, offset: number): { rows: OpLogRow[]; total: number } {
  const { where, args } = filterSql(q);
  const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM op_log WHERE ${where} LIMIT ${COUNT_CAP})`, ...args)!.n;
  const rows = data.all(`SELECT ${RECORD.select} FROM op_log WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`, ...args, limit, offset);
  return { rows: RECORD.all(rows), total };
}

/** The records an export takes: how many now, and the rows (newest first) when the task reads them. */
export function opLogsToExport(data: TenantData, q: Partial<OpLogQuery>): { total: number; rows: () => OpLogRow[] } {
  const { where, args } = filterSql(q);
  const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM op_log WHERE ${where}`, ...args)!.n;
  return { total, rows: () => RECORD.all(data.all(`SELECT ${RECORD.select} FROM op_log WHERE ${where} ORDER BY id DESC`, ...args)) };
}
