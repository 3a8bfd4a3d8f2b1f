// Client error log shapes (SPEC §8: unhandled client errors are pushed to an error log).

/** At most this many reports per call, and per minute from one page. */
export const CLIENT_ERRORS_PER_CALL = 10;

export interface ClientErrorReport {
  message: string;
  stack?: string;
  /** The page's path, without query or fragment (they may carry tokens). */
  path?: string;
  /** Epoch ms when it happened. */
  at?: number;
}

export interface ClientErrorRow {
  id: number;
  /** YYYY-MM-DD HH:mm:ss */
  at: string;
  message: string;
  stack: string;
  path: string;
  agent: string;
}
export interface ClientErrorPage {
  rows: ClientErrorRow[];
  total: number;
}
