// Field rules of the camera form (one camera, or a batch from patterns with %d), shared by the console's
// page and the API contract (shared/contract/video.ts takes its bounds from CAMERA_BOUNDS). Not re-exported from index.ts.
import type { Schema } from './combine.ts';
import { batchSize } from './numbers.ts';
import { batchCode, length, pointCode, required, streamSource } from './text.ts';

export const CAMERA_BOUNDS = {
  name: [1, 64],
  /** The device code (no {}[]^, SPEC §5). */
  label: [1, 64],
  address: [0, 128],
  resolution: [0, 32],
  sourceUrl: [0, 1024],
} as const;
const B = CAMERA_BOUNDS;

/** One camera (address, resolution and tags are checked by the platform). */
export const cameraSchema = {
  name: [required(), length(...B.name)],
  label: [required(), length(...B.label), pointCode()],
  groupId: [required()],
  sourceUrl: [length(...B.sourceUrl), streamSource()],
} as const satisfies Schema;

/** A batch: the name and label patterns carry %d, and the count is SPEC §5's batch size. */
export const cameraBatchSchema = {
  ...cameraSchema,
  name: [...cameraSchema.name, batchCode()],
  label: [...cameraSchema.label, batchCode()],
  count: [required(), batchSize()],
} as const satisfies Schema;
