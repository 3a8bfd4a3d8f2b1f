// One date (or date-time) field for the whole product (SPEC §9 formats): typed text in YYYY-MM-DD or
// YYYY-MM-DD HH:mm:ss — never the browser's own date input, whose placeholder and calendar follow the
// browser's language, not the user's — beside a calendar (Ark UI's DatePicker, in the active language)
// that fills the days in. A range picks both days in one calendar; times keep what was typed (a new
// range starts at 00:00:00 and ends at 23:59:59). Callers validate what the user typed with
// isDateText and their own range rules.
import { DatePicker, parseDate, type DateValue } from '@ark-ui/react/date-picker';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { input } from '../theme/base.css.ts';
import { DATE_FORMAT, dayOf, isDateText, timeOf, todayText, type DatePrecision } from './date-text.ts';
import * as css from './date-range-field.css.ts';

export interface DateRangeFieldProps {
  precision: DatePrecision;
  /** One date instead of a range: `value[1]` is ignored. */
  single?: boolean;
  value: readonly [string, string];
  onChange(next: [string, string]): void;
  /** Accessible names of the start and end inputs. */
  labels: readonly [string, string?];
  /** Form names of the start and end inputs. */
  names?: readonly [string, string?];
  /** Earliest and latest day the calendar offers, YYYY-MM-DD. */
  min?: string;
  max?: string;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  /** id of the start input (a label's htmlFor). */
  id?: string;
  /** Start above end, the calendar button beside both (narrow panels). */
  stacked?: boolean;
}

const safeDate = (day: string): DateValue | undefined => {
  if (!isDateText(day, 'date')) return undefined;
  try {
    return parseDate(day);
  } catch {
    return undefined;
  }
};

export function DateRangeField(props: DateRangeFieldProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLSpanElement>(null);
  const popupId = useId();
  const [start, end] = props.value;
  const wide = props.precision === 'datetime';
  const textClass = `${input} ${props.stacked ? '' : wide ? css.textWide : css.text}`;
  const placeholder = DATE_FORMAT[props.precision];

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) rootRef.current?.querySelector<HTMLButtonElement>('[data-part="calendar-trigger"]')?.focus();
  };

  const picked = (days: string[]) => {
    if (props.single) {
      if (days[0]) {
        props.onChange([wide ? `${days[0]} ${timeOf(start, '00:00:00')}` : days[0], end]);
        close(true);
      }
      return;
    }
    if (days.length < 2) return;
    const [from, to] = days as [string, string];
    props.onChange(wide ? [`${from} ${timeOf(start, '00:00:00')}`, `${to} ${timeOf(end, '23:59:59')}`] : [from, to]);
    close(true);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      event.preventDefault();
      close(true);
    }
  };

  // A click or focus anywhere outside the field closes the calendar.
  useEffect(() => {
    if (!open) return;
    const root = rootRef.current;
    const away = (event: Event) => {
      if (root && !event.composedPath().includes(root)) setOpen(false);
    };
    const doc = root?.ownerDocument ?? document;
    doc.addEventListener('pointerdown', away, true);
    doc.addEventListener('focusin', away, true);
    return () => {
      doc.removeEventListener('pointerdown', away, true);
      doc.removeEventListener('focusin', away, true);
    };
  }, [open]);

  const textInput = (index: 0 | 1) => (
    <input
      id={index === 0 ? props.id : undefined}
      className={textClass}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      name={props.names?.[index]}
      aria-label={props.labels[index]}
      placeholder={placeholder}
      value={props.value[index]}
      required={props.required}
      aria-invalid={props.invalid ? true : undefined}
      aria-describedby={props.describedBy}
      onChange={(e) => props.onChange(index === 0 ? [e.currentTarget.value, end] : [start, e.currentTarget.value])}
    />
  );

  return (
    <span ref={rootRef} className={props.stacked ? css.rootStacked : css.root} onKeyDown={onKeyDown} data-part="date-field">
      {textInput(0)}
      {!props.single && (
        <>
          <span className={props.stacked ? css.hidden : css.dash} aria-hidden="true">
            –
          </span>
          {textInput(1)}
        </>
      )}
      <button
        type="button"
        className={css.trigger}
        data-part="calendar-trigger"
        aria-label={t('date.calendar', { field: props.labels[0] })}
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.4">
          <rect x="2" y="3" width="12" height="11" rx="1.5" />
          <path d="M2 6.5h12M5 1.5v3M11 1.5v3" />
        </svg>
      </button>
      {open && (
        <div id={popupId} className={css.popup} role="dialog" aria-label={t(props.single ? 'date.pickDay' : 'date.pickRange')}>
          <Calendar single={props.single === true} start={dayOf(start)} end={props.single ? '' : dayOf(end)} min={props.min} max={props.max} onPick={picked} />
          <div className={css.hint}>{t(props.single ? 'date.hintDay' : 'date.hintRange')}</div>
        </div>
      )}
    </span>
  );
}

function Calendar(props: { single: boolean; start: string; end: string; min?: string; max?: string; onPick(days: string[]): void }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const from = safeDate(props.start);
  const to = safeDate(props.end);
  const initial = props.single ? (from ? [from] : []) : from && to && from.compare(to) <= 0 ? [from, to] : [];
  const max = props.max ? safeDate(props.max) : undefined;
  const min = props.min ? safeDate(props.min) : undefined;
  const locale = i18n.language === 'en' ? 'en-GB' : 'zh-CN';

  // Keyboard users land on the calendar's current day (arrow keys move, Enter picks).
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[data-part="table-cell-trigger"][tabindex="0"]')?.focus();
  }, []);

  return (
    <div ref={ref}>
      <DatePicker.Root
        inline
        locale={locale}
        selectionMode={props.single ? 'single' : 'range'}
        defaultValue={initial}
        defaultFocusedValue={initial[0] ?? (max && props.max! < todayText() ? max : undefined)}
        min={min}
        max={max}
        startOfWeek={1}
        fixedWeeks
        onValueChange={(details) => props.onPick(details.value.map((d) => d.toString()))}
      >
        <DatePicker.Content>
          <DatePicker.View view="day">
            <DatePicker.Context>
              {(api) => (
                <>
                  <div className={css.head}>
                    <DatePicker.PrevTrigger className={css.nav} aria-label={t('date.prevMonth')}>
                      ‹
                    </DatePicker.PrevTrigger>
                    <span className={css.month} aria-live="polite">
                      {api.visibleRangeText.start}
                    </span>
                    <DatePicker.NextTrigger className={css.nav} aria-label={t('date.nextMonth')}>
                      ›
                    </DatePicker.NextTrigger>
                  </div>
                  <DatePicker.Table className={css.table}>
                    <DatePicker.TableHead>
                      <DatePicker.TableRow>
                        {api.weekDays.map((day, i) => (
                          <DatePicker.TableHeader key={i} className={css.weekday} abbr={day.long}>
                            {day.narrow}
                          </DatePicker.TableHeader>
                        ))}
                      </DatePicker.TableRow>
                    </DatePicker.TableHead>
                    <DatePicker.TableBody>
                      {api.weeks.map((week, i) => (
                        <DatePicker.TableRow key={i}>
                          {week.map((day, j) => (
                            <DatePicker.TableCell key={j} value={day}>
                              <DatePicker.TableCellTrigger className={css.day} data-day={day.toString()}>
                                {day.day}
                              </DatePicker.TableCellTrigger>
                            </DatePicker.TableCell>
                          ))}
                        </DatePicker.TableRow>
                      ))}
                    </DatePicker.TableBody>
                  </DatePicker.Table>
                </>
              )}
            </DatePicker.Context>
          </DatePicker.View>
        </DatePicker.Content>
      </DatePicker.Root>
    </div>
  );
}
