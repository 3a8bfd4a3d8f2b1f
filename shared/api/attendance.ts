// Attendance calls (attendanceManage: rules, sites, statistics, fill-ins). Pure fetchers.
import type { Page, PageQueryOf } from './resource.ts';
import type { Client, RequestOptions } from '../http/client.ts';
import type { ProgressKey } from './progress-types.ts';
import type { AttendanceChoices, AttendanceRule, AttendanceRuleSave, AttendanceSite, AttendanceSiteSave, DayRecord, MonthRecord, PersonStats } from './attendance-types.ts';

const signalOf = (signal?: AbortSignal): RequestOptions => (signal ? { signal } : {});
type Filter = { siteId?: number; keyword?: string };

export const listRules = (c: Pick<Client, 'post'>, q: PageQueryOf<{ keyword?: string }>, signal?: AbortSignal) => c.post<Page<AttendanceRule>>('/api/attendance/rule/page', q, signalOf(signal));
export const createRule = (c: Pick<Client, 'post'>, body: AttendanceRuleSave) => c.post<AttendanceRule>('/api/attendance/rule', body);
export const updateRule = (c: Pick<Client, 'put'>, id: number, body: AttendanceRuleSave) => c.put<AttendanceRule>(`/api/attendance/rule/${id}`, body);
export const deleteRules = (c: Pick<Client, 'post'>, ids: readonly number[]) => c.post<{ deleted: number }>('/api/attendance/rule/delete', { ids });

export const listSites = (c: Pick<Client, 'post'>, q: PageQueryOf<{ keyword?: string }>, signal?: AbortSignal) => c.post<Page<AttendanceSite>>('/api/attendance/site/page', q, signalOf(signal));
export const createSite = (c: Pick<Client, 'post'>, body: AttendanceSiteSave) => c.post<AttendanceSite>('/api/attendance/site', body);
export const updateSite = (c: Pick<Client, 'put'>, id: number, body: AttendanceSiteSave) => c.put<AttendanceSite>(`/api/attendance/site/${id}`, body);
export const deleteSites = (c: Pick<Client, 'post'>, ids: readonly number[]) => c.post<{ deleted: number }>('/api/attendance/site/delete', { ids });

export const dayStats = (c: Pick<Client, 'post'>, q: PageQueryOf<{ day: string }> & Filter, signal?: AbortSignal) => c.post<Page<DayRecord>>('/api/attendance/stats/day', q, signalOf(signal));
export const monthStats = (c: Pick<Client, 'post'>, q: PageQueryOf<{ month: string }> & Filter, signal?: AbortSignal) => c.post<Page<MonthRecord>>('/api/attendance/stats/month', q, signalOf(signal));
export const personStats = (c: Pick<Client, 'post'>, q: { month: string; userId?: number }, signal?: AbortSignal) =>
  c.post<PersonStats>('/api/attendance/stats/person', q, signalOf(signal));
export const exportStats = (c: Pick<Client, 'post'>, body: { kind: 'day' | 'month'; day?: string; month?: string; siteId?: number }) => c.post<ProgressKey>('/api/attendance/stats/export', body);
/** Clocking in by location: the signed-in member of a location site, from where they stand. */
export const clockHere = (c: Pick<Client, 'post'>, at: { latitude: number; longitude: number }) => c.post<{ site: string; distanceMeters: number }>('/api/attendance/clock', at);
export const requestFillIn = (c: Pick<Client, 'post'>, body: { day: string; time: string; reason: string }) => c.post<{ requestId: number }>('/api/attendance/fill-in', body);
export const attendanceChoices = (c: Pick<Client, 'get'>) =>
  c.get<AttendanceChoices>('/api/attendance/choices', { quiet: true });
