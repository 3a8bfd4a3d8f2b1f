// Queue monitor (clusterMonitorMng mqmonitor): the platform's event-queue topics, live — messages
// published, each consumer's delivered count, backlog and oldest waiting message, paused or running —
// with a chart of the last 10 minutes per topic (in and out per second, backlog). Pausing a consumer
// lets its backlog grow; resuming drains it.
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { fetchQueue, setConsumerPaused } from '../../../shared/api/monitor.ts';
import type { MqAnswer } from '../../../shared/api/monitor-types.ts';
import { http } from '../../../shared/http/index.ts';
import { settings } from '../../../shared/session/settings.ts';
import { buttonGhost } from '../../../shared/theme/base.css.ts';
import type { ChartOption, Palette } from '../../charts/chart.tsx';
import * as kit from '../../resource/resource.css.ts';
import * as css from '../cluster-monitor/monitor.css.ts';
import { usePoll } from '../../resource/use-poll.ts';
import '../cluster-monitor/texts.ts';

const LazyChart = lazy(() => import('../../charts/chart.tsx').then((m) => ({ default: m.Chart })));
const EVERY_MS = 2000;

export default function MqMonitorPage() {
  const { t } = useTranslation();
  const themeKey = useSnapshot(settings).theme.theme;
  const [answer, setAnswer] = useState<MqAnswer | null>(null);
  const poll = useCallback((signal: AbortSignal) => fetchQueue(http, signal).then(setAnswer, () => undefined), []);
  usePoll(poll, EVERY_MS);

  const toggle = async (topic: string, consumer: string, paused: boolean) => {
    await setConsumerPaused(http, topic, consumer, paused).catch(() => undefined);
    await poll(new AbortController().signal);
  };

  const option = (topic: string) => (p: Palette): ChartOption => {
    const series = answer?.history[topic] ?? [];
    return {
      grid: { left: 48, right: 16, top: 28, bottom: 28 },
      legend: { top: 0, textStyle: { color: p.text } },
      tooltip: { trigger: 'axis', renderMode: 'richText' },
      xAxis: { type: 'time', axisLabel: { color: p.muted }, axisLine: { lineStyle: { color: p.border } } },
      yAxis: { type: 'value', axisLabel: { color: p.muted }, splitLine: { lineStyle: { color: p.border } } },
      series: [
        { name: t('monitor.rateIn'), type: 'line', showSymbol: false, data: series.map(([at, rin]) => [at, rin]) },
        { name: t('monitor.rateOut'), type: 'line', showSymbol: false, data: series.map(([at, , out]) => [at, out]) },
        { name: t('monitor.backlog'), type: 'line', showSymbol: false, data: series.map(([at, , , backlog]) => [at, backlog]) },
      ],
    };
  };

  return (
    <div data-page="mq-monitor" className={css.page}>
      <h1 className={css.title}>{t('monitor.mq')}</h1>
      {answer && answer.topics.length === 0 && <p>{t('monitor.noTopics')}</p>}
      {answer?.topics.map((topic) => (
        <section key={topic.topic} className={css.card} data-topic={topic.topic} aria-label={topic.topic}>
          <h2 className={css.title} style={{ fontSize: 16 }}>
            <code>{topic.topic}</code> · {t('monitor.published')} <span data-part="published">{topic.published}</span> · {t('monitor.consumers', { count: topic.consumers.length })}
          </h2>
          <div className={kit.tableWrap}>
            <table /* not the resource kit: a live snapshot of the queues, replaced on each poll, not a paged list */ className={kit.table}>
              <thead>
                <tr>
                  {['consumer', 'delivered', 'backlog', 'oldest', 'state'].map((k) => (
                    <th key={k} className={kit.head} scope="col">
                      {t(`monitor.${k}`)}
                    </th>
                  ))}
                  <th className={kit.head} scope="col">
                    <span className={kit.muted}>{t('monitor.pause')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {topic.consumers.map((c) => (
                  <tr key={c.name} data-consumer={c.name} data-paused={c.paused}>
                    <td className={kit.cell}>{c.name}</td>
                    <td className={kit.cell} data-part="delivered">
                      {c.delivered}
                    </td>
                    <td className={kit.cell} data-part="backlog">
                      {c.backlog}
                    </td>
                    <td className={kit.cell}>{c.oldestMs ? `${(c.oldestMs / 1000).toFixed(1)} s` : '—'}</td>
                    <td className={kit.cell}>{t(c.paused ? 'monitor.paused' : 'monitor.running')}</td>
                    <td className={kit.cell}>
                      <button type="button" className={buttonGhost} data-action={c.paused ? 'resume' : 'pause'} onClick={() => void toggle(topic.topic, c.name, !c.paused)}>
                        {t(c.paused ? 'monitor.resume' : 'monitor.pause')} {c.name}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Suspense fallback={null}>
            <LazyChart option={option(topic.topic)} label={t('monitor.chartTopic', { topic: topic.topic })} themeKey={themeKey} testId={`chart-${topic.topic}`} className={css.chart} />
          </Suspense>
        </section>
      ))}
    </div>
  );
}
