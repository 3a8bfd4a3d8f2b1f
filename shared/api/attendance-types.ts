// Attendance (attendanceManage): rules, sites (attendance groups), clock records and statistics.

export interface AttendanceRule {
  id: number;
  name: string;
  /** HH:mm, local time. */
  workStart: string;
  workEnd: string;
  /** Arriving up to this many minutes after the start is not late. */
  flexMinutes: number;
  /** Late by more than this (beyond the flexible minutes): the day counts as absent. */
  lateThreshold: number;
  /** Leaving earlier than this before the end: the day counts as absent. */
  earlyThreshold: number;
  /** SPEC §5 attendance time fill-in (0–99): a fill-in may claim a clock at most this many minutes from the start or end of work. */
  fillInMinutes: number;
  /** ISO weekdays that count: 1 Monday … 7 Sunday. */
  weekdays: number[];
  /** Days marked holiday in the linkage calendar do not count (its make-up work days do). */
  skipHolidays: boolean;
}

export type AttendanceRuleSave = Omit<AttendanceRule, 'id'>;

export interface AttendanceSite {
  id: number;
  name: string;
  ruleId: number;
  ruleName: string;
  /** Clocks come from access-control devices, or from a location within a radius. */
  kind: 'devices' | 'location';
  deviceIds: number[];
  deviceCodes: string[];
  latitude: number | null;
  longitude: number | null;
  radiusMeters: number | null;
  memberIds: number[];
  memberNames: string[];
}

export type AttendanceSiteSave = Omit<AttendanceSite, 'id' | 'ruleName' | 'deviceCodes' | 'memberNames'>;

/** `pending`: a due day still in progress on which the person has not clocked in yet (and may still be on time or late). */
export type DayStatus = 'normal' | 'late' | 'early' | 'lateEarly' | 'absent' | 'rest' | 'pending';

export interface DayRecord {
  userId: number;
  userName: string;
  siteName: string;
  day: string;
  status: DayStatus;
  /** First and last clock of the day (HH:mm), '' when none. */
  firstIn: string;
  lastOut: string;
  lateMinutes: number;
  earlyMinutes: number;
  fillIns: number;
  workHours: number;
}

export interface MonthRecord {
  userId: number;
  userName: string;
  siteName: string;
  dueDays: number;
  presentDays: number;
  lateDays: number;
  earlyDays: number;
  absentDays: number;
  fillIns: number;
  workHours: number;
}

export interface StatsQuery {
  page: number;
  limit: number;
  siteId?: number;
  keyword?: string;
}
