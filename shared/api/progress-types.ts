// Background-task progress shapes shared by the front end and the demo platform (SPEC §3 "Progress
// item", §4 progress status, §7 "Custom data and progress").

/** SPEC §4: 0 finished normally (green), 1 running (blue), any other abnormal (red). */
export const PROGRESS_DONE = 0;
export const PROGRESS_RUNNING = 1;
export const PROGRESS_FAILED = 2;

/** One entry of GET /api/admin/progress. */
export interface ProgressItem {
  /** The kind of task (e.g. 'demo', 'cameraExport'). */
  key: string;
  /** The task's own id within its kind. */
  hashKey: string;
  title: string;
  /** YYYY-MM-DD HH:mm:ss */
  startTime: string;
  /** YYYY-MM-DD HH:mm:ss, '' while the task runs. */
  endTime: string;
  totalSize: number;
  currentSize: number;
  status: number;
  /** Detail: the outcome or the failure reason. */
  msg: string;
  /** When the task produced a file (an export, an import's error report): the API path that downloads it. */
  download?: string;
  /** The file's name. */
  fileName?: string;
}

export interface ProgressKey {
  key: string;
  hashKey: string;
}

/** DELETE /api/admin/progress body: tag 1 deletes every finished item, tag 0 the listed keys. */
export interface ProgressDelete {
  tag: 0 | 1;
  keys: ProgressKey[];
}

/** POST /api/admin/progress/demo: starts a generic demo job (all optional). */
export interface ProgressDemoStart {
  title?: string;
  /** Work units; each is real hashing work. */
  steps?: number;
  /** Pause between units, so a person can watch the bar move. */
  stepMs?: number;
  /** Make the job fail after this many units (to show the red bar). */
  failAt?: number;
}

/** How many items a delete removed. */
export interface ProgressDeleted {
  deleted: number;
}
