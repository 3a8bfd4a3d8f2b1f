// Operation logs (MonitorOPS /ops/gate_log, stand-alone /ops_gate_log) on the resource kit: who did
// what, when, from where and with which result, filtered by user, interface, result and period (the
// past 3 months), exported as a background task, and the hash chain verified on request. Records are
// read-only: the page offers no edit or delete, and the platform has no call for either. A second tab
// lists the console's unhandled errors (SPEC §8 error log).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpLogQuery, OpLogRow } from '../../../shared/api/op-log-types.ts';
import { exportOpLogs, listClientErrors, listOpLogs, verifyOpLogs } from '../../../shared/api/op-log.ts';
import type { ClientErrorRow } from '../../../shared/api/client-error-types.ts';
import { dateTimeText } from '../../../shared/forms/date-text.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { buttonGhost } from '../../../shared/theme/base.css.ts';
import { defineResource, Modal, ResourcePage, type FilterValues, text } from '../../resource/index.ts';
import * as kit from '../../resource/resource.css.ts';
import './texts.ts';

const RESULTS = ['ok', 'refused', 'failed'] as const;

function queryOf(filters: FilterValues): Omit<OpLogQuery, 'page' | 'limit'> {
  const [from = '', to = ''] = (Array.isArray(filters.when) ? filters.when : []) as readonly string[];
  return {
    ...(text(filters.username) ? { username: text(filters.username) } : {}),
    ...(text(filters.path) ? { path: text(filters.path) } : {}),
    ...(text(filters.result) ? { result: text(filters.result) as OpLogRow['result'] } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

export const opLogResource = defineResource<OpLogRow>({
  id: 'op-log',
  operation: 'opLog.page',
  titleKey: 'opLog.title',
  rowKey: (r) => r.id,
  rowName: (r) => `${r.method} ${r.path}`,
  columns: [
    { id: 'time', headerKey: 'opLog.field.time', field: 'at', cell: (r) => dateTimeText(r.at) },
    { id: 'user', headerKey: 'opLog.field.user', field: 'username' },
    { id: 'ip', headerKey: 'opLog.field.ip', field: 'ip' },
    { id: 'method', headerKey: 'opLog.field.method', field: 'method' },
    { id: 'path', headerKey: 'opLog.field.path', field: 'path' },
    { id: 'target', headerKey: 'opLog.field.target', field: 'target' },
    { id: 'code', headerKey: 'opLog.field.code', field: ['code', 'status'], cell: (r) => r.code ?? r.status },
    { id: 'result', headerKey: 'opLog.field.result', field: 'result', cell: (r, { t }) => t(`opLog.result.${r.result}`) },
  ],
  filters: [
    { kind: 'text', name: 'username', labelKey: 'opLog.field.user' },
    { kind: 'text', name: 'path', labelKey: 'opLog.field.path' },
    { kind: 'select', name: 'result', labelKey: 'opLog.field.result', options: RESULTS.map((r) => ({ value: r, labelKey: `opLog.result.${r}` })) },
    { kind: 'dateRange', name: 'when', labelKey: 'opLog.field.when', query: ['from', 'to'] },
  ],
  list: (q, signal) => listOpLogs(http, { page: q.page, limit: q.limit, ...queryOf(q.filters) }, signal),
  exporter: (filters) => exportOpLogs(http, queryOf(filters)),
});

export default function GateLogPage() {
  const { t } = useTranslation();
  const def = opLogResource;

  const verify = async () => {
    try {
      const answer = await verifyOpLogs(http);
      notify(
        answer.intact
          ? { kind: 'toast', level: 'success', duration: 5000, key: 'opLog.intact', params: { records: answer.records } }
          : { kind: 'toast', level: 'error', duration: 5000, key: 'opLog.broken', params: { at: (answer.brokenAt ?? 0) + 1 } },
      );
    } catch {
      // The platform's message was shown as a toast.
    }
  };

  const [view, setView] = useState<'ops' | 'errors'>('ops');
  return (
    <div data-page="gate-log">
      <div role="tablist" aria-label={t('opLog.views')} className={kit.toolbar}>
        {(['ops', 'errors'] as const).map((v) => (
          <button key={v} type="button" role="tab" aria-selected={view === v} className={view === v ? undefined : buttonGhost} data-view={v} onClick={() => setView(v)}>
            {t(v === 'ops' ? 'opLog.title' : 'opLog.clientErrors')}
          </button>
        ))}
      </div>
      {view === 'ops' ? (
        <ResourcePage
          def={def}
          tools={
            <button type="button" className={buttonGhost} onClick={() => void verify()} data-action="verify">
              {t('opLog.verify')}
            </button>
          }
        />
      ) : (
        <ClientErrors />
      )}
    </div>
  );
}

/** SPEC §8's error log: the console's unhandled errors, scrubbed, newest first. */
/** What clientErrorResource's row actions reach on the page: its dialogs. */
interface ClientErrorPage { setStack: (row: ClientErrorRow | null) => void }

export const clientErrorResource = defineResource<ClientErrorRow, ClientErrorPage>({
  id: 'client-error',
  operation: 'clientError.page',
  titleKey: 'opLog.clientErrors',
  rowKey: (r) => r.id,
  rowName: (r) => r.message,
  columns: [
    { id: 'time', headerKey: 'opLog.field.time', field: 'at' },
    { id: 'message', headerKey: 'opLog.error.message', field: 'message' },
    { id: 'path', headerKey: 'opLog.error.path', field: 'path' },
    { id: 'agent', headerKey: 'opLog.error.agent', field: 'agent', cell: (r) => r.agent.slice(0, 60) },
  ],
  list: (q, signal) => listClientErrors(http, { page: q.page, limit: q.limit }, signal),
  rowActions: [{ key: 'stack', labelKey: 'opLog.error.showStack', show: (r) => r.stack !== '', run: (r, _reload, { page }) => page.setStack(r) }],
});

function ClientErrors() {
  const { t } = useTranslation();
  const [stack, setStack] = useState<ClientErrorRow | null>(null);
  const def = clientErrorResource;
  return (
    <>
      <ResourcePage def={def} page={{ setStack }} />
      {stack && (
        <Modal title={stack.message} onClose={() => setStack(null)} wide testId="client-error-stack">
          <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12, margin: 0 }} aria-label={t('opLog.error.stack')}>
            {stack.stack}
          </pre>
        </Modal>
      )}
    </>
  );
}
