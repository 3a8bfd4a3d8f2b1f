// Background-task progress (SPEC §7 "Custom data and progress", §4 progress status): the caller's own
// items, their files, deleting finished ones, cancelling a running one, and a demo job. ProgressKey is
// also the answer of every call that starts a background task (exports, imports, bulk actions).
import Type from 'typebox';
import { operation } from './operation.ts';
import { Int, Strict, Text, Time } from './fields.ts';

const TAG = 'Progress';
const MAX_KEYS = 1000;

/** The task a call started: its kind and its own id within the kind (the progress panel follows it). */
export const ProgressKey = Strict({
  key: Type.String({ minLength: 1, maxLength: 64, description: "The kind of task (e.g. 'demo', 'cameraExport')" }),
  hashKey: Type.String({ minLength: 1, maxLength: 64, description: "The task's own id within its kind" }),
});

/** A task named in a request: the same two texts, without control characters. */
const ProgressKeyBody = Strict({ key: Text(1, 64), hashKey: Text(1, 64) });

export const ProgressItem = Strict({
  key: Type.String({ description: "The kind of task (e.g. 'demo', 'cameraExport')" }),
  hashKey: Type.String({ description: "The task's own id within its kind" }),
  title: Type.String({ description: "In the caller's language" }),
  startTime: Time(),
  endTime: Time({ description: "'' while the task runs" }),
  totalSize: Type.Integer({ minimum: 0 }),
  currentSize: Type.Integer({ minimum: 0 }),
  status: Type.Integer({ description: 'SPEC §4: 0 finished normally, 1 running, any other abnormal' }),
  msg: Type.String({ description: 'Detail: the outcome or the failure reason' }),
  download: Type.Optional(Type.String({ description: 'When the task produced a file still kept (24 h): the API path that downloads it' })),
  fileName: Type.Optional(Type.String({ description: "The file's name" })),
});

export const ProgressDelete = Strict({
  tag: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '1 deletes every finished item of the caller, 0 the listed keys' }),
  keys: Type.Optional(Type.Array(ProgressKeyBody, { maxItems: MAX_KEYS, description: `The items to delete when tag is 0 (at most ${MAX_KEYS}); a running one is kept` })),
});

export const ProgressDeleted = Strict({ deleted: Type.Integer({ minimum: 0, description: 'How many items were deleted' }) });

export const ProgressDemoStart = Strict({
  title: Type.Optional(Text(1, 100)),
  steps: Type.Optional(Int(1, 10_000, { description: 'Work units, each real hashing work (default 20)' })),
  stepMs: Type.Optional(Int(0, 60_000, { description: 'Pause between units in ms, so a person can watch the bar move (default 500)' })),
  failAt: Type.Optional(Int(0, 10_000, { description: 'Make the job fail at this unit (to show the red bar)' })),
});

export const ProgressFileQuery = Strict({ key: Text(1, 64), hashKey: Text(1, 64) });

export const ops = {
  list: operation({
    method: 'GET',
    path: '/api/admin/progress',
    rights: { element: 'progress:view' },
    tag: TAG,
    summary: "The caller's background tasks, newest first (at most 500)",
    description: "Only the caller's own items of their tenant. Polled by the progress panel; a finished task's file is offered for 24 hours (download, fileName).",
    data: Type.Array(ProgressItem),
    examples: {
      data: [{ key: 'demo', hashKey: '0123456789abcdef', title: 'Demo job', startTime: '2026-05-01 08:00:00', endTime: '', totalSize: 20, currentSize: 5, status: 1, msg: '' }],
    },
  }),
  file: operation({
    method: 'GET',
    path: '/api/admin/progress/file',
    rights: 'user',
    tag: TAG,
    summary: "A finished task's file (an export, an import's error report)",
    description:
      "Answers the file itself (its content type, as an attachment), not an envelope, for the user who ran the task; the token travels in the header, never in the URL. Refused when the task is not the caller's, has not finished, or its file has expired (kept 24 hours).",
    query: ProgressFileQuery,
    data: Type.Never({ description: 'On success the answer is the file, not an envelope' }),
    produces: 'application/octet-stream',
    examples: { query: { key: 'opLogExport', hashKey: '0123456789abcdef' } },
  }),
  remove: operation({
    method: 'DELETE',
    path: '/api/admin/progress',
    rights: { element: 'progress:del' },
    tag: TAG,
    summary: "Deletes the caller's finished items (all, or the listed ones)",
    description: 'A running task is never deleted (cancel it first). Only the caller\'s own items.',
    body: ProgressDelete,
    data: ProgressDeleted,
    examples: { body: { tag: 0, keys: [{ key: 'demo', hashKey: '0123456789abcdef' }] }, data: { deleted: 1 } },
  }),
  cancel: operation({
    method: 'POST',
    path: '/api/admin/progress/cancel',
    rights: { element: 'progress:view' },
    tag: TAG,
    summary: "Cancels one of the caller's running tasks",
    description: 'Refused when the task has finished or is not the caller\'s.',
    body: ProgressKeyBody,
    data: Strict({ cancelled: Type.Literal(true) }),
    examples: { body: { key: 'demo', hashKey: '0123456789abcdef' }, data: { cancelled: true } },
  }),
  demo: operation({
    method: 'POST',
    path: '/api/admin/progress/demo',
    rights: { element: 'progress:view' },
    tag: TAG,
    summary: 'Starts a demo job that does real work in steps',
    description: 'At most 5 running tasks per user; more is refused rather than queued.',
    body: ProgressDemoStart,
    data: ProgressKey,
    examples: { body: { title: 'Hash job', steps: 10, stepMs: 100 }, data: { key: 'demo', hashKey: '0123456789abcdef' } },
  }),
};

