// Background-task progress shapes shared by the front end and the demo platform (SPEC §3 "Progress
// item", §4 progress status, §7 "Custom data and progress").
import type { Static } from 'typebox';
import type * as C from '../contract/progress.ts';

/** SPEC §4: 0 finished normally (green), 1 running (blue), any other abnormal (red). */
export const PROGRESS_DONE = 0;
export const PROGRESS_RUNNING = 1;
export const PROGRESS_FAILED = 2;

// The shapes of the progress calls come from their declarations (shared/contract/progress.ts), types only.
/** One entry of GET /api/admin/progress. */
export type ProgressItem = Static<typeof C.ProgressItem>;
/** The task a call started (every export, import or bulk action that runs in the background answers one). */
export type ProgressKey = Static<typeof C.ProgressKey>;
/** DELETE /api/admin/progress body: tag 1 deletes every finished item, tag 0 the listed keys. */
export type ProgressDelete = Static<typeof C.ProgressDelete>;
/** POST /api/admin/progress/demo: starts a generic demo job (all optional). */
export type ProgressDemoStart = Static<typeof C.ProgressDemoStart>;
/** How many items a delete removed. */
export type ProgressDeleted = Static<typeof C.ProgressDeleted>;
