// Attendance rules (attendanceManage) on the resource kit: work hours, flexible minutes, the late and
// early thresholds beyond which a day counts as absent, the SPEC §5 fill-in window (0–99 minutes), the
// working days, and whether the linkage calendar's holidays are skipped.
import { createRule, deleteRules, listRules, updateRule } from '../../../shared/api/attendance.ts';
import type { AttendanceRule } from '../../../shared/api/attendance-types.ts';
import { http } from '../../../shared/http/index.ts';
import { attendanceFillIn, integerBetween, length, required, type MessageKey, type Rule } from '../../../shared/validate/index.ts';
import { defineResource, ResourcePage, text } from '../../resource/index.ts';
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
        fields: () => [
          { kind: 'text', name: 'name', labelKey: 'attendance.field.name' },
          { kind: 'text', name: 'workStart', labelKey: 'attendance.field.workStart' },
          { kind: 'text', name: 'workEnd', labelKey: 'attendance.field.workEnd' },
          { kind: 'text', name: 'flexMinutes', labelKey: 'attendance.field.flexMinutes' },
          { kind: 'text', name: 'lateThreshold', labelKey: 'attendance.field.lateThreshold' },
          { kind: 'text', name: 'earlyThreshold', labelKey: 'attendance.field.earlyThreshold' },
          { kind: 'text', name: 'fillInMinutes', labelKey: 'attendance.field.fillInMinutes' },
          { kind: 'select', name: 'weekdays', labelKey: 'attendance.field.weekdays', multiple: true, options: DAYS.map((d) => ({ value: d, labelKey: `attendance.weekday.${d}` })) },
          { kind: 'checkbox', name: 'skipHolidays', labelKey: 'attendance.field.skipHolidays' },
        ],
        schema: () => ({
          name: [required(), length(1, 20)],
          workStart: [required(), timeRule],
          workEnd: [required(), timeRule],
          flexMinutes: [required(), integerBetween(0, 120)],
          lateThreshold: [required(), integerBetween(0, 480)],
          earlyThreshold: [required(), integerBetween(0, 480)],
          fillInMinutes: [required(), attendanceFillIn()],
          weekdays: [required()],
        }),
        hints: { workStart: (_, { t }) => t('attendance.hint.time'), fillInMinutes: (_, { t }) => t('attendance.hint.fillIn') },
        initial: (r) => ({
          name: r?.name ?? '',
          workStart: r?.workStart ?? '09:00',
          workEnd: r?.workEnd ?? '18:00',
          flexMinutes: String(r?.flexMinutes ?? 10),
          lateThreshold: String(r?.lateThreshold ?? 60),
          earlyThreshold: String(r?.earlyThreshold ?? 60),
          fillInMinutes: String(r?.fillInMinutes ?? 30),
          weekdays: (r?.weekdays ?? [1, 2, 3, 4, 5]).map(String),
          skipHolidays: r?.skipHolidays ?? true,
        }),
        save: async (v, r) => {
          const body = {
            name: text(v.name),
            workStart: text(v.workStart),
            workEnd: text(v.workEnd),
            flexMinutes: Number(text(v.flexMinutes)),
            lateThreshold: Number(text(v.lateThreshold)),
            earlyThreshold: Number(text(v.earlyThreshold)),
            fillInMinutes: Number(text(v.fillInMinutes)),
            weekdays: (Array.isArray(v.weekdays) ? v.weekdays : []).map(Number),
            skipHolidays: v.skipHolidays === true,
          };
          await (r ? updateRule(http, r.id, body) : createRule(http, body));
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
