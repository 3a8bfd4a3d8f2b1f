// The header bar's background-task badge and its progress dialog (SPEC §2): shown when tasks exist
// (count up to 99); the dialog lists name, times, a coloured progress bar, status and detail, and
// deletes finished or selected items for users holding progress:del; a running task can be stopped.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProgressRow } from '../../shared/poll/progress-model.ts';
import { downloadFile } from '../../shared/http/download.ts';
import { useProgressPanel } from './use-progress-panel.ts';
import { visuallyHidden } from '../../shared/theme/base.css.ts';
import * as css from './progress-panel.css.ts';

const STATUS_KEY = { success: 'status.task.normal', info: 'status.task.loading', danger: 'status.task.abnormal' } as const;

function TasksIcon() {
  return (
    <svg className={css.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 5h16v2H4V5Zm0 6h10v2H4v-2Zm0 6h7v2H4v-2Zm13.5-4a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9Zm-.75 2v3.1l2.4 1.4.75-1.25-1.65-.97V15h-1.5Z" />
    </svg>
  );
}

/** A finished task's file: fetched with the token in a header, never a token in the URL. */
function DownloadButton({ path, name, title }: { path: string; name: string; title: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    downloadFile(path, name)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <button type="button" className={css.download} onClick={run} disabled={busy} data-action="download" aria-label={t('progress.downloadOf', { title })}>
      {t('progress.download')}
    </button>
  );
}

function Bar({ row }: { row: ProgressRow }) {
  const { t } = useTranslation();
  return (
    <div className={css.bar}>
      <div
        className={css.track}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={row.progr}
        aria-label={row.title}
        data-color={row.color}
      >
        <div className={css.fill[row.color]} style={{ width: `${row.progr}%` }} />
      </div>
      <span data-part="percent">{t('progress.percent', { percent: row.progr })}</span>
    </div>
  );
}

export function ProgressPanel() {
  const { t } = useTranslation();
  const panel = useProgressPanel();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (panel.open && !dialog.open) dialog.showModal();
    if (!panel.open && dialog.open) dialog.close();
  }, [panel.open]);

  if (!panel.canView) return null;

  return (
    <span className={css.host}>
      {panel.count > 0 && (
        <button
          type="button"
          className={css.badge}
          aria-haspopup="dialog"
          aria-label={t('progress.badge', { count: panel.count })}
          title={t('task.title')}
          onClick={panel.show}
        >
          <TasksIcon />
          <span className={css.count} data-part="count" aria-hidden="true">
            {panel.countText}
          </span>
        </button>
      )}
      {panel.ready.length > 0 && !panel.open && (
        <div className={css.ready} role="status" data-part="file-ready">
          {panel.ready.map((row) => (
            <div key={row.id} className={css.readyRow} data-ready={row.key}>
              <span className={css.readyText}>
                {t('progress.fileReady', { title: row.title })}
                {row.msg ? ` · ${row.msg}` : ''}
              </span>
              <DownloadButton path={row.download!} name={row.fileName ?? `${row.key}.xlsx`} title={row.title} />
              <button type="button" className={css.download} onClick={() => panel.dismissReady(row.id)} aria-label={t('progress.dismissOf', { title: row.title })}>
                {t('progress.dismiss')}
              </button>
            </div>
          ))}
        </div>
      )}
      <dialog ref={dialogRef} className={css.dialog} aria-labelledby={titleId} onClose={panel.hide}>
        {panel.open && (
          <>
            <h2 id={titleId} className={css.title}>
              {t('task.title')}
            </h2>
            <div className={css.scroller}>
              <table className={css.table}>
                <thead>
                  <tr>
                    <th className={css.head}>
                      <span className={visuallyHidden}>{t('progress.selectColumn')}</span>
                    </th>
                    <th className={css.head}>{t('task.column.name')}</th>
                    <th className={css.head}>{t('task.column.startTime')}</th>
                    <th className={css.head}>{t('task.column.endTime')}</th>
                    <th className={css.head}>{t('task.column.progress')}</th>
                    <th className={css.head}>{t('task.column.status')}</th>
                    <th className={css.head}>{t('task.column.detail')}</th>
                  </tr>
                </thead>
                <tbody>
                  {panel.rows.length === 0 && (
                    <tr>
                      <td className={css.empty} colSpan={7}>
                        {t('progress.empty')}
                      </td>
                    </tr>
                  )}
                  {panel.rows.map((row) => (
                    <tr key={row.id} data-id={row.id} data-status={row.status}>
                      <td className={css.cell}>
                        <input
                          type="checkbox"
                          aria-label={t('progress.select', { title: row.title })}
                          checked={panel.chosen.has(row.id)}
                          disabled={!panel.canDelete || !row.finished}
                          onChange={() => panel.toggle(row.id)}
                        />
                      </td>
                      <td className={css.cell} data-part="name">
                        {row.title}
                      </td>
                      <td className={css.cell}>{row.startTime}</td>
                      <td className={css.cell}>
                        {row.finished ? row.endTime : <span className={css.spinner} role="img" aria-label={t('progress.running')} />}
                      </td>
                      <td className={css.cell}>
                        <Bar row={row} />
                      </td>
                      <td className={css.cell}>{t(STATUS_KEY[row.color])}</td>
                      <td className={css.detail}>
                        {row.msg}
                        {row.finished && row.download ? <DownloadButton path={row.download} name={row.fileName ?? `${row.key}.xlsx`} title={row.title} /> : null}
                        {row.finished ? null : (
                          <button type="button" className={css.download} data-action="stop" aria-label={t('progress.stopOf', { title: row.title })} onClick={() => void panel.stop(row)}>
                            {t('progress.stop')}
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className={css.footer}>
              <label className={css.finishedBox}>
                <input
                  type="checkbox"
                  checked={panel.deleteFinished}
                  disabled={!panel.canDelete}
                  onChange={(e) => panel.setDeleteFinished(e.currentTarget.checked)}
                />
                {t('task.deleteFinished')}
              </label>
              <span className={css.message} role="status" aria-live="polite" data-part="message">
                {panel.message ? t(panel.message) : ''}
              </span>
              <button type="button" className={css.cancel} onClick={panel.hide}>
                {t('task.cancel')}
              </button>
              {panel.canDelete && (
                <button type="button" className={css.remove} disabled={panel.busy} onClick={() => void panel.remove()}>
                  {t('task.delete')}
                </button>
              )}
            </div>
          </>
        )}
      </dialog>
    </span>
  );
}
