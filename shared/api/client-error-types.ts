// Client error log shapes (SPEC §8: unhandled client errors are pushed to an error log).
import type { Static } from 'typebox';
import type * as C from '../contract/client-error.ts';

/** At most this many reports per call, and per minute from one page. */
export const CLIENT_ERRORS_PER_CALL = 10;

// The shapes of the client error calls come from their declarations (shared/contract/client-error.ts), types only.
export type ClientErrorReport = Static<typeof C.ClientErrorReport>;
export type ClientErrorRow = Static<typeof C.ClientErrorRow>;
export type ClientErrorPage = Static<typeof C.ClientErrorPage>;
export type ClientErrorStored = Static<typeof C.ClientErrorStored>;
