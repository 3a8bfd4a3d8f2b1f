// Linkage records (linkManage linkmng/link_findrecord; stand-alone /link_findrecord): every firing of
// a strategy within the past 3 months — by strategy, result and period — with the point values it
// fired on and each action attempt (success, or the gateway's reason, and the retry number).
import { dateTimeText, dayText, todayText } from '../../../shared/forms/date-text.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { listLinkRecords, listStrategies } from '../../../shared/api/linkage.ts';
import { LINK_RESULTS, type LinkRecord, type LinkRecordQuery, type LinkResult } from '../../../shared/api/linkage-types.ts';
import { http } from '../../../shared/http/index.ts';
import { alarmQueryWindow, earliestAlarmQueryDate, type ValidationMessage } from '../../../shared/validate/index.ts';
import { defineResource, Modal, ResourcePage, type FilterValues, type Option, text } from '../../resource/index.ts';
import { periodOf } from '../../resource/period.ts';
import * as css from '../link-group/linkage.css.ts';
import '../link-group/texts.ts';

function checkPeriod(from: string, to: string): ValidationMessage | null {
  const now = new Date();
  const { start, end } = periodOf(from, to, now);
  return alarmQueryWindow(start, end, now);
}

function queryOf(filters: FilterValues): Omit<LinkRecordQuery, 'page' | 'limit'> {
  const [from = '', to = ''] = (Array.isArray(filters.when) ? filters.when : []) as readonly string[];
  const q: Omit<LinkRecordQuery, 'page' | 'limit'> = {
    ...(text(filters.strategyId) ? { strategyId: Number(text(filters.strategyId)) } : {}),
    ...(text(filters.result) ? { result: text(filters.result) as LinkResult } : {}),
  };
  if (!from && !to) return q;
  const { start, end } = periodOf(from, to, new Date());
  return { ...q, startTime: dateTimeText(start), endTime: dateTimeText(end) };
}

/** The strategies a record may be filtered by, loaded when the filter first shows. */
const strategyOptions = (): Promise<Option[]> => listStrategies(http, { page: 1, limit: 1000 }).then((p) => p.rows.map((s) => ({ value: String(s.id), label: s.name })));

/** What the record list's row action reaches on the page: the detail dialog. */
interface LinkRecordPage {
  setShown: (row: LinkRecord) => void;
}

export const linkRecordResource = defineResource<LinkRecord, LinkRecordPage>({
  id: 'link-record',
  operation: 'linkage.recordPage',
  titleKey: 'linkage.record.title',
  rowKey: (r) => r.id,
  rowName: (r) => `${r.firedAt} ${r.strategyName}`,
  columns: [
    { id: 'time', headerKey: 'linkage.record.time', field: 'firedAt' },
    { id: 'strategy', headerKey: 'linkage.record.strategy', field: 'strategyName' },
    { id: 'device', headerKey: 'linkage.record.device', field: 'deviceName' },
    { id: 'values', headerKey: 'linkage.record.values', field: 'values', cell: (r) => Object.entries(r.values).map(([k, v]) => `${k}=${v}`).join(', ') },
    { id: 'result', headerKey: 'linkage.record.result', field: 'result', cell: (r, { t }) => <span data-result={r.result}>{t(`linkage.result.${r.result}`)}</span> },
    {
      id: 'attempts',
      headerKey: 'linkage.record.attempts',
      field: 'attempts',
      cell: (r) => `${r.attempts.filter((a) => a.ok).length}/${r.attempts.length}`,
    },
    { id: 'note', headerKey: 'linkage.record.note', field: 'note' },
  ],
  filters: [
    { kind: 'select', name: 'strategyId', labelKey: 'linkage.record.strategy', options: strategyOptions, query: ['strategyId'] },
    { kind: 'select', name: 'result', labelKey: 'linkage.record.result', options: LINK_RESULTS.map((r) => ({ value: r, labelKey: `linkage.result.${r}` })) },
    { kind: 'dateRange', name: 'when', labelKey: 'linkage.record.when', query: ['startTime', 'endTime'], min: () => dayText(earliestAlarmQueryDate(new Date())), max: () => todayText(), check: checkPeriod },
  ],
  list: (q, signal) => listLinkRecords(http, { page: q.page, limit: q.limit, ...queryOf(q.filters) }, signal),
  rowActions: [{ key: 'detail', labelKey: 'linkage.record.detail', run: (r, _reload, { page }) => page.setShown(r) }],
});

export default function LinkRecordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [shown, setShown] = useState<LinkRecord | null>(null);
  const initial = useMemo(() => (params.get('strategyId') ? { strategyId: params.get('strategyId')! } : undefined), [params]);

  const def = linkRecordResource;

  return (
    <div data-page="link-record">
      <ResourcePage def={def} page={{ setShown }} {...(initial ? { initialFilters: initial } : {})} />
      {shown && (
        <Modal title={`${shown.strategyName} · ${shown.firedAt}`} onClose={() => setShown(null)} wide testId="link-record-detail">
          <div className={css.detail}>
            <h3>{t('linkage.record.values')}</h3>
            <p data-part="values">{Object.entries(shown.values).map(([k, v]) => `${k} = ${v}`).join(' · ') || t('linkage.record.none')}</p>
            <h3>{t('linkage.record.attempts')}</h3>
            <ol data-part="attempts">
              {shown.attempts.map((a, i) => (
                <li key={i} className={css.attempt} data-ok={a.ok}>
                  {a.at} · {a.label} · {t('linkage.record.attempt', { n: a.attempt })} · {t(a.ok ? 'linkage.record.ok' : 'linkage.record.failed')}
                  {a.ok ? '' : `: ${a.message}`}
                </li>
              ))}
            </ol>
            {shown.note && <p>{shown.note}</p>}
          </div>
        </Modal>
      )}
    </div>
  );
}
