// Attendance statistics (attendanceManage day_stats, month_stats, per_stats), one page chosen by the
// route: a day's status per person (in, out, late and early minutes, fill-ins, hours), a month's totals
// per person — both by site and name, exported to xlsx as a background task — and one person's days of
// a month, from which a missed clock is requested as a fill-in (approved through the workflow).
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { attendanceChoices, clockHere, dayStats, exportStats, monthStats, personStats, requestFillIn } from '../../../shared/api/attendance.ts';
import type { AttendanceRule, DayRecord, MonthRecord } from '../../../shared/api/attendance-types.ts';
import { http, notify, RequestError } from '../../../shared/http/index.ts';
import { hasMenu } from '../../../shared/session/index.ts';
import { DateRangeField } from '../../../shared/forms/date-range-field.tsx';
import { addMonths, DATE_FORMAT, isDateText, monthText, todayText } from '../../../shared/forms/date-text.ts';
import { button, buttonGhost, input } from '../../../shared/theme/base.css.ts';
import { defineResource, Modal, ResourcePage, type FilterDef, type Option } from '../../resource/index.ts';
import * as kit from '../../resource/resource.css.ts';
import '../attendance-rule/texts.ts';
import { Choice } from '../../resource/picker.tsx';

type View = 'day' | 'month' | 'person';

/** The people a personal view may show, loaded once with the page. */
function useUsers() {
  const [users, setUsers] = useState<Option[]>([]);
  useEffect(() => {
    attendanceChoices(http).then((c) => setUsers(c.users.map((u) => ({ value: String(u.id), label: `${u.name} (${u.username})` }))), () => undefined);
  }, []);
  return users;
}

/** The sites the statistics may be filtered by, loaded when the filter first shows. */
const siteOptions = (): Promise<Option[]> => attendanceChoices(http).then((c) => c.sites.map((s) => ({ value: String(s.id), label: s.name })));

/** The day and month statistics filter alike: by site and by person. */
const STAT_FILTERS: readonly FilterDef[] = [
  { kind: 'select', name: 'siteId', labelKey: 'attendance.field.site', options: siteOptions },
  { kind: 'text', name: 'keyword', labelKey: 'attendance.field.person' },
];

const filterOf = (filters: Record<string, unknown>) => {
  const siteId = typeof filters.siteId === 'string' && filters.siteId ? Number(filters.siteId) : undefined;
  const keyword = typeof filters.keyword === 'string' && filters.keyword.trim() ? filters.keyword.trim() : undefined;
  return { ...(siteId ? { siteId } : {}), ...(keyword ? { keyword } : {}) };
};

function StatusCell({ status }: { status: DayRecord['status'] }) {
  const { t } = useTranslation();
  return <span data-status={status}>{t(`attendance.status.${status}`)}</span>;
}

// The chosen day or month reaches the lists as ResourcePage's scope (`period`), sent as the body's day or month.
export const attendanceDayResource = defineResource<DayRecord>({
  id: 'attendance-day',
  operation: 'attendance.dayStats',
  titleKey: 'shell.route.dayStats',
  rowKey: (r) => `${r.userId}-${r.day}`,
  rowName: (r) => r.userName,
  columns: [
    { id: 'name', headerKey: 'attendance.column.name', field: 'userName' },
    { id: 'site', headerKey: 'attendance.column.site', field: 'siteName' },
    { id: 'status', headerKey: 'attendance.column.status', field: 'status', cell: (r) => <StatusCell status={r.status} /> },
    { id: 'in', headerKey: 'attendance.column.firstIn', field: 'firstIn', cell: (r) => r.firstIn || '—' },
    { id: 'out', headerKey: 'attendance.column.lastOut', field: 'lastOut', cell: (r) => r.lastOut || '—' },
    { id: 'late', headerKey: 'attendance.column.late', field: 'lateMinutes' },
    { id: 'early', headerKey: 'attendance.column.early', field: 'earlyMinutes' },
    { id: 'fillIns', headerKey: 'attendance.column.fillIns', field: 'fillIns' },
    { id: 'hours', headerKey: 'attendance.column.hours', field: 'workHours' },
  ],
  filters: STAT_FILTERS,
  list: (q, signal) => dayStats(http, { page: q.page, limit: q.limit, day: String(q.filters.period), ...filterOf(q.filters) }, signal),
  exporter: (f) => exportStats(http, { kind: 'day', day: String(f.period), ...filterOf(f) }),
});

export const attendanceMonthResource = defineResource<MonthRecord>({
  id: 'attendance-month',
  operation: 'attendance.monthStats',
  titleKey: 'shell.route.monthStats',
  rowKey: (r) => r.userId,
  rowName: (r) => r.userName,
  columns: [
    { id: 'name', headerKey: 'attendance.column.name', field: 'userName' },
    { id: 'site', headerKey: 'attendance.column.site', field: 'siteName' },
    { id: 'due', headerKey: 'attendance.column.dueDays', field: 'dueDays' },
    { id: 'present', headerKey: 'attendance.column.presentDays', field: 'presentDays' },
    { id: 'late', headerKey: 'attendance.column.lateDays', field: 'lateDays' },
    { id: 'early', headerKey: 'attendance.column.earlyDays', field: 'earlyDays' },
    { id: 'absent', headerKey: 'attendance.column.absentDays', field: 'absentDays' },
    { id: 'fillIns', headerKey: 'attendance.column.fillIns', field: 'fillIns' },
    { id: 'hours', headerKey: 'attendance.column.hours', field: 'workHours' },
  ],
  filters: STAT_FILTERS,
  list: (q, signal) => monthStats(http, { page: q.page, limit: q.limit, month: String(q.filters.period), ...filterOf(q.filters) }, signal),
  exporter: (f) => exportStats(http, { kind: 'month', month: String(f.period), ...filterOf(f) }),
});

function Periodic({ view }: { view: 'day' | 'month' }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(() => (view === 'day' ? todayText() : monthText(new Date())));
  // The product's own fields, not the browser's date and month inputs: those speak the browser's
  // language, whatever language the console is in.
  const periodInput = view === 'day' ? <DayField value={period} onChange={setPeriod} /> : (
    <label className={kit.filter}>
      <span>{t('attendance.field.month')}</span>
      <MonthSelect value={period} onChange={setPeriod} name="period" />
    </label>
  );
  return view === 'day' ? <ResourcePage def={attendanceDayResource} scope={{ period }} tools={periodInput} /> : <ResourcePage def={attendanceMonthResource} scope={{ period }} tools={periodInput} />;
}

/** Why a typed day cannot be shown (a text key and its values), or null for a real day up to today. */
function dayProblem(day: string): { key: string; params?: Record<string, string> } | null {
  if (!isDateText(day, 'date')) return { key: 'date.format', params: { format: DATE_FORMAT.date } };
  return day > todayText() ? { key: 'attendance.hint.futureDay' } : null;
}

/** The day of the day statistics: typed as YYYY-MM-DD or picked; the table follows only a real day up to today. */
function DayField({ value, onChange }: { value: string; onChange: (day: string) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const found = dayProblem(draft);
  const problem = found ? t(found.key, found.params ?? {}) : null;
  const change = (next: string) => {
    setDraft(next);
    if (!dayProblem(next)) onChange(next);
  };
  return (
    <div className={kit.filter}>
      <label htmlFor="attendance-day">{t('attendance.field.day')}</label>
      <DateRangeField
        id="attendance-day"
        precision="date"
        single
        value={[draft, '']}
        onChange={([next]) => change(next)}
        labels={[t('attendance.field.day')]}
        names={['period']}
        max={todayText()}
        invalid={problem !== null}
        describedBy={problem ? 'attendance-day-problem' : undefined}
      />
      {problem ? (
        <span id="attendance-day-problem" role="alert" className={kit.fieldError}>
          {problem}
        </span>
      ) : null}
    </div>
  );
}

/** A month as YYYY-MM (SPEC §9): this one and the 23 before it. */
function MonthSelect({ value, onChange, name }: { value: string; onChange: (month: string) => void; name: string }) {
  return (
    <select className={input} name={name} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
      {recentMonths(value).map((m) => (
        <option key={m} value={m}>
          {m}
        </option>
      ))}
    </select>
  );
}

function FillInDialog({ rule, onClose }: { rule: AttendanceRule; onClose: () => void }) {
  const { t } = useTranslation();
  const [day, setDay] = useState(todayText());
  const [time, setTime] = useState(rule.workStart);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    try {
      await requestFillIn(http, { day, time, reason });
      notify({ kind: 'toast', level: 'success', duration: 4000, key: 'attendance.fillIn.done' });
      onClose();
    } catch (error) {
      if (error instanceof RequestError) setProblem(error.message);
    }
  };
  return (
    <Modal title={t('attendance.fillIn.title')} onClose={onClose} testId="attendance-fill-in">
      <form /* not the resource kit: a fill-in request for one day of one's own record, fields from that day */ className={kit.form} onSubmit={(e) => void submit(e)}>
        <label htmlFor="fill-day">{t('attendance.field.day')}</label>
        <DateRangeField id="fill-day" precision="date" single value={[day, '']} onChange={([next]) => setDay(next)} labels={[t('attendance.field.day')]} max={todayText()} required />
        <label htmlFor="fill-time">{t('attendance.fillIn.time')}</label>
        <input id="fill-time" className={input} type="text" inputMode="numeric" placeholder="HH:mm" pattern="([01][0-9]|2[0-3]):[0-5][0-9]" autoComplete="off" value={time} onChange={(e) => setTime(e.currentTarget.value)} required />
        <p className={kit.muted}>{t('attendance.hint.fillIn')}</p>
        <label htmlFor="fill-reason">{t('attendance.fillIn.reason')}</label>
        <input id="fill-reason" className={input} value={reason} maxLength={255} onChange={(e) => setReason(e.currentTarget.value)} required />
        {problem ? (
          <p className={kit.danger} role="alert">
            {problem}
          </p>
        ) : null}
        <div className={kit.actions}>
          <button type="button" className={buttonGhost} onClick={onClose}>
            {t('attendance.fillIn.cancel')}
          </button>
          <button type="submit" className={button}>
            {t('attendance.fillIn.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Clocking in by location: the browser's position, sent once; the platform checks the radius. */
function ClockHere({ onClocked }: { onClocked(): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const clock = () => {
    if (!('geolocation' in navigator)) {
      notify({ kind: 'toast', level: 'error', duration: 5000, key: 'attendance.clock.denied' });
      return;
    }
    setBusy(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        clockHere(http, { latitude: position.coords.latitude, longitude: position.coords.longitude }).then(
          (done) => {
            notify({ kind: 'toast', level: 'success', duration: 4000, key: 'attendance.clock.done', params: { site: done.site, distance: done.distanceMeters } });
            onClocked();
          },
          () => undefined, // the platform's message (how far off, or why not) was shown as a toast
        ).finally(() => setBusy(false));
      },
      () => {
        setBusy(false);
        notify({ kind: 'toast', level: 'error', duration: 5000, key: 'attendance.clock.denied' });
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
    );
  };
  return (
    <button type="button" className={button} onClick={clock} disabled={busy} aria-busy={busy} data-action="clock-here">
      {busy ? t('attendance.clock.locating') : t('attendance.clock.action')}
    </button>
  );
}

function Personal({ users }: { users: Option[] }) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(monthText(new Date()));
  const [userId, setUserId] = useState('');
  const [data, setData] = useState<Awaited<ReturnType<typeof personStats>> | null>(null);
  const [filling, setFilling] = useState(false);
  const [version, setVersion] = useState(0);
  const mayOthers = hasMenu('dayStats') || hasMenu('monthStats');
  useEffect(() => {
    const abort = new AbortController();
    personStats(http, { month, ...(userId ? { userId: Number(userId) } : {}) }, abort.signal).then(setData, () => undefined);
    return () => abort.abort();
  }, [month, userId, version]);
  const rule = data?.rule;
  return (
    <div className={kit.main}>
      <div className={kit.toolbar}>
        <label className={kit.filter}>
          <span>{t('attendance.field.month')}</span>
          <MonthSelect value={month} onChange={setMonth} name="month" />
        </label>
        {mayOthers ? (
          <label className={kit.filter}>
            <span>{t('attendance.field.user')}</span>
            <Choice name="userId" value={userId} onChange={(v) => setUserId(String(v))} options={users} emptyLabel={t('attendance.me')} />
          </label>
        ) : null}
        <span className={kit.spacer} />
        {rule && !userId && data?.member?.siteKind === 'location' ? <ClockHere onClocked={() => setVersion((v) => v + 1)} /> : null}
        {rule && !userId ? (
          <button type="button" className={button} onClick={() => setFilling(true)} data-action="fill-in">
            {t('attendance.fillIn.action')}
          </button>
        ) : null}
      </div>
      {data && !data.member ? <p className={kit.muted}>{t('attendance.notMember')}</p> : null}
      {data?.member && rule ? (
        <p className={kit.muted} data-part="rule">
          {t('attendance.ruleLine', { site: data.member.siteName, rule: rule.name, start: rule.workStart, end: rule.workEnd, flex: rule.flexMinutes, fillIn: rule.fillInMinutes })}
        </p>
      ) : null}
      {data?.member ? (
        <div className={kit.tableWrap}>
          <table /* not the resource kit: one person's days of a month, a calendar-like read-only view */ className={kit.table} data-part="person-days">
            <thead>
              <tr>
                {['day', 'status', 'firstIn', 'lastOut', 'late', 'early', 'fillIns', 'hours'].map((c) => (
                  <th key={c} className={kit.head}>
                    {t(`attendance.column.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => (
                <tr key={r.day} className={kit.row} data-day={r.day}>
                  <td className={kit.cell}>{r.day}</td>
                  <td className={kit.cell}>
                    <StatusCell status={r.status} />
                  </td>
                  <td className={kit.cell}>{r.firstIn || '—'}</td>
                  <td className={kit.cell}>{r.lastOut || '—'}</td>
                  <td className={kit.cell}>{r.lateMinutes}</td>
                  <td className={kit.cell}>{r.earlyMinutes}</td>
                  <td className={kit.cell}>{r.fillIns}</td>
                  <td className={kit.cell}>{r.workHours}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {filling && rule ? <FillInDialog rule={rule} onClose={() => setFilling(false)} /> : null}
    </div>
  );
}

export default function AttendanceStatsPage() {
  const { pathname } = useLocation();
  const view: View = pathname.includes('month_stats') ? 'month' : pathname.includes('per_stats') ? 'person' : 'day';
  const users = useUsers();
  return (
    <div data-page="attendance-stats" data-view={view}>
      {view === 'person' ? <Personal users={users} /> : <Periodic key={view} view={view} />}
    </div>
  );
}

/** The months a person may look at (SPEC §9 YYYY-MM): this one and the 23 before it, and `current` if older. */
function recentMonths(current: string): string[] {
  const months = Array.from({ length: 24 }, (_, i) => monthText(addMonths(new Date(), -i)));
  return months.includes(current) ? months : [...months, current];
}
