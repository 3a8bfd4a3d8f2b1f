// Live point values, control writes and history (SPEC §1; devmng/search).
//   GET  /api/device/{id}/points            → PointValue[]   the device model's parameters with their current values
//   POST /api/device/{id}/control ControlWrite → { code, value, written }   through the device's gateway
//   POST /api/device/history HistoryQuery   → HistoryAnswer   downsampled to at most maxPoints per series
// History covers only the past 3 months (the alarm window's rule and boundary).

export interface PointValue {
  code: string;
  name: string;
  unit: string;
  dataType: 'int' | 'float' | 'bool';
  access: 'r' | 'rw';
  min: string;
  max: string;
  /** null until the device reported it. */
  value: number | null;
  /** ms since epoch of the value, null when none. */
  at: number | null;
}

/** Devices one readings call may ask for (a page of monitoring cards). */
export const READINGS_MAX = 100;

/** One device's live readings (every parameter of its model) and its open alarms (null: the caller may not see alarms). */
export interface DeviceReadings {
  id: number;
  readings: PointValue[];
  openAlarms: number | null;
}

export interface ControlWrite {
  code: string;
  value: number;
}

/** Series answered per device and parameter: at most this many points each. */
export const HISTORY_MAX_POINTS = 2000;

export interface HistoryQuery {
  deviceIds: number[];
  codes: string[];
  /** YYYY-MM-DD HH:mm:ss */
  startTime: string;
  endTime: string;
  maxPoints?: number;
}

export interface HistorySeries {
  deviceId: number;
  deviceCode: string;
  deviceName: string;
  code: string;
  /** [ms since epoch, value] — each the average of its bucket. */
  points: Array<[number, number]>;
  /** Raw samples the points summarise. */
  samples: number;
}

export interface HistoryAnswer {
  bucketMs: number;
  series: HistorySeries[];
}
