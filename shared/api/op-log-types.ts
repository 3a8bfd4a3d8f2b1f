// Operation logs (MonitorOPS ops/gate_log): what the platform recorded, and how to search it.
import type { Static } from 'typebox';
import type * as C from '../contract/op-log.ts';

/** What became of a recorded call. */
export const OP_LOG_RESULTS = ['ok', 'refused', 'failed'] as const;

// The shapes of the operation log calls come from their declarations (shared/contract/op-log.ts), types only.
export type OpLogRow = Static<typeof C.OpLogRow>;
/** POST /api/ops/gate_log/page; from/to are dates or date-times within the past 3 months. */
export type OpLogQuery = Static<typeof C.OpLogQuery>;
export type OpLogPage = Static<typeof C.OpLogPage>;
export type OpLogVerify = Static<typeof C.OpLogVerify>;
