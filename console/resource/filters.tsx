// The filter bar above a resource table: text filters apply on Search (or Enter), selects and dates
// at once; Reset clears them all.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeField } from '../../shared/forms/date-range-field.tsx';
import { DATE_FORMAT, isDateText } from '../../shared/forms/date-text.ts';
import { button, buttonGhost, input } from '../../shared/theme/base.css.ts';
import { optionText, useOptions } from './options.ts';
import { Picker, PICKER_FROM } from './picker.tsx';
import * as css from './resource.css.ts';
import type { FilterDef, FilterValue, FilterValues } from './types.ts';

export function FilterBar({ filters, value, onApply, version = 0 }: { filters: readonly FilterDef[]; value: FilterValues; onApply: (next: FilterValues) => void; /** The page's change count: loaded options load again when it moves. */ version?: number }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<FilterValues>(value);
  const [problems, setProblems] = useState<Record<string, string>>({});
  /** Applies the values unless a range's own rule refuses them (its message shows under the range). */
  const apply = (values: FilterValues) => {
    const found: Record<string, string> = {};
    for (const f of filters) {
      if (f.kind !== 'dateRange') continue;
      const [from = '', to = ''] = (values[f.name] as readonly string[] | undefined) ?? [];
      if ([from, to].some((v) => v !== '' && !isDateText(v, 'date'))) {
        found[f.name] = t('date.format', { format: DATE_FORMAT.date });
        continue;
      }
      const message = (from || to) && f.check ? f.check(from, to) : null;
      if (message) found[f.name] = t(message.key, message.params ?? {});
    }
    setProblems(found);
    if (Object.keys(found).length === 0) onApply(values);
  };
  const set = (name: string, next: FilterValue, applyNow: boolean) => {
    const values = { ...draft, [name]: next };
    setDraft(values);
    if (applyNow) apply(values);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  return (
    <form className={css.filters} onSubmit={submit} role="search" data-testid="resource-filters">
      {filters.map((f) => {
        switch (f.kind) {
          case 'text':
            return (
              <label key={f.name} className={css.filter}>
                {t(f.labelKey)}
                <input className={input} type="search" name={f.name} value={(draft[f.name] as string | undefined) ?? ''} onChange={(e) => set(f.name, e.currentTarget.value, false)} />
              </label>
            );
          case 'select':
            return <SelectFilter key={f.name} def={f} version={version} value={(draft[f.name] as string | undefined) ?? ''} onChange={(v) => set(f.name, v, true)} />;
          case 'dateRange': {
            const [from, to] = (draft[f.name] as readonly [string, string] | undefined) ?? ['', ''];
            const problem = problems[f.name];
            const errorId = `${f.name}-range-error`;
            return (
              <fieldset key={f.name} className={css.filters} style={{ border: 0, padding: 0, margin: 0 }} data-filter={f.name}>
                <legend className={css.muted}>{t(f.labelKey)}</legend>
                <DateRangeField
                  precision="date"
                  value={[from, to]}
                  onChange={(next) => set(f.name, next, next.every((v) => v === '' || v.length >= DATE_FORMAT.date.length))}
                  labels={[`${t(f.labelKey)} ${t('resource.from')}`, `${t(f.labelKey)} ${t('resource.to')}`]}
                  min={f.min?.()}
                  max={f.max?.()}
                  invalid={problem !== undefined}
                  describedBy={problem ? errorId : undefined}
                />
                {problem && (
                  <span id={errorId} role="alert" className={css.fieldError}>
                    {problem}
                  </span>
                )}
              </fieldset>
            );
          }
        }
      })}
      <button type="submit" className={button}>
        {t('resource.search')}
      </button>
      <button
        type="button"
        className={buttonGhost}
        onClick={() => {
          setDraft({});
          setProblems({});
          onApply({});
        }}
      >
        {t('resource.reset')}
      </button>
    </form>
  );
}

function SelectFilter({ def, version, value, onChange }: { def: Extract<FilterDef, { kind: 'select' }>; version: number; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const options = useOptions(def.options, version);
  if (options.length > PICKER_FROM) {
    const label = t(def.labelKey);
    return (
      <div className={css.filter}>
        <span aria-hidden="true">{label}</span>
        <Picker name={def.name} options={options} value={value} onChange={(v) => onChange(String(v))} placeholder={t('resource.tree.all')} inputProps={{ 'aria-label': label }} />
      </div>
    );
  }
  return (
    <label className={css.filter}>
      {t(def.labelKey)}
      <select className={input} name={def.name} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{t('resource.tree.all')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {optionText(o)}
          </option>
        ))}
      </select>
    </label>
  );
}
