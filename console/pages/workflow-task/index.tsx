// The five task boxes of the workflow (activitiManager: my_task, his_task "I initiated", approve_task
// "I approved", copy_task "CC to me", all_task) on one page, chosen by the route; tabs with their
// counts lead to the boxes the user holds. A row opens the request (values, steps, timeline, and the
// decisions the viewer may take); "New request" starts one from an enabled form.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { boxCounts, listBox, startableForms, startRequest, workflowDirectory } from '../../../shared/api/workflow.ts';
import { BOXES, type Box, type BoxCounts, type Directory, type RequestRow, type RequestStatus, type WorkflowForm } from '../../../shared/api/workflow-types.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { hasMenu } from '../../../shared/session/index.ts';
import { input } from '../../../shared/theme/base.css.ts';
import { defineResource, Modal, ResourcePage } from '../../resource/index.ts';
import * as kit from '../../resource/resource.css.ts';
import '../workflow-form/texts.ts';
import { RequestDetailDialog } from './detail.tsx';
import { ValuesForm } from './values-form.tsx';
import * as css from './workflow.css.ts';

const PATHS: Record<Box, { path: string; menu: string }> = {
  my: { path: '/activiti/my_task', menu: 'myTask' },
  initiated: { path: '/activiti/his_task', menu: 'hisTask' },
  approved: { path: '/activiti/approve_task', menu: 'approveTask' },
  cc: { path: '/activiti/copy_task', menu: 'copyTask' },
  all: { path: '/activiti/all_task', menu: 'allTask' },
};
const STATUSES: RequestStatus[] = ['running', 'returned', 'approved', 'rejected', 'withdrawn'];

function StartDialog({ directory, onClose }: { directory: Directory | null; onClose: (started: boolean) => void }) {
  const { t } = useTranslation();
  const [forms, setForms] = useState<WorkflowForm[] | null>(null);
  const [formId, setFormId] = useState('');
  useEffect(() => {
    startableForms(http).then((list) => {
      setForms(list);
      if (list.length === 1) setFormId(String(list[0]!.id));
    }, () => setForms([]));
  }, []);
  const form = forms?.find((f) => String(f.id) === formId) ?? null;
  return (
    <Modal title={t('workflow.start.title')} onClose={() => onClose(false)} wide testId="workflow-start">
      {forms !== null && forms.length === 0 ? <p className={kit.muted}>{t('workflow.start.noForms')}</p> : null}
      {forms && forms.length > 0 ? (
        <div className={kit.form}>
          <label htmlFor="wf-form">{t('workflow.start.form')}</label>
          <select id="wf-form" className={input} value={formId} onChange={(e) => setFormId(e.currentTarget.value)}>
            <option value="">—</option>
            {forms.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
          {form?.description ? <p className={kit.muted}>{form.description}</p> : null}
        </div>
      ) : null}
      {form ? (
        <ValuesForm
          key={form.id}
          fields={form.fields}
          directory={directory}
          submitLabel={t('workflow.start.submit')}
          onSubmit={async (values) => {
            await startRequest(http, form.id, values);
            notify({ kind: 'toast', level: 'success', duration: 2500, key: 'workflow.start.done' });
            onClose(true);
          }}
          onCancel={() => onClose(false)}
        />
      ) : null}
    </Modal>
  );
}

/** What a box's list reaches on the page: the request dialog, the start dialog, and whether the user may start one. */
interface WorkflowTaskPageState {
  setOpen: (id: number) => void;
  setStarting: (starting: boolean) => void;
  canStart: boolean;
}

/** The declaration of one task box: the same columns, its own list (the "to do" box has no status filter). */
const boxResource = (box: Box) =>
  defineResource<RequestRow, WorkflowTaskPageState>({
    id: `workflow-${box}`,
    operation: 'workflow.list',
    titleKey: `workflow.box.${box}`,
    rowKey: (r) => (r.taskId ? `${r.id}-${r.taskId}` : r.id),
    rowName: (r) => `#${r.id} ${r.formName}`,
    columns: [
      { id: 'id', headerKey: 'workflow.column.id', field: 'id', cell: (r) => `#${r.id}` },
      { id: 'form', headerKey: 'workflow.column.form', field: 'formName' },
      { id: 'initiator', headerKey: 'workflow.column.initiator', field: 'initiatorName' },
      { id: 'status', headerKey: 'workflow.column.status', field: 'status', cell: (r, { t }) => <span data-status={r.status}>{t(`workflow.status.${r.status}`)}</span> },
      { id: 'step', headerKey: 'workflow.column.step', field: ['status', 'stepName'], cell: (r) => (r.status === 'running' ? r.stepName : '—') },
      { id: 'created', headerKey: 'workflow.column.created', field: 'createdAt' },
      { id: 'updated', headerKey: 'workflow.column.updated', field: 'updatedAt' },
    ],
    filters: box === 'my' ? [] : [{ kind: 'select', name: 'status', labelKey: 'workflow.column.status', options: STATUSES.map((s) => ({ value: s, labelKey: `workflow.status.${s}` })) }],
    list: (q, signal) => {
      const status = typeof q.filters.status === 'string' && q.filters.status ? (q.filters.status as RequestStatus) : undefined;
      return listBox(http, { box, page: q.page, limit: q.limit, ...(status ? { status } : {}) }, signal);
    },
    rowActions: [{ key: 'open', labelKey: 'workflow.detail.open', run: (r, _reload, { page }) => page.setOpen(r.id) }],
    filterActions: [{ key: 'start', labelKey: 'workflow.start.action', show: ({ page }) => page.canStart, run: (_filters, _done, { page }) => page.setStarting(true) }],
  });

export const myTaskResource = boxResource('my');
export const initiatedTaskResource = boxResource('initiated');
export const approvedTaskResource = boxResource('approved');
export const ccTaskResource = boxResource('cc');
export const allTaskResource = boxResource('all');
const BOX_RESOURCES: Record<Box, typeof myTaskResource> = { my: myTaskResource, initiated: initiatedTaskResource, approved: approvedTaskResource, cc: ccTaskResource, all: allTaskResource };

export default function WorkflowTaskPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const box = (BOXES.find((b) => pathname.startsWith(PATHS[b].path)) ?? 'my') as Box;
  const [counts, setCounts] = useState<BoxCounts | null>(null);
  const [directory, setDirectory] = useState<Directory | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [starting, setStarting] = useState(false);
  const [version, setVersion] = useState(0);

  const refreshCounts = useCallback(() => boxCounts(http).then(setCounts, () => undefined), []);
  useEffect(() => {
    void refreshCounts();
    workflowDirectory(http).then(setDirectory, () => undefined);
  }, [refreshCounts, box]);

  const def = BOX_RESOURCES[box];

  const changed = () => {
    setVersion((v) => v + 1);
    void refreshCounts();
  };

  return (
    <div data-page="workflow-task" data-box={box}>
      <nav className={css.tabs} aria-label={t('workflow.forms.field.process')}>
        {BOXES.filter((b) => hasMenu(PATHS[b].menu)).map((b) => (
          <Link key={b} to={PATHS[b].path} className={css.tab} aria-current={b === box ? 'page' : undefined} data-box-tab={b}>
            {t(`workflow.box.${b}`)}
            {counts ? (
              <span className={css.count} data-count={b}>
                {counts[b]}
              </span>
            ) : null}
          </Link>
        ))}
      </nav>
      <ResourcePage def={def} page={{ setOpen, setStarting, canStart: hasMenu('hisTask') }} version={version} />
      {open !== null ? (
        <RequestDetailDialog
          id={open}
          directory={directory}
          onClose={(didChange) => {
            setOpen(null);
            if (didChange) changed();
          }}
        />
      ) : null}
      {starting ? (
        <StartDialog
          directory={directory}
          onClose={(started) => {
            setStarting(false);
            if (started) changed();
          }}
        />
      ) : null}
    </div>
  );
}
