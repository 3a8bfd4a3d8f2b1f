// Attendance rules (attendanceManage) on the resource kit: work hours, flexible minutes, the late and
// early thresholds beyond which a day counts as absent, the SPEC §5 fill-in window (0–99 minutes), the
// working days, and whether the linkage calendar's holidays are skipped.
import { createRule, deleteRules, listRules, updateRule } from '../../../shared/api/attendance.ts';
import type { AttendanceRule, AttendanceRuleSave } from '../../../shared/api/attendance-types.ts';
import { http } from '../../../shared/http/index.ts';
import { attendanceRuleSchema as R } from '../../../shared/validate/attendance.ts';
import type { MessageKey, Rule } from '../../../shared/validate/index.ts';
import { defineResource, ResourcePage } from '../../resource/index.ts';
import './texts.ts';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeRule: Rule = (value) => (typeof value !== 'string' || value.trim() === '' || HHMM.test(value.trim()) ? null : { key: 'attendance.hint.time' as MessageKey });
const DAYS = ['1', '2', '3', '4', '5', '6', '7'];

export const attendanceRuleResource = defineResource<AttendanceRule>({
  id: 'attendance-rule',
  operation: 'attendance.rulePage',
  titleKey: 'attendance.rules',
  rowKey: (r) => r.id,
  rowName: (r) => r.name,
  columns: [
    { id: 'name', headerKey: 'attendance.field.name', field: 'name' },
    { id: 'hours', headerKey: 'attendance.field.hours', field: ['workStart', 'workEnd'], cell: (r) => `${r.workStart}–${r.workEnd}` },
    { id: 'flex', headerKey: 'attendance.field.flexMinutes', field: 'flexMinutes' },
    { id: 'late', headerKey: 'attendance.field.lateThreshold', field: 'lateThreshold' },
    { id: 'early', headerKey: 'attendance.field.earlyThreshold', field: 'earlyThreshold' },
    { id: 'fillIn', headerKey: 'attendance.field.fillInMinutes', field: 'fillInMinutes' },
    { id: 'weekdays', headerKey: 'attendance.field.weekdays', field: 'weekdays', cell: (r, { t }) => r.weekdays.map((d) => t(`attendance.weekday.${d}`)).join(' ') },
  ],
  filters: [{ kind: 'text', name: 'keyword', labelKey: 'attendance.field.keyword' }],
  list: (q, signal) => listRules(http, { page: q.page, limit: q.limit, ...(typeof q.filters.keyword === 'string' && q.filters.keyword.trim() ? { keyword: q.filters.keyword.trim() } : {}) }, signal),
  form: {
    saves: { create: 'attendance.ruleCreate', update: 'attendance.ruleUpdate' },
    fields: () => [
      { kind: 'text', name: 'name', labelKey: 'attendance.field.name', rules: R.name, initial: (r) => r?.name ?? '' },
      { kind: 'text', name: 'workStart', labelKey: 'attendance.field.workStart', rules: [...R.workStart, timeRule], initial: (r) => r?.workStart ?? '09:00' },
      { kind: 'text', name: 'workEnd', labelKey: 'attendance.field.workEnd', rules: [...R.workEnd, timeRule], initial: (r) => r?.workEnd ?? '18:00' },
      { kind: 'text', name: 'flexMinutes', labelKey: 'attendance.field.flexMinutes', rules: R.flexMinutes, initial: (r) => String(r?.flexMinutes ?? 10), as: 'number' },
      { kind: 'text', name: 'lateThreshold', labelKey: 'attendance.field.lateThreshold', rules: R.lateThreshold, initial: (r) => String(r?.lateThreshold ?? 60), as: 'number' },
      { kind: 'text', name: 'earlyThreshold', labelKey: 'attendance.field.earlyThreshold', rules: R.earlyThreshold, initial: (r) => String(r?.earlyThreshold ?? 60), as: 'number' },
      { kind: 'text', name: 'fillInMinutes', labelKey: 'attendance.field.fillInMinutes', rules: R.fillInMinutes, initial: (r) => String(r?.fillInMinutes ?? 30), as: 'number' },
      {
        kind: 'select',
        name: 'weekdays',
        labelKey: 'attendance.field.weekdays',
        multiple: true,
        options: DAYS.map((d) => ({ value: d, labelKey: `attendance.weekday.${d}` })),
        rules: R.weekdays,
        initial: (r) => (r?.weekdays ?? [1, 2, 3, 4, 5]).map(String),
        as: 'ids',
      },
      { kind: 'checkbox', name: 'skipHolidays', labelKey: 'attendance.field.skipHolidays', initial: (r) => r?.skipHolidays ?? true },
    ],
    hints: { workStart: (_, { t }) => t('attendance.hint.time'), fillInMinutes: (_, { t }) => t('attendance.hint.fillIn') },
    save: async (body, r) => {
      const rule = body as AttendanceRuleSave;
      await (r ? updateRule(http, r.id, rule) : createRule(http, rule));
    },
  },
  remove: (rows) => deleteRules(http, rows.map((r) => r.id)),
});

export default function AttendanceRulePage() {
  const def = attendanceRuleResource;
  return (
    <div data-page="attendance-rule">
      <ResourcePage def={def} />
    </div>
  );
}
