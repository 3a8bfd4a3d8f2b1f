// Live point values, control writes and history (SPEC §1; devmng/search).
//   GET  /api/device/{id}/points            → PointValue[]   the device model's parameters with their current values
//   POST /api/device/{id}/control ControlWrite → { code, value, written }   through the device's gateway
//   POST /api/device/history HistoryQuery   → HistoryAnswer   downsampled to at most maxPoints per series
// History covers only the past 3 months (the alarm window's rule and boundary).

import type { Static } from 'typebox';
import type * as C from '../contract/points.ts';

// The shapes come from their declarations (shared/contract/points.ts): types only.
/** A parameter with its current value (null until the device reported it; at: ms since epoch). */
export type PointValue = Static<typeof C.PointValue>;

/** Devices one readings call may ask for (a page of monitoring cards). */
export const READINGS_MAX = 100;

/** One device's live readings (every parameter of its model) and its open alarms (null: the caller may not see alarms). */
export type DeviceReadings = Static<typeof C.DeviceReadings>;

export type ControlWrite = Static<typeof C.ControlWrite>;

/** Series answered per device and parameter: at most this many points each. */
export const HISTORY_MAX_POINTS = 2000;

/** startTime/endTime: YYYY-MM-DD HH:mm:ss. */
export type HistoryQuery = Static<typeof C.HistoryQuery>;

/** points: [ms since epoch, value], each the average of its bucket; samples: raw samples they summarise. */
export type HistorySeries = Static<typeof C.HistorySeries>;

export type HistoryAnswer = Static<typeof C.HistoryAnswer>;
