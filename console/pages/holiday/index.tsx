// Holidays (linkManage linkmng/holiday; stand-alone /linkmng_holiday): a year's calendar of twelve
// months; a click (or Enter/Space on the focused day) cycles a day through holiday → make-up work day
// → clear, and the list beside it names the days set. A year's list imports from an xls/xlsx file.
// Strategies marked "not on holidays" skip the days marked holiday.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importHolidays, listHolidays, setHoliday } from '../../../shared/api/linkage.ts';
import type { Holiday, HolidayKind } from '../../../shared/api/linkage-types.ts';
import { dayText, daysInMonth, monthText, todayText } from '../../../shared/forms/date-text.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { button, buttonGhost } from '../../../shared/theme/base.css.ts';
import { checkImport } from '../../../shared/validate/index.ts';
import * as kit from '../../resource/resource.css.ts';
import * as css from '../link-group/linkage.css.ts';
import '../link-group/texts.ts';

const NEXT: Record<HolidayKind | '', HolidayKind | ''> = { '': 'holiday', holiday: 'workday', workday: '' };

export default function HolidayPage() {
  const { t } = useTranslation();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [days, setDays] = useState<ReadonlyMap<string, Holiday>>(new Map());
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const today = todayText();

  const load = useCallback((y: number, signal?: AbortSignal) => listHolidays(http, y, signal).then((list) => setDays(new Map(list.map((h) => [h.day, h]))), () => undefined), []);
  useEffect(() => {
    const abort = new AbortController();
    void load(year, abort.signal);
    return () => abort.abort();
  }, [year, load]);

  const cycle = async (day: string) => {
    const kind = NEXT[days.get(day)?.kind ?? ''];
    const saved = await setHoliday(http, { day, kind, name: days.get(day)?.name ?? '' }).catch(() => undefined);
    if (saved === undefined) return;
    setDays((current) => {
      const next = new Map(current);
      if (saved) next.set(day, saved);
      else next.delete(day);
      return next;
    });
  };

  const upload = async (file: File) => {
    const problem = checkImport({ name: file.name, type: file.type, size: file.size });
    if (problem) {
      notify({ kind: 'toast', level: 'error', duration: 4000, key: problem.key, params: problem.params ?? {} });
      return;
    }
    setBusy(true);
    try {
      const { imported } = await importHolidays(http, file, file.name);
      notify({ kind: 'toast', level: 'success', duration: 3000, key: 'linkage.holidays.imported', params: { count: imported } });
      await load(year);
    } catch {
      /* the client showed the platform's message (which row, why) */
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const marked = [...days.values()];
  const weekdays = t('linkage.holidays.weekdays').split(',');
  return (
    <div data-page="holiday" className={kit.main}>
      <div className={kit.toolbar}>
        <button type="button" className={buttonGhost} onClick={() => setYear((y) => y - 1)} aria-label={t('linkage.holidays.prevYear')} data-action="prev-year">
          ‹
        </button>
        <strong data-part="year">{year}</strong>
        <button type="button" className={buttonGhost} onClick={() => setYear((y) => y + 1)} aria-label={t('linkage.holidays.nextYear')} data-action="next-year">
          ›
        </button>
        <span className={kit.muted} data-part="summary">
          {t('linkage.holidays.marked', { year, holidays: marked.filter((d) => d.kind === 'holiday').length, workdays: marked.filter((d) => d.kind === 'workday').length })}
        </span>
        <span className={kit.spacer} />
        <input ref={fileRef} type="file" hidden accept=".xls,.xlsx" data-part="import-file" onChange={(e) => e.currentTarget.files?.[0] && void upload(e.currentTarget.files[0])} />
        <button type="button" className={button} disabled={busy} onClick={() => fileRef.current?.click()} title={t('linkage.holidays.importHint')} data-action="import">
          {t('linkage.holidays.import')}
        </button>
      </div>
      <div className={css.legend}>
        <span>
          <span className={css.swatch} data-kind="holiday" />
          {t('linkage.holidays.holiday')}
        </span>
        <span>
          <span className={css.swatch} data-kind="workday" />
          {t('linkage.holidays.workday')}
        </span>
        <span className={kit.muted}>{t('linkage.holidays.legend')}</span>
      </div>
      <div className={css.months}>
        {Array.from({ length: 12 }, (_m, month) => {
          const first = new Date(year, month, 1);
          // Monday first: blanks before the 1st.
          const lead = (first.getDay() + 6) % 7;
          return (
            <section key={month} className={css.month} aria-label={monthText(first)}>
              <h3 className={css.monthTitle}>{monthText(first)}</h3>
              <div className={css.grid}>
                {weekdays.map((w) => (
                  <span key={w} className={css.weekday} aria-hidden="true">
                    {w}
                  </span>
                ))}
                {Array.from({ length: lead }, (_b, i) => (
                  <span key={`b${i}`} />
                ))}
                {Array.from({ length: daysInMonth(year, month) }, (_d, i) => {
                  const day = dayText(new Date(year, month, i + 1));
                  const set = days.get(day);
                  return (
                    <button
                      key={day}
                      type="button"
                      className={css.day}
                      data-day={day}
                      data-kind={set?.kind ?? ''}
                      data-today={day === today}
                      // The visible day number first (what a voice user says), then the date and what it is set to.
                      aria-label={`${i + 1} · ${set ? t('linkage.holidays.dayLabel', { day, kind: t(`linkage.holidays.${set.kind}`) }) : day}`}
                      aria-pressed={Boolean(set)}
                      onClick={() => void cycle(day)}
                    >
                      {i + 1}
                    </button>
                  );
                })}
              </div>
            </section>
          );
        })}
      </div>
      <section aria-label={t('linkage.holidays.list')}>
        <h3 className={css.monthTitle}>{t('linkage.holidays.list')}</h3>
        {marked.length === 0 ? (
          <p className={kit.muted}>{t('linkage.holidays.empty')}</p>
        ) : (
          <ul data-part="days">
            {marked.map((d) => (
              <li key={d.day} data-day={d.day}>
                {d.day} · {t(`linkage.holidays.${d.kind}`)}
                {d.name ? ` · ${d.name}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
