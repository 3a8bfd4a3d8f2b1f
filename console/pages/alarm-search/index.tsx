// Alarm search (alarmManager alarm/search; stand-alone /alarm_search; where the bell leads) on the
// resource kit: current alarms or their history, filtered by level, confirmation, handling, event
// type, device or content and a period inside the past 3 months (the platform's own rule, checked
// here before asking). Users with alarm management take alarms in hand, handle them with a note,
// confirm or close them — one, the selected, or everything the filters match (a background task when
// many) — and read each alarm's history of actions. Viewers read only.
import { dateTimeText, dayText, todayText } from '../../../shared/forms/date-text.ts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { alarmActions, confirmAlarms, handleAlarms, handleAllAlarms, listAlarmHistory, listAlarms, listEventTypes } from '../../../shared/api/alarm.ts';
import { ALARM_HANDLE_STATUSES, ALARM_LEVELS, ALARM_STATUSES, type Alarm, type AlarmAction, type AlarmQuery } from '../../../shared/api/alarm-types.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { session } from '../../../shared/session/index.ts';
import { relatedCameras } from '../../../shared/api/relation.ts';
import type { RelatedCamera } from '../../../shared/api/relation-types.ts';
import { button, buttonGhost } from '../../../shared/theme/base.css.ts';
import { vars } from '../../../shared/theme/contract.ts';
import { alarmHandleSchema } from '../../../shared/validate/alarm.ts';
import { alarmQueryWindow, earliestAlarmQueryDate, type ValidationMessage } from '../../../shared/validate/index.ts';
import { defineForm, defineResource, FormDialog, Modal, ResourcePage, treeOptions, type Env, type FilterValues, text } from '../../resource/index.ts';
import { fetchAreaTree } from '../../../shared/api/device.ts';
import { allModels } from '../../../shared/api/device-model.ts';
import * as css from '../../resource/resource.css.ts';
import './texts.ts';
import { periodOf } from '../../resource/period.ts';
import { ChunkFailed, useElementChunk } from '../../errors/element-chunk.tsx';
import { CameraPlayer, loadPlayer } from '../../resource/camera-player.tsx';

function checkPeriod(from: string, to: string): ValidationMessage | null {
  const now = new Date();
  const { start, end } = periodOf(from, to, now);
  return alarmQueryWindow(start, end, now);
}

function queryOf(filters: FilterValues): Omit<AlarmQuery, 'page' | 'limit'> {
  const [from = '', to = ''] = (Array.isArray(filters.when) ? filters.when : []) as readonly string[];
  const q: Omit<AlarmQuery, 'page' | 'limit'> = {
    ...(text(filters.keyword) ? { keyword: text(filters.keyword) } : {}),
    ...(text(filters.level) ? { level: text(filters.level) as AlarmQuery['level'] } : {}),
    ...(text(filters.status) ? { status: text(filters.status) as AlarmQuery['status'] } : {}),
    ...(text(filters.handleStatus) ? { handleStatus: text(filters.handleStatus) as AlarmQuery['handleStatus'] } : {}),
    ...(text(filters.eventTypeId) ? { eventTypeId: Number(text(filters.eventTypeId)) } : {}),
    ...(text(filters.areaGuid) ? { areaGuid: text(filters.areaGuid) } : {}),
    ...(text(filters.modelId) ? { modelId: Number(text(filters.modelId)) } : {}),
  };
  if (!from && !to) return q;
  const { start, end } = periodOf(from, to, new Date());
  return { ...q, startTime: dateTimeText(start), endTime: dateTimeText(end) };
}

/** The level's colour marks the tag's edge; the text keeps the theme's text colour (contrast). */
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Filters from the address: level, status, handleStatus, keyword, areaGuid, from and to (YYYY-MM-DD). */
export function filtersFrom(params: URLSearchParams): FilterValues {
  const out: Record<string, string | readonly [string, string]> = {};
  const pick = (name: string, allowed?: readonly string[]) => {
    const value = params.get(name)?.trim() ?? '';
    if (value && (!allowed || allowed.includes(value))) out[name] = value.slice(0, 100);
  };
  pick('level', ALARM_LEVELS);
  pick('status', ALARM_STATUSES);
  pick('handleStatus', ALARM_HANDLE_STATUSES);
  pick('keyword');
  pick('areaGuid');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (DAY_PATTERN.test(from) || DAY_PATTERN.test(to)) out.when = [DAY_PATTERN.test(from) ? from : '', DAY_PATTERN.test(to) ? to : ''];
  return out;
}

const LEVEL_COLOUR: Record<Alarm['level'], string> = { critical: vars.color.danger, warning: vars.color.warning, reminder: vars.color.info, normal: vars.color.success };

type Open =
  | { kind: 'handle'; alarms: readonly Alarm[]; handleStatus: 'handling' | 'handled'; done: () => void }
  | { kind: 'ask'; text: string; run: () => Promise<unknown>; done: () => void }
  | { kind: 'actions'; alarm: Alarm }
  | { kind: 'cameras'; alarm: Alarm }
  | null;

const toast = (key: string, params: Record<string, string | number> = {}) => notify({ kind: 'toast', level: 'success', duration: 3000, key, params });

/** What the alarm list reaches on the page: its dialogs. */
interface AlarmSearchPageState {
  setOpen: (open: Open) => void;
}

const optionsOf = (values: readonly string[], prefix: string) => values.map((v) => ({ value: v, labelKey: `${prefix}.${v}` }));
const confirm = (alarms: readonly Alarm[], status: 'confirmed' | 'closed', done: () => void) =>
  confirmAlarms(http, { ids: alarms.map((a) => a.id), status }).then(
    (r) => (toast(status === 'closed' ? 'alarms.closed' : 'alarms.confirmed', { count: r.changed }), done()),
    () => undefined,
  );

/**
 * The alarm list for a user with alarm management (manage: the event-type filter, taking, handling,
 * confirming and closing alarms, one, the selected or all the filters match) or for a viewer (reads only).
 */
const alarmResource = (manage: boolean) =>
  defineResource<Alarm, AlarmSearchPageState>({
    id: 'alarm',
    operation: 'alarm.list',
    titleKey: 'alarms.title',
    rowKey: (a) => a.id,
    rowName: (a) => `${a.deviceName} · ${a.content}`,
    pageSize: 20,
    columns: [
      { id: 'time', headerKey: 'alarms.field.time', field: 'time' },
      {
        id: 'level',
        headerKey: 'alarms.field.level',
        field: 'level',
        cell: (a, { t }) => (
          <span className={css.badge} style={{ borderLeftColor: LEVEL_COLOUR[a.level] }} data-level={a.level}>
            {t(`status.alarmLevel.${a.level}`)}
          </span>
        ),
      },
      { id: 'device', headerKey: 'alarms.field.device', field: ['deviceName', 'deviceCode'], cell: (a) => `${a.deviceName} (${a.deviceCode})` },
      { id: 'area', headerKey: 'alarms.field.area', field: 'areaPath' },
      { id: 'content', headerKey: 'alarms.field.content', field: 'content' },
      { id: 'eventType', headerKey: 'alarms.field.eventType', field: 'eventTypeName' },
      { id: 'handleStatus', headerKey: 'alarms.field.handleStatus', field: 'handleStatus', cell: (a, { t }) => <span data-handle-status={a.handleStatus}>{t(`status.alarm.${a.handleStatus}`)}</span> },
      { id: 'status', headerKey: 'alarms.field.status', field: 'status', cell: (a, { t }) => <span data-status={a.status}>{t(`status.alarm.${a.status}`)}</span> },
      { id: 'handler', headerKey: 'alarms.field.handler', field: 'handler' },
    ],
    filters: [
      { kind: 'text', name: 'keyword', labelKey: 'alarms.field.keyword' },
      { kind: 'select', name: 'level', labelKey: 'alarms.field.level', options: optionsOf(ALARM_LEVELS, 'status.alarmLevel') },
      { kind: 'select', name: 'status', labelKey: 'alarms.field.status', options: optionsOf(ALARM_STATUSES, 'status.alarm') },
      { kind: 'select', name: 'handleStatus', labelKey: 'alarms.field.handleStatus', options: optionsOf(ALARM_HANDLE_STATUSES, 'status.alarm') },
      ...(manage
        ? [
            {
              kind: 'select' as const,
              name: 'eventTypeId',
              labelKey: 'alarms.field.eventType',
              options: () => listEventTypes(http, { page: 1, limit: 1000 }).then((p) => p.rows.map((e) => ({ value: String(e.id), label: `${e.number} ${e.name}` }))),
            },
          ]
        : []),
      {
        kind: 'select',
        name: 'modelId',
        labelKey: 'alarms.field.model',
        options: () =>
          allModels(http).then(
            (list) => list.map((m) => ({ value: String(m.id), label: `${m.code} ${m.name}` })),
            () => [],
          ),
      },
      {
        kind: 'select',
        name: 'areaGuid',
        labelKey: 'alarms.field.area',
        options: () =>
          fetchAreaTree(http, { quiet: true }).then(
            (tree) => treeOptions(tree, (n) => n.rowGuid, (n) => n.areaName),
            () => [],
          ),
      },
      { kind: 'dateRange', name: 'when', labelKey: 'alarms.field.when', query: ['startTime', 'endTime'], min: () => dayText(earliestAlarmQueryDate(new Date())), max: () => todayText(), check: checkPeriod },
    ],
    list: (q, signal) => {
      const query = { page: q.page, limit: q.limit, ...queryOf(q.filters) };
      return q.filters.view === 'history' ? listAlarmHistory(http, query, { signal }) : listAlarms(http, query, { signal });
    },
    rowActions: [
      ...(manage
        ? [
            {
              key: 'take',
              labelKey: 'alarms.take',
              show: (a: Alarm) => a.handleStatus === 'unhandled',
              run: (a: Alarm, reload: () => void, { page }: Env<AlarmSearchPageState>) => page.setOpen({ kind: 'handle', alarms: [a], handleStatus: 'handling', done: reload }),
            },
            {
              key: 'handle',
              labelKey: 'alarms.handle',
              show: (a: Alarm) => a.handleStatus !== 'handled',
              run: (a: Alarm, reload: () => void, { page }: Env<AlarmSearchPageState>) => page.setOpen({ kind: 'handle', alarms: [a], handleStatus: 'handled', done: reload }),
            },
            { key: 'confirm', labelKey: 'alarms.confirm', show: (a: Alarm) => a.status === 'toBeConfirmed', run: (a: Alarm, reload: () => void) => confirm([a], 'confirmed', reload) },
            {
              key: 'close',
              labelKey: 'alarms.close',
              show: (a: Alarm) => a.status !== 'closed',
              run: (a: Alarm, reload: () => void, { t, page }: Env<AlarmSearchPageState>) =>
                page.setOpen({ kind: 'ask', text: t('alarms.closeAsk', { name: `${a.deviceName} · ${a.content}` }), run: () => confirm([a], 'closed', () => undefined), done: reload }),
            },
          ]
        : []),
      { key: 'actions', labelKey: 'alarms.actions', run: (a, _reload, { page }) => page.setOpen({ kind: 'actions', alarm: a }) },
      { key: 'cameras', labelKey: 'alarms.cameras', right: 'video:play', run: (a, _reload, { page }) => page.setOpen({ kind: 'cameras', alarm: a }) },
    ],
    ...(manage
      ? {
          bulkActions: [
            { key: 'handle-selected', labelKey: 'alarms.handleSelected', run: (rows, done, { page }) => page.setOpen({ kind: 'handle', alarms: rows, handleStatus: 'handled', done }) },
            { key: 'confirm-selected', labelKey: 'alarms.confirmSelected', run: (rows, done) => void confirm(rows, 'confirmed', done) },
          ],
          filterActions: [
            {
              key: 'handle-all',
              labelKey: 'alarms.handleAll',
              run: (filters, done, { t, page }) =>
                page.setOpen({
                  kind: 'ask',
                  text: t('alarms.handleAllAsk'),
                  run: async () => {
                    const { handleStatus: _ignored, ...query } = queryOf(filters);
                    const result = await handleAllAlarms(http, query);
                    if (result.task) notify({ kind: 'toast', level: 'info', duration: 5000, key: 'alarms.taskStarted' });
                    else toast('alarms.handled', { count: result.changed });
                  },
                  done,
                }),
            },
          ],
        }
      : {}),
  });

/** The alarm list of a user with alarm management. */
export const alarmManageResource = alarmResource(true);
/** The alarm list of a viewer. */
export const alarmViewResource = alarmResource(false);

export default function AlarmSearchPage() {
  const { t } = useTranslation();
  const { menus } = useSnapshot(session);
  const [params] = useSearchParams();
  const [view, setView] = useState<'current' | 'history'>(params.get('view') === 'history' ? 'history' : 'current');
  // A link (the dashboard's charts) may open the search already filtered; read once, on arrival.
  const [initialFilters] = useState(() => filtersFrom(params));
  const [open, setOpen] = useState<Open>(null);
  const manage = 'alarmManager' in menus;

  const def = manage ? alarmManageResource : alarmViewResource;

  const viewSwitch = (
    <div role="radiogroup" aria-label={t('alarms.view')} style={{ display: 'inline-flex', gap: 4 }}>
      {(['current', 'history'] as const).map((v) => (
        <button key={v} type="button" role="radio" aria-checked={view === v} className={view === v ? button : buttonGhost} onClick={() => setView(v)} data-view={v}>
          {t(`alarms.${v}`)}
        </button>
      ))}
    </div>
  );

  return (
    <div data-page="alarm-search">
      <ResourcePage def={def} page={{ setOpen }} scope={{ view }} tools={viewSwitch} initialFilters={initialFilters} />
      {open?.kind === 'handle' && <HandleDialog alarms={open.alarms} handleStatus={open.handleStatus} onClose={(saved) => (setOpen(null), saved && open.done())} />}
      {open?.kind === 'ask' && <AskDialog text={open.text} run={open.run} onClose={(ran) => (setOpen(null), ran && open.done())} />}
      {open?.kind === 'actions' && <ActionsDialog alarm={open.alarm} onClose={() => setOpen(null)} />}
      {open?.kind === 'cameras' && <CamerasDialog alarm={open.alarm} onClose={() => setOpen(null)} />}
    </div>
  );
}

/** What the handle form reaches: the alarms it takes in hand or handles. */
interface HandlePage {
  alarms: readonly Alarm[];
  handleStatus: 'handling' | 'handled';
}

/** Taking alarms in hand or handling them, with a note (alarmHandleSchema's rule). */
export const handleForm = defineForm<null, HandlePage>({
  fields: () => [{ kind: 'textarea', name: 'note', labelKey: 'alarms.field.note', rules: alarmHandleSchema.note }],
  save: async ({ note }, _row, { page: { alarms, handleStatus } }) => {
    const result = await handleAlarms(http, { ids: alarms.map((a) => a.id), handleStatus, note: note as string });
    if (handleStatus === 'handled') toast('alarms.handled', { count: result.changed });
  },
});

function HandleDialog({ alarms, handleStatus, onClose }: HandlePage & { onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const title = `${t(handleStatus === 'handled' ? 'alarms.handle' : 'alarms.take')} · ${alarms.length === 1 ? `${alarms[0]!.deviceName} · ${alarms[0]!.content}` : alarms.length}`;
  return <FormDialog title={title} form={handleForm} row={null} page={{ alarms, handleStatus }} onClose={onClose} />;
}

function AskDialog({ text, run, onClose }: { text: string; run: () => Promise<unknown>; onClose: (ran: boolean) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      await run();
      onClose(true);
    } catch {
      // The platform's message was shown; the dialog stays for another try or cancel.
      setBusy(false);
    }
  };
  return (
    <Modal title={t('alarms.title')} onClose={() => onClose(false)} role="alertdialog" testId="alarm-ask">
      <p>{text}</p>
      <div className={css.toolbar}>
        <button type="button" className={button} onClick={() => void go()} disabled={busy} data-action="ok">
          {t('alarms.ok')}
        </button>
        <button type="button" className={buttonGhost} onClick={() => onClose(false)} data-action="cancel">
          {t('alarms.cancel')}
        </button>
      </div>
    </Modal>
  );
}

function ActionsDialog({ alarm, onClose }: { alarm: Alarm; onClose: () => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<AlarmAction[] | null>(null);
  const [asked, setAsked] = useState(false);
  if (!asked) {
    setAsked(true);
    alarmActions(http, alarm.id).then(setRows, () => setRows([]));
  }
  return (
    <Modal title={`${t('alarms.actions')} · ${alarm.deviceName} · ${alarm.content}`} onClose={onClose} wide testId="alarm-actions">
      {rows === null ? (
        <p className={css.muted} aria-busy="true">
          …
        </p>
      ) : rows.length === 0 ? (
        <p className={css.muted}>{t('alarms.noActions')}</p>
      ) : (
        <table /* not the resource kit: one alarm's handling history inside a dialog, no paging or filters */ className={css.table}>
          <thead>
            <tr>
              {['time', 'action', 'user', 'note'].map((c) => (
                <th key={c} className={css.cell} scope="col">
                  {t(`alarms.field.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i} data-action-kind={r.action}>
                <td className={css.cell}>{r.time}</td>
                <td className={css.cell}>{t(`alarms.action.${r.action}`)}</td>
                <td className={css.cell}>{r.user}</td>
                <td className={css.cell}>{r.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className={css.toolbar}>
        <button type="button" className={buttonGhost} onClick={onClose}>
          {t('alarms.cancel')}
        </button>
      </div>
    </Modal>
  );
}

/** The cameras related to the alarm's device (relation/device), each playing live. */
function CamerasDialog({ alarm, onClose }: { alarm: Alarm; onClose: () => void }) {
  const { t } = useTranslation();
  const [cameras, setCameras] = useState<RelatedCamera[] | null>(null);
  const chunk = useElementChunk(loadPlayer);
  const ready = chunk.ready;
  useEffect(() => {
    relatedCameras(http, alarm.deviceCode).then(setCameras, () => setCameras([]));
  }, [alarm.deviceCode]);
  return (
    <Modal title={`${t('alarms.cameras')} · ${alarm.deviceName}`} onClose={onClose} wide testId="alarm-cameras">
      {chunk.failed ? (
        <ChunkFailed chunk={chunk} />
      ) : cameras === null ? (
        <p className={css.muted} aria-busy="true">
          …
        </p>
      ) : cameras.length === 0 ? (
        <p className={css.muted}>{t('alarms.noCameras')}</p>
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))', gap: 8 }}>
          {cameras.map((c) => (
            <figure key={c.cameraId} style={{ margin: 0 }} data-camera-id={c.cameraId}>
              {ready ? <CameraPlayer cameraId={c.cameraId} /> : null}
              <figcaption className={css.muted}>{c.name ? `${c.cameraName} · ${c.name}` : c.cameraName}</figcaption>
            </figure>
          ))}
        </div>
      )}
      <div className={css.toolbar}>
        <button type="button" className={buttonGhost} onClick={onClose}>
          {t('alarms.cancel')}
        </button>
      </div>
    </Modal>
  );
}
