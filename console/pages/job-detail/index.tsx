// /job_detail?id=N (SPEC §2 public route "task detail"): one job's schedule and its runs — trigger,
// start and end, result, detail and the file a run produced (downloaded with the token in a header) —
// and the chosen run's log, followed live while the run is running (new lines every second).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { getJob, jobRunLog, listJobRuns } from '../../../shared/api/job.ts';
import type { Job, JobLogLine, JobRun } from '../../../shared/api/job-types.ts';
import { downloadFile } from '../../../shared/http/download.ts';
import { http } from '../../../shared/http/index.ts';
import { hasMenu } from '../../../shared/session/index.ts';
import { buttonGhost } from '../../../shared/theme/base.css.ts';
import * as kit from '../../resource/resource.css.ts';
import { usePoll } from '../../resource/use-poll.ts';
import '../job/texts.ts';

const RUNS_EVERY_MS = 3000;
const LOG_EVERY_MS = 1000;

export default function JobDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const [job, setJob] = useState<Job | null>(null);
  const [runs, setRuns] = useState<JobRun[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [log, setLog] = useState<{ runId: number; lines: JobLogLine[] }>({ runId: 0, lines: [] });
  const [live, setLive] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const logEnd = useRef<HTMLLIElement>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      Promise.all([getJob(http, id, { quiet: true, ...(signal ? { signal } : {}) }), listJobRuns(http, id, 1, { quiet: true, ...(signal ? { signal } : {}) })]).then(
        ([j, r]) => {
          setJob(j);
          setRuns(r.rows);
          setFailed(null);
        },
        (error: unknown) => {
          if (!signal?.aborted) setFailed(error instanceof Error ? error.message : String(error));
        },
      ),
    [id],
  );

  // The runs, again every few seconds while the tab shows (a scheduled run appears by itself).
  usePoll(load, RUNS_EVERY_MS, id, { enabled: Number.isInteger(id) && id > 0 });

  // The newest run is shown until the user picks another.
  const shown = chosen ?? runs?.[0]?.id ?? null;
  const lines = useMemo(() => (log.runId === shown ? log.lines : []), [log, shown]);

  // The shown run's log: everything, then only new lines while it runs (and the tab shows).
  const cursor = useRef({ runId: 0, after: 0 });
  const pollLog = useCallback(
    (signal: AbortSignal) => {
      if (shown === null) return Promise.resolve();
      if (cursor.current.runId !== shown) cursor.current = { runId: shown, after: 0 };
      return jobRunLog(http, shown, cursor.current.after, { quiet: true, signal }).then(
        ({ run, lines: more }) => {
          if (signal.aborted || cursor.current.runId !== shown) return;
          if (more.length) cursor.current.after = more[more.length - 1]!.id;
          setLog((current) => ({ runId: shown, lines: current.runId === shown ? [...current.lines, ...more] : more }));
          const running = run.result === 'running';
          setLive(running);
          if (!running) setRuns((list) => list?.map((r) => (r.id === run.id ? run : r)) ?? list);
        },
        () => undefined,
      );
    },
    [shown],
  );
  // Followed until the run ends: the first read of another run, then more while it is running.
  usePoll(pollLog, LOG_EVERY_MS, shown, { enabled: shown !== null && (log.runId !== shown || live) });

  useEffect(() => {
    if (live) logEnd.current?.scrollIntoView({ block: 'nearest' });
  }, [lines, live]);

  // Without a job there is nothing to show: say so and lead back (to the job list where the user may
  // open it, else to the dashboard).
  if (!Number.isInteger(id) || id <= 0)
    return (
      <div data-page="job-detail" className={kit.main} style={{ padding: 16 }}>
        <p role="status" className={kit.state}>
          {t('jobDetail.missing')}
        </p>
        <p>
          {hasMenu('jobMng') ? (
            <Link to="/jobmng" data-action="back">
              {t('jobDetail.back')}
            </Link>
          ) : (
            <Link to="/" data-action="back">
              {t('jobDetail.home')}
            </Link>
          )}
        </p>
      </div>
    );
  return (
    <div data-page="job-detail" className={kit.main} style={{ padding: 16 }}>
      <div className={kit.toolbar}>
        <h1 style={{ margin: 0, fontSize: 20 }}>
          {t('jobDetail.title')}
          {job ? ` · ${job.name}` : ''}
        </h1>
        <span className={kit.spacer} />
        {hasMenu('jobMng') ? <Link to="/jobmng">{t('jobDetail.back')}</Link> : <Link to="/">{t('jobDetail.home')}</Link>}
      </div>
      {failed && (
        <p role="alert" className={kit.state}>
          {failed}
        </p>
      )}
      {job && (
        <p className={kit.muted} data-part="schedule">
          <code>{job.cron}</code> · {job.timezone} · {t(`jobs.target.${job.target}`)} · {t('jobs.field.nextRun')}: <span data-next-run>{job.nextRun || '—'}</span>
        </p>
      )}
      <h2 style={{ fontSize: 16, margin: 0 }}>{t('jobDetail.runs')}</h2>
      <div className={kit.tableWrap}>
        <table /* not the resource kit: one job's recent runs under its detail, no paging or filters */ className={kit.table}>
          <thead>
            <tr>
              {['started', 'ended', 'trigger', 'result', 'message', 'file'].map((k) => (
                <th key={k} className={kit.head} scope="col">
                  {t(`jobDetail.${k}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {runs?.length === 0 && (
              <tr>
                <td className={kit.state} colSpan={6}>
                  {t('jobDetail.noRuns')}
                </td>
              </tr>
            )}
            {runs?.map((r) => (
              <tr key={r.id} className={kit.row} data-run={r.id} data-result={r.result} aria-selected={r.id === shown}>
                <td className={kit.cell}>
                  <button type="button" className={kit.link} onClick={() => setChosen(r.id)} aria-pressed={r.id === shown}>
                    {r.startedAt}
                  </button>
                </td>
                <td className={kit.cell}>{r.endedAt || '…'}</td>
                <td className={kit.cell}>{t(`jobs.trigger.${r.trigger}`)}</td>
                <td className={kit.cell} data-part="result">
                  {t(`jobs.result.${r.result}`)}
                </td>
                <td className={kit.cell}>{r.message}</td>
                <td className={kit.cell}>
                  {r.download ? (
                    <button type="button" className={buttonGhost} data-action="download" onClick={() => void downloadFile(r.download!, r.fileName ?? 'job.xlsx').catch(() => undefined)}>
                      {t('jobDetail.download')} {r.fileName}
                    </button>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2 style={{ fontSize: 16, margin: 0 }}>
        {t('jobDetail.log')} {live && <span data-part="live">· {t('jobDetail.live')}</span>}
      </h2>
      {shown === null ? (
        <p className={kit.muted}>{t('jobDetail.pick')}</p>
      ) : (
        <ol data-part="log" aria-live="polite" style={{ fontFamily: 'monospace', fontSize: 13, maxHeight: 320, overflow: 'auto', margin: 0 }}>
          {lines.map((l, i) => (
            <li key={l.id} ref={i === lines.length - 1 ? logEnd : undefined}>
              {l.at} {l.text}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
