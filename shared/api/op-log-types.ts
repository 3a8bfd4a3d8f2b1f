// Operation logs (MonitorOPS ops/gate_log): what the platform recorded, and how to search it.

export interface OpLogRow {
  id: number;
  userId: number | null;
  username: string;
  /** Epoch milliseconds. */
  at: number;
  ip: string;
  method: string;
  /** The route pattern (/api/admin/user/:id). */
  route: string;
  path: string;
  /** The route's path parameters (ids), joined with '/'. */
  target: string;
  /** The envelope code, when the answer had one. */
  code: number | null;
  status: number;
  result: 'ok' | 'refused' | 'failed';
}

/** POST /api/ops/gate_log/page; from/to are dates or date-times within the past 3 months. */
export interface OpLogQuery {
  page: number;
  limit: number;
  username?: string;
  path?: string;
  result?: OpLogRow['result'];
  from?: string;
  to?: string;
}

export interface OpLogPage {
  rows: OpLogRow[];
  total: number;
}
