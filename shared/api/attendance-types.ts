// Attendance (attendanceManage): rules, sites (attendance groups), clock records and statistics.
import type { Static } from 'typebox';
import type * as C from '../contract/attendance.ts';

export const SITE_KINDS = ['devices', 'location'] as const;
/** `pending`: a due day still in progress on which the person has not clocked in yet (and may still be on time or late). */
export const DAY_STATUSES = ['normal', 'late', 'early', 'lateEarly', 'absent', 'rest', 'pending'] as const;
export type DayStatus = (typeof DAY_STATUSES)[number];

// The shapes come from their declarations (shared/contract/attendance.ts), types only.
export type AttendanceRule = Static<typeof C.AttendanceRule>;
export type AttendanceRuleSave = Static<typeof C.AttendanceRuleSave>;
export type AttendanceSite = Static<typeof C.AttendanceSite>;
export type AttendanceSiteSave = Static<typeof C.AttendanceSiteSave>;
export type DayRecord = Static<typeof C.DayRecord>;
export type MonthRecord = Static<typeof C.MonthRecord>;
export type PersonStats = Static<typeof C.PersonStats>;
export type AttendanceChoices = Static<typeof C.AttendanceChoices>;
export interface StatsQuery {
  page: number;
  limit: number;
  siteId?: number;
  keyword?: string;
}
