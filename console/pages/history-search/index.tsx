// History search (MonitorOPS devmng/search, historySearch; stand-alone /devmng_search): find devices,
// pick their parameters and a period inside the past 3 months (the rule alarm search and the platform
// share), and see the values as a line chart (ECharts, loaded with this page) and as a table; the
// platform answers at most a few hundred points per series for any range (each the average of its
// span), and the export holds exactly the rows of the table.
import { lazy, Suspense, useCallback, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { listDevices } from '../../../shared/api/device.ts';
import type { Device } from '../../../shared/api/device-types.ts';
import { devicePoints, exportHistory, pointHistory } from '../../../shared/api/point.ts';
import type { HistoryAnswer, PointValue } from '../../../shared/api/point-types.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { settings } from '../../../shared/session/settings.ts';
import { DateRangeField } from '../../../shared/forms/date-range-field.tsx';
import { addDays, DATE_FORMAT, dateTimeText, dayText, isDateText, todayText } from '../../../shared/forms/date-text.ts';
import { button, buttonGhost, input } from '../../../shared/theme/base.css.ts';
import { alarmQueryWindow, earliestAlarmQueryDate } from '../../../shared/validate/index.ts';
import type { Palette } from '../../charts/chart.tsx';
import * as css from '../../resource/resource.css.ts';
import { periodOf } from '../../resource/period.ts';
import * as local from './history.css.ts';
import './texts.ts';
import { Choice } from '../../resource/picker.tsx';

const LazyChart = lazy(() => import('../../charts/chart.tsx').then((m) => ({ default: m.Chart })));
const POINTS = 500;

interface Run {
  answer: HistoryAnswer;
  names: Map<string, string>;
}

export default function HistorySearchPage() {
  const { t } = useTranslation();
  const themeKey = useSnapshot(settings).theme.theme;
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<Device[]>([]);
  const [chosen, setChosen] = useState<number[]>([]);
  const [params, setParams] = useState<PointValue[]>([]);
  const [codes, setCodes] = useState<string[]>([]);
  const [from, setFrom] = useState(() => dayText(addDays(new Date(), -1)));
  const [to, setTo] = useState(() => todayText());
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [run, setRun] = useState<Run | null>(null);

  const find = async (event?: FormEvent) => {
    event?.preventDefault();
    try {
      const page = await listDevices(http, { limit: 50, ...(keyword.trim() ? { keyword: keyword.trim() } : {}) });
      setFound(page.rows.filter((d) => d.modelId !== null));
    } catch {
      // The platform's message was shown.
    }
  };
  const choose = async (ids: number[]) => {
    setChosen(ids.slice(0, 20));
    const first = ids[0];
    if (first === undefined) return setParams([]);
    try {
      const points = await devicePoints(http, first);
      setParams(points);
      setCodes((c) => c.filter((code) => points.some((p) => p.code === code)));
    } catch {
      setParams([]);
    }
  };
  const preset = (days: number) => {
    setFrom(dayText(addDays(new Date(), -days)));
    setTo(todayText());
  };

  const query = useCallback(() => {
    const { start, end } = periodOf(from, to, new Date());
    return { deviceIds: chosen, codes, startTime: dateTimeText(start), endTime: dateTimeText(end), maxPoints: POINTS };
  }, [chosen, codes, from, to]);

  const check = (): string | null => {
    if (chosen.length === 0) return t('history.pickDevice');
    if (codes.length === 0) return t('history.pickParam');
    if (![from, to].every((v) => isDateText(v, 'date'))) return t('date.format', { format: DATE_FORMAT.date });
    const now = new Date();
    const { start, end } = periodOf(from, to, now);
    const wrong = alarmQueryWindow(start, end, now);
    return wrong ? t(wrong.key, wrong.params ?? {}) : null;
  };

  const search = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = check();
    setProblem(wrong);
    if (wrong) return;
    setBusy(true);
    try {
      const answer = await pointHistory(http, query());
      const names = new Map([...params.map((p) => [p.code, p.unit ? `${p.name} (${p.unit})` : p.name] as [string, string])]);
      setRun({ answer, names });
    } catch {
      // The platform's message was shown.
    } finally {
      setBusy(false);
    }
  };
  const exportAll = async () => {
    const wrong = check();
    setProblem(wrong);
    if (wrong) return;
    try {
      await exportHistory(http, query());
      notify({ kind: 'toast', level: 'success', duration: 3000, key: 'history.exportStarted' });
    } catch {
      // The platform's message was shown.
    }
  };

  const rows = useMemo(
    () =>
      (run?.answer.series ?? [])
        .flatMap((s) => s.points.map(([at, value]) => ({ at, device: `${s.deviceCode} ${s.deviceName}`, param: run?.names.get(s.code) ?? s.code, value })))
        .sort((a, b) => a.at - b.at),
    [run],
  );
  const option = useCallback(
    (p: Palette) => ({
      textStyle: { color: p.text },
      tooltip: { trigger: 'axis', renderMode: 'richText' },
      legend: { top: 0, textStyle: { color: p.text } },
      grid: { left: 48, right: 16, top: 36, bottom: 56 },
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8, textStyle: { color: p.muted } }],
      xAxis: { type: 'time', axisLabel: { color: p.muted }, axisLine: { lineStyle: { color: p.border } } },
      yAxis: { type: 'value', scale: true, axisLabel: { color: p.muted }, splitLine: { lineStyle: { color: p.border } } },
      series: (run?.answer.series ?? []).map((s) => ({ name: `${s.deviceCode} · ${run?.names.get(s.code) ?? s.code}`, type: 'line', showSymbol: false, data: s.points })),
    }),
    [run],
  );
  const seconds = run ? Math.round(run.answer.bucketMs / 1000) : 0;
  const bucket = seconds >= 3600 ? `${Math.round(seconds / 360) / 10} h` : seconds >= 60 ? `${Math.round(seconds / 6) / 10} min` : `${seconds} s`;

  return (
    <section className={local.page} data-page="history-search" aria-labelledby="history-title">
      <h1 id="history-title" className={local.title}>
        {t('history.title')}
      </h1>
      <form /* not the resource kit: the device search choosing the points to chart, not a resource filter */ className={css.filters} role="search" onSubmit={(e) => void find(e)}>
        <label className={css.filter}>
          {t('history.keyword')}
          <input className={input} type="search" name="device-keyword" value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} />
        </label>
        <button type="submit" className={buttonGhost} data-action="find">
          {t('history.find')}
        </button>
      </form>
      <form /* not the resource kit: a time-series query (points and time window) that draws a chart, not a resource filter */ className={local.form} onSubmit={(e) => void search(e)} noValidate>
        <label className={css.filter}>
          {t('history.devices')}
          <Choice
            name="devices"
            multiple
            value={chosen.map(String)}
            onChange={(v) => void choose((v as string[]).map(Number))}
            options={found.map((d) => ({ value: String(d.id), label: `${d.code} ${d.name}` }))}
          />
        </label>
        <label className={css.filter}>
          {t('history.params')}
          <select className={input} name="params" multiple size={6} value={codes} onChange={(e) => setCodes([...e.currentTarget.selectedOptions].map((o) => o.value))}>
            {params.map((p) => (
              <option key={p.code} value={p.code}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <div className={local.period}>
          <fieldset className={css.filter} style={{ border: 0, padding: 0, margin: 0 }}>
            <legend>{t('history.period')}</legend>
            <DateRangeField
              precision="date"
              value={[from, to]}
              onChange={([a, b]) => {
                setFrom(a);
                setTo(b);
              }}
              labels={[t('history.from'), t('history.to')]}
              names={['from', 'to']}
              min={dayText(earliestAlarmQueryDate(new Date()))}
              max={todayText()}
            />
          </fieldset>
          <div className={css.toolbar}>
            {([1, 7, 30] as const).map((d) => (
              <button key={d} type="button" className={buttonGhost} onClick={() => preset(d)}>
                {t(d === 1 ? 'history.last24h' : d === 7 ? 'history.last7d' : 'history.last30d')}
              </button>
            ))}
          </div>
        </div>
        <div className={css.toolbar}>
          <button type="submit" className={button} disabled={busy} data-action="query">
            {t('history.query')}
          </button>
          <button type="button" className={buttonGhost} onClick={() => void exportAll()} data-action="export-history">
            {t('history.export')}
          </button>
        </div>
        {problem ? (
          <p role="alert" className={css.fieldError}>
            {problem}
          </p>
        ) : null}
      </form>
      {!run ? (
        <p className={css.muted}>{t('history.empty')}</p>
      ) : rows.length === 0 ? (
        <p className={css.muted} role="status">
          {t('history.noData')}
        </p>
      ) : (
        <>
          <Suspense fallback={<div className={local.chart} aria-busy="true" />}>
            <LazyChart option={option} label={t('history.chart', { count: run.answer.series.length })} themeKey={themeKey} testId="history-chart" className={local.chart} />
          </Suspense>
          <p className={css.muted} role="status" data-testid="history-rows">
            {t('history.rows', { count: rows.length, bucket })}
          </p>
          <div className={css.tableWrap} style={{ maxHeight: 360 }}>
            <table /* not the resource kit: the samples of the chart above, aligned by time across points */ className={css.table} aria-label={t('history.title')}>
              <thead>
                <tr>
                  {(['time', 'device', 'param', 'value'] as const).map((c) => (
                    <th key={c} className={css.cell} scope="col">
                      {t(`history.field.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={i} data-history-row>
                    <td className={css.cell}>{dateTimeText(r.at)}</td>
                    <td className={css.cell}>{r.device}</td>
                    <td className={css.cell}>{r.param}</td>
                    <td className={css.cell}>{r.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
