// Cluster monitor (clusterMonitorMng clustermonitor): every platform node that reported in the last
// hour, with its latest figures (uptime, CPU, memory, event-loop delay, connections, requests per
// second, database size) and line charts of the hour. After the first load only new samples are
// fetched and the hour is trimmed, so an open page's memory stays flat.
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { fetchCluster } from '../../../shared/api/monitor.ts';
import type { NodeSample } from '../../../shared/api/monitor-types.ts';
import { http } from '../../../shared/http/index.ts';
import { settings } from '../../../shared/session/settings.ts';
import type { ChartOption, Palette } from '../../charts/chart.tsx';
import * as css from './monitor.css.ts';
import { usePoll } from '../../resource/use-poll.ts';
import './texts.ts';

const LazyChart = lazy(() => import('../../charts/chart.tsx').then((m) => ({ default: m.Chart })));
const EVERY_MS = 5000;
const HOUR_MS = 3_600_000;

type Nodes = ReadonlyMap<string, readonly NodeSample[]>;

const clock = (at: number) => new Date(at).toTimeString().slice(0, 8);

function lines(samples: readonly NodeSample[], series: Array<[string, (s: NodeSample) => number]>) {
  return (p: Palette): ChartOption => ({
    grid: { left: 48, right: 16, top: 28, bottom: 28 },
    legend: { top: 0, textStyle: { color: p.text } },
    tooltip: { trigger: 'axis', renderMode: 'richText' },
    xAxis: { type: 'time', axisLabel: { color: p.muted }, axisLine: { lineStyle: { color: p.border } } },
    yAxis: { type: 'value', axisLabel: { color: p.muted }, splitLine: { lineStyle: { color: p.border } } },
    series: series.map(([name, pick]) => ({ name, type: 'line', showSymbol: false, data: samples.map((s) => [s.at, pick(s)]) })),
  });
}

export default function ClusterMonitorPage() {
  const { t } = useTranslation();
  const themeKey = useSnapshot(settings).theme.theme;
  const [nodes, setNodes] = useState<Nodes>(new Map());
  const [self, setSelf] = useState('');
  const [since, setSince] = useState(0);

  const poll = useCallback(
    (signal: AbortSignal) =>
      fetchCluster(http, since, signal).then(
        (answer) => {
          setSelf(answer.self);
          setNodes((current) => {
            const cutoff = Date.now() - HOUR_MS;
            const next = new Map<string, NodeSample[]>();
            for (const [name, samples] of current) next.set(name, samples.filter((s) => s.at > cutoff));
            for (const n of answer.nodes) next.set(n.name, [...(next.get(n.name) ?? []), ...n.samples.filter((s) => s.at > since)]);
            for (const [name, samples] of next) if (samples.length === 0) next.delete(name);
            return next;
          });
          setSince(Math.max(since, ...answer.nodes.flatMap((n) => n.samples.map((s) => s.at))));
        },
        () => undefined,
      ),
    [since],
  );
  usePoll(poll, EVERY_MS);

  const list = useMemo(() => [...nodes].sort(([a], [b]) => a.localeCompare(b)), [nodes]);
  return (
    <div data-page="cluster-monitor" className={css.page}>
      <h1 className={css.title}>{t('monitor.cluster')}</h1>
      <p data-part="node-count">{list.length ? t('monitor.nodes', { count: list.length }) : t('monitor.none')}</p>
      {list.map(([name, samples]) => {
        const s = samples[samples.length - 1]!;
        const figures: Array<[string, string, string]> = [
          ['uptime', t('monitor.uptime'), t('monitor.hours', { h: Math.floor(s.uptimeS / 3600), m: Math.floor((s.uptimeS % 3600) / 60) })],
          ['cpu', t('monitor.cpu'), `${s.cpuPercent} %`],
          ['rss', t('monitor.rss'), `${s.rssMB} MB`],
          ['heap', t('monitor.heap'), `${s.heapUsedMB} / ${s.heapTotalMB} MB`],
          ['loop', t('monitor.loop'), `${s.loopP50Ms} / ${s.loopP99Ms} ms`],
          ['http', t('monitor.http'), String(s.httpConnections)],
          ['media', t('monitor.media'), String(s.mediaConnections)],
          ['rps', t('monitor.rps'), String(s.requestsPerS)],
          ['db', t('monitor.db'), `${s.dbMB} MB`],
        ];
        return (
          <section key={name} className={css.card} data-node={name} aria-label={name}>
            <h2 className={css.title} style={{ fontSize: 16 }}>
              {name} {name === self ? t('monitor.self') : ''} <small>{t('monitor.lastSample', { time: clock(s.at) })}</small>
            </h2>
            <dl className={css.figures}>
              {figures.map(([key, label, value]) => (
                <div key={key} className={css.figure} data-figure={key}>
                  <dt className={css.term}>{label}</dt>
                  <dd className={css.value}>{value}</dd>
                </div>
              ))}
            </dl>
            <div className={css.charts}>
              <Suspense fallback={null}>
                <LazyChart option={lines(samples, [[t('monitor.cpu'), (x) => x.cpuPercent]])} label={t('monitor.chartCpu')} themeKey={themeKey} testId="chart-cpu" className={css.chart} />
                <LazyChart
                  option={lines(samples, [
                    [t('monitor.rss'), (x) => x.rssMB],
                    [t('monitor.heap'), (x) => x.heapUsedMB],
                  ])}
                  label={t('monitor.chartMemory')}
                  themeKey={themeKey}
                  testId="chart-memory"
                  className={css.chart}
                />
                <LazyChart option={lines(samples, [['p99', (x) => x.loopP99Ms]])} label={t('monitor.chartLoop')} themeKey={themeKey} testId="chart-loop" className={css.chart} />
                <LazyChart option={lines(samples, [[t('monitor.rps'), (x) => x.requestsPerS]])} label={t('monitor.chartRps')} themeKey={themeKey} testId="chart-rps" className={css.chart} />
              </Suspense>
            </div>
          </section>
        );
      })}
    </div>
  );
}
