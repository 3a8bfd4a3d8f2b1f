// The one picker for long lists (devices, cameras, people, roles, regions): an Ark UI combobox you
// type into to narrow the list, operated from the keyboard (Down/Up, Home/End, Enter, Esc), whose
// list is virtualised with the kit's one virtual-list helper (shared/element/virtual-range.ts), so
// 20000 options cost the page only the rows on screen. One value, or several shown as chips.
import { Combobox, createListCollection } from '@ark-ui/react/combobox';
import { useCallback, useMemo, useRef, useState, type MouseEvent, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { input } from '../../shared/theme/base.css.ts';
import { scrollToReveal, visibleRange } from '../../shared/element/virtual-range.ts';
import { optionText } from './options.ts';
import * as css from './picker.css.ts';
// The picker's own texts come with it (pages that use it without the rest of the kit).
import './texts.ts';
import type { Option } from './types.ts';

/** Options above this many are offered through the picker (a plain select below it). */
export const PICKER_FROM = 20;

export interface PickerProps {
  /** The input's name (a form's field name; tests find the picker by it). */
  name?: string;
  options: readonly Option[];
  /** Chosen values: one ('' for none) or several. */
  value: string | readonly string[];
  onChange: (value: string | string[]) => void;
  multiple?: boolean;
  /** What the empty input says (e.g. "All devices"); the clear button brings it back. */
  placeholder?: string;
  /** Label wiring from the field around it. */
  inputProps?: { id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string | undefined; 'aria-label'?: string };
  className?: string;
  disabled?: boolean;
  /** Extra attributes for the input (or the short list's select): data-* hooks. */
  data?: Readonly<Record<`data-${string}`, string>>;
}

const matches = (o: Option, query: string): boolean => {
  const q = query.trim().toLowerCase();
  return q === '' || (o.label ?? '').toLowerCase().includes(q) || o.value.toLowerCase() === q;
};

export function Picker({ name, options, value, onChange, multiple = false, placeholder, inputProps, className, disabled, data }: PickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(css.PICKER_ROW * css.PICKER_ROWS);
  const contentRef = useRef<HTMLDivElement | null>(null);

  const chosen = useMemo(() => (Array.isArray(value) ? [...(value as readonly string[])] : value ? [value as string] : []), [value]);
  const byValue = useMemo(() => new Map(options.map((o) => [o.value, o])), [options]);
  const shown = useMemo(() => (open ? options.filter((o) => matches(o, query)) : options), [options, open, query]);
  const collection = useMemo(
    () => createListCollection<Option>({ items: [...shown], itemToValue: (o) => o.value, itemToString: (o) => o.label ?? '' }),
    [shown],
  );
  const chosenLabel = !multiple && chosen[0] ? (byValue.get(chosen[0])?.label ?? '') : '';

  const measure = useCallback((el: HTMLDivElement | null) => {
    contentRef.current = el;
    if (el) {
      setViewport(el.clientHeight || css.PICKER_ROW * css.PICKER_ROWS);
      setScrollTop(el.scrollTop);
    }
  }, []);

  const scrollToIndex = useCallback(({ index }: { index: number }) => {
    const el = contentRef.current;
    if (!el) return;
    const top = index <= 0 ? 0 : scrollToReveal(index, el.scrollTop, el.clientHeight, css.PICKER_ROW, 0);
    if (top !== null) {
      el.scrollTop = top;
      setScrollTop(top);
    }
  }, []);

  const range = visibleRange(scrollTop, viewport, shown.length, css.PICKER_ROW, 0);
  const rows = shown.slice(range.start, range.end);

  return (
    <div className={`${css.root} ${className ?? ''}`} data-picker={name ?? ''}>
      {multiple && chosen.length > 0 ? (
        <ul className={css.chips} aria-label={t('resource.picker.chosen', { count: chosen.length })}>
          {chosen.map((v) => {
            const label = byValue.get(v)?.label ?? v;
            return (
              <li key={v}>
                <button
                  type="button"
                  className={css.chip}
                  data-chip={v}
                  aria-label={t('resource.picker.remove', { name: label })}
                  disabled={disabled}
                  onClick={() => onChange(chosen.filter((c) => c !== v))}
                >
                  {label} <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <Combobox.Root
        collection={collection}
        multiple={multiple}
        value={chosen}
        open={open}
        disabled={disabled}
        inputValue={open ? query : chosenLabel}
        inputBehavior="autohighlight"
        selectionBehavior={multiple ? 'clear' : 'replace'}
        closeOnSelect={!multiple}
        openOnClick
        positioning={{ strategy: 'fixed', sameWidth: true, placement: 'bottom-start', gutter: 2 }}
        scrollToIndexFn={scrollToIndex}
        ids={inputProps?.id ? { input: inputProps.id } : undefined}
        translations={{ triggerLabel: t('resource.picker.open'), clearTriggerLabel: t('resource.picker.clear') }}
        onOpenChange={(d) => {
          setOpen(d.open);
          if (d.open && d.reason !== 'input-change') setQuery('');
          if (!d.open) setQuery('');
        }}
        onInputValueChange={(d) => {
          if (d.reason === 'input-change') setQuery(d.inputValue);
        }}
        onValueChange={(d) => onChange(multiple ? d.value : (d.value[0] ?? ''))}
      >
        <Combobox.Control className={css.control}>
          <Combobox.Input
            {...data}
            className={`${input} ${css.inputBox}`}
            name={name}
            placeholder={placeholder ?? t('resource.picker.search')}
            aria-invalid={inputProps?.['aria-invalid'] || undefined}
            aria-describedby={inputProps?.['aria-describedby']}
            aria-label={inputProps?.['aria-label']}
            onFocus={(e) => e.currentTarget.select()}
          />
          {!multiple && chosen.length > 0 ? (
            <Combobox.ClearTrigger className={css.iconButton}>
              <span aria-hidden="true">×</span>
            </Combobox.ClearTrigger>
          ) : null}
          <Combobox.Trigger className={css.iconButton}>
            <span aria-hidden="true">▾</span>
          </Combobox.Trigger>
        </Combobox.Control>
        <Combobox.Positioner className={css.positioner}>
          <Combobox.Content
            ref={measure}
            className={css.content}
            data-count={shown.length}
            onScroll={(e: UIEvent<HTMLDivElement>) => setScrollTop(e.currentTarget.scrollTop)}
            // Inside a <label>, a click on an option would also activate the label, which clicks
            // its first control — a chosen value's remove chip — and undoes the choice.
            onClick={(e: MouseEvent<HTMLDivElement>) => e.preventDefault()}
          >
            {shown.length === 0 ? (
              <div className={css.empty} role="presentation">
                {t('resource.picker.none')}
              </div>
            ) : (
              <div className={css.spacer} style={{ height: shown.length * css.PICKER_ROW }}>
                {rows.map((o, i) => (
                  <Combobox.Item key={o.value} item={o} className={css.item} style={{ transform: `translateY(${(range.start + i) * css.PICKER_ROW}px)` }}>
                    <Combobox.ItemText>{optionText(o)}</Combobox.ItemText>
                  </Combobox.Item>
                ))}
              </div>
            )}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
    </div>
  );
}

export interface ChoiceProps extends PickerProps {
  /** The first, empty option of a short list ('' = a blank one); a long list's clear button empties it. */
  emptyLabel?: string;
}

/** A select while the list is short, the searchable picker once it is long (more than PICKER_FROM). */
export function Choice({ emptyLabel, ...props }: ChoiceProps) {
  const { data, name, options, value, onChange, multiple, inputProps, className, disabled } = props;
  if (options.length > PICKER_FROM) return <Picker {...props} placeholder={props.placeholder ?? emptyLabel} />;
  const chosen = Array.isArray(value) ? [...(value as readonly string[])] : String(value ?? '');
  return (
    <select
      {...inputProps}
      {...data}
      className={`${input} ${className ?? ''}`}
      name={name}
      multiple={multiple}
      size={multiple ? Math.min(6, Math.max(3, options.length)) : undefined}
      disabled={disabled}
      value={chosen}
      onChange={(e) => onChange(multiple ? [...e.currentTarget.selectedOptions].map((o) => o.value) : e.currentTarget.value)}
    >
      {multiple || emptyLabel === undefined ? null : <option value="">{emptyLabel}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {optionText(o)}
        </option>
      ))}
    </select>
  );
}
