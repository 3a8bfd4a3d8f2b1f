// The replay period panel: one date-time range (SPEC §9 format, no day after today) in the product's
// date field, checked by the player's own period rule before it is applied.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rangeProblem } from '../../shared/media/index.ts';
import { DateRangeField } from '../../shared/forms/date-range-field.tsx';
import { todayText } from '../../shared/forms/date-text.ts';
import { button, buttonGhost } from '../../shared/theme/base.css.ts';
import * as css from './video-player.css.ts';

export default function RangePanel(props: {
  initial: { startTime: string; endTime: string } | null;
  onApply(range: { startTime: string; endTime: string }): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<[string, string]>([props.initial?.startTime ?? '', props.initial?.endTime ?? '']);
  const [problem, setProblem] = useState<string | null>(null);

  const apply = () => {
    const range = { startTime: value[0].trim(), endTime: value[1].trim() };
    const why = rangeProblem(range);
    if (why) {
      setProblem(`video.range.${why}`);
      return;
    }
    props.onApply(range);
  };

  return (
    <div className={css.panel} role="dialog" aria-label={t('video.range.open')} data-panel="range">
      <div className={css.panelHead}>{t('media.replayRange')}</div>
      <DateRangeField
        precision="datetime"
        stacked
        value={value}
        onChange={(next) => {
          setValue(next);
          setProblem(null);
        }}
        labels={[t('video.range.start'), t('video.range.end')]}
        names={['startTime', 'endTime']}
        max={todayText()}
        invalid={problem !== null}
        describedBy={problem ? 'replay-range-problem' : undefined}
      />
      {problem && (
        <div id="replay-range-problem" className={css.error} role="alert">
          {t(problem)}
        </div>
      )}
      <div className={css.actions}>
        <button type="button" className={`${buttonGhost} ${css.small}`} onClick={props.onCancel}>
          {t('video.range.cancel')}
        </button>
        <button type="button" className={`${button} ${css.small}`} onClick={apply} data-action="apply-range">
          {t('video.range.apply')}
        </button>
      </div>
    </div>
  );
}
