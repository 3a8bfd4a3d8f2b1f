// Field rules of the attendance forms (attendanceManage: rules and sites), shared by the console's
// pages and the API contract (shared/contract/attendance.ts takes its bounds from ATTENDANCE_BOUNDS).
// Not re-exported from index.ts (widget bundles stay small).
import type { Schema } from './combine.ts';
import { attendanceFillIn, integerBetween, numeric } from './numbers.ts';
import { length, required } from './text.ts';

/** The bounds of a rule's and a site's values (SPEC §5 fill-in window: LIMITS.attendanceFillIn). */
export const ATTENDANCE_BOUNDS = {
  name: [1, 20],
  flexMinutes: [0, 120],
  lateThreshold: [0, 480],
  earlyThreshold: [0, 480],
  radiusMeters: [10, 5000],
} as const;
const B = ATTENDANCE_BOUNDS;

/** An attendance rule (numbers as typed text; the console adds the HH:mm check of the work hours). */
export const attendanceRuleSchema = {
  name: [required(), length(...B.name)],
  workStart: [required()],
  workEnd: [required()],
  flexMinutes: [required(), integerBetween(...B.flexMinutes)],
  lateThreshold: [required(), integerBetween(...B.lateThreshold)],
  earlyThreshold: [required(), integerBetween(...B.earlyThreshold)],
  fillInMinutes: [required(), attendanceFillIn()],
  weekdays: [required()],
} as const satisfies Schema;

/** An attendance site: devices or a location (its fields checked only for a location). */
export const attendanceSiteSchema = {
  name: [required(), length(...B.name)],
  ruleId: [required()],
  kind: [required()],
  latitude: [numeric()],
  longitude: [numeric()],
  radiusMeters: [integerBetween(...B.radiusMeters)],
} as const satisfies Schema;
