// One request: what was filled in, its steps with each approver's decision, its timeline, and what
// the viewer may do now — approve, reject (with a reason; back to the initiator or ended), transfer,
// withdraw before the first approval, or edit and resubmit a returned request.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { approveTask, getRequest, rejectTask, resubmitRequest, transferTask, withdrawRequest } from '../../../shared/api/workflow.ts';
import type { Directory, RequestDetail } from '../../../shared/api/workflow-types.ts';
import { http, notify, RequestError } from '../../../shared/http/index.ts';
import { button, buttonGhost, input } from '../../../shared/theme/base.css.ts';
import { Modal } from '../../resource/index.ts';
import * as kit from '../../resource/resource.css.ts';
import * as css from './workflow.css.ts';
import { ValuesForm } from './values-form.tsx';
import { Choice } from '../../resource/picker.tsx';

type Mode = 'view' | 'reject' | 'transfer' | 'resubmit';

export function RequestDetailDialog({ id, directory, onClose }: { id: number; directory: Directory | null; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<RequestDetail | null>(null);
  const [mode, setMode] = useState<Mode>('view');
  const [comment, setComment] = useState('');
  const [end, setEnd] = useState(false);
  const [target, setTarget] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [changed, setChanged] = useState(false);

  const load = useCallback(() => getRequest(http, id).then(setDetail, () => onClose(false)), [id, onClose]);
  useEffect(() => {
    void load();
  }, [load]);

  /** Runs an action; on success the request is reloaded and the list behind will be too. */
  const act = async (run: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(null);
    try {
      await run();
      notify({ kind: 'toast', level: 'success', duration: 2500, key: 'workflow.detail.done' });
      setChanged(true);
      setMode('view');
      setComment('');
      await load();
    } catch (error) {
      if (error instanceof RequestError) setProblem(error.message);
    } finally {
      setBusy(false);
    }
  };

  const close = () => onClose(changed);
  if (!detail) {
    return (
      <Modal title={t('workflow.detail.open')} onClose={close} wide testId="workflow-request">
        <p className={kit.muted}>…</p>
      </Modal>
    );
  }
  const task = detail.myTaskId;
  // An admin (all tasks) hands on a pending task whose assignee cannot act or is away.
  const reassign = task ? null : detail.reassignTaskId;
  const handing = task ?? reassign;
  const shown = (name: string) => {
    const value = detail.values[name];
    return detail.labels[name] || (value === null || value === undefined ? '' : String(value));
  };

  return (
    <Modal title={t('workflow.detail.title', { id: detail.id, form: detail.formName })} onClose={close} wide testId="workflow-request">
      <p className={kit.muted}>
        {t('workflow.detail.initiator', { name: detail.initiatorName })} · {t('workflow.detail.version', { version: detail.formVersion })} ·{' '}
        <strong data-part="status" data-status={detail.status}>
          {t(`workflow.status.${detail.status}`)}
        </strong>
      </p>
      <div className={css.columns}>
        <section aria-label={t('workflow.detail.values')}>
          <h3 className={css.heading}>{t('workflow.detail.values')}</h3>
          <dl className={css.values}>
            {detail.fields.map((f) => (
              <div key={f.name} className={css.pair}>
                <dt>{f.label}</dt>
                <dd data-value={f.name}>{shown(f.name) || '—'}</dd>
              </div>
            ))}
          </dl>
          <h3 className={css.heading}>{t('workflow.detail.steps')}</h3>
          <ol className={css.steps}>
            {detail.steps.map((s, i) => (
              <li key={i} data-step={i} data-current={detail.status === 'running' && detail.step === i}>
                <strong>{s.name}</strong> · {t(`workflow.mode.${s.mode}`)}
                <ul>
                  {s.tasks.length === 0 ? <li className={kit.muted}>{t('workflow.detail.nobodyYet')}</li> : null}
                  {s.tasks.map((task, j) => (
                    <li key={j} data-task-status={task.status}>
                      {task.assigneeName} · {t(`workflow.taskStatus.${task.status}`)}
                      {task.comment ? ` · “${task.comment}”` : ''}
                      {task.decidedAt ? ` · ${task.decidedAt}` : ''}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          {detail.ccNames.length ? <p className={kit.muted}>{t('workflow.detail.cc', { names: detail.ccNames.join(', ') })}</p> : null}
        </section>
        <section aria-label={t('workflow.detail.timeline')}>
          <h3 className={css.heading}>{t('workflow.detail.timeline')}</h3>
          <ol className={css.timeline} data-part="timeline">
            {detail.timeline.map((e, i) => (
              <li key={i} data-kind={e.kind}>
                <span className={kit.muted}>{e.at}</span> {e.actorName ? `${e.actorName} · ` : ''}
                {t(`workflow.kind.${e.kind}`, { name: e.targetName })}
                {e.kind === 'stepOpened' || e.stepName ? ` · ${e.stepName}` : ''}
                {e.comment && e.kind !== 'finished' ? ` · “${e.comment}”` : ''}
              </li>
            ))}
          </ol>
        </section>
      </div>

      {problem ? (
        <p className={kit.danger} role="alert">
          {problem}
        </p>
      ) : null}

      {mode === 'resubmit' ? (
        <ValuesForm fields={detail.fields} directory={directory} initial={detail.values} submitLabel={t('workflow.detail.resubmit')} onSubmit={(values) => act(() => resubmitRequest(http, detail.id, values))} onCancel={() => setMode('view')} />
      ) : null}

      {task && mode === 'view' ? (
        <div className={css.decide}>
          <label htmlFor="wf-comment">{t('workflow.detail.comment')}</label>
          <textarea id="wf-comment" className={input} rows={2} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
        </div>
      ) : null}
      {task && mode === 'reject' ? (
        <div className={css.decide}>
          <label htmlFor="wf-reason">{t('workflow.detail.reason')}</label>
          <textarea id="wf-reason" className={input} rows={2} value={comment} onChange={(e) => setComment(e.currentTarget.value)} aria-required="true" />
          <fieldset className={css.choice}>
            <legend>{t('workflow.detail.rejectHow')}</legend>
            <label>
              <input type="radio" name="wf-end" checked={!end} onChange={() => setEnd(false)} /> {t('workflow.detail.returnToInitiator')}
            </label>
            <label>
              <input type="radio" name="wf-end" checked={end} onChange={() => setEnd(true)} /> {t('workflow.detail.endRequest')}
            </label>
          </fieldset>
        </div>
      ) : null}
      {handing && mode === 'transfer' ? (
        <div className={css.decide}>
          <label htmlFor="wf-target">{t('workflow.detail.transferTo')}</label>
          <Choice
            inputProps={{ id: 'wf-target' }}
            value={target}
            onChange={(v) => setTarget(String(v))}
            emptyLabel="—"
            options={(directory?.users ?? []).filter((u) => u.canAct).map((u) => ({ value: String(u.id), label: `${u.name} (${u.username})` }))}
          />
          <label htmlFor="wf-comment">{t('workflow.detail.comment')}</label>
          <textarea id="wf-comment" className={input} rows={2} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
        </div>
      ) : null}

      <div className={kit.actions}>
        {task && mode === 'view' ? (
          <>
            <button type="button" className={button} disabled={busy} data-action="approve" onClick={() => void act(() => approveTask(http, task, comment.trim()))}>
              {t('workflow.detail.approve')}
            </button>
            <button type="button" className={buttonGhost} disabled={busy} data-action="reject" onClick={() => setMode('reject')}>
              {t('workflow.detail.reject')}
            </button>
            <button type="button" className={buttonGhost} disabled={busy} data-action="transfer" onClick={() => setMode('transfer')}>
              {t('workflow.detail.transfer')}
            </button>
          </>
        ) : null}
        {reassign && mode === 'view' ? (
          <button type="button" className={buttonGhost} disabled={busy} data-action="reassign" onClick={() => setMode('transfer')}>
            {t('workflow.detail.reassign')}
          </button>
        ) : null}
        {handing && (mode === 'reject' || mode === 'transfer') ? (
          <>
            <button type="button" className={buttonGhost} onClick={() => setMode('view')}>
              {t('workflow.detail.cancel')}
            </button>
            <button
              type="button"
              className={button}
              disabled={busy}
              data-action="confirm"
              onClick={() => void act(() => (mode === 'reject' && task ? rejectTask(http, task, comment.trim(), end) : transferTask(http, handing, Number(target), comment.trim())))}
            >
              {t('workflow.detail.confirm')}
            </button>
          </>
        ) : null}
        {detail.canWithdraw && mode === 'view' ? (
          <button type="button" className={buttonGhost} disabled={busy} data-action="withdraw" onClick={() => void act(() => withdrawRequest(http, detail.id))}>
            {t('workflow.detail.withdraw')}
          </button>
        ) : null}
        {detail.canResubmit && mode === 'view' ? (
          <button type="button" className={buttonGhost} disabled={busy} data-action="resubmit" onClick={() => setMode('resubmit')}>
            {t('workflow.detail.resubmit')}
          </button>
        ) : null}
        <button type="button" className={buttonGhost} onClick={close}>
          {t('workflow.detail.close')}
        </button>
      </div>
    </Modal>
  );
}
