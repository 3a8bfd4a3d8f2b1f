// The cards view of <atrium-device-list view="cards"> (real-time monitoring, SPEC devCard): one card per
// device with its state, its first live readings and its open alarms. The cards show the element's own
// store (device-list-store.ts): its area, status and keyword filters (applied with the search button,
// as the console's monitoring page always did), its rows in its order, and its total (the SPEC §9
// markers, 'Total 20000+'), paged here 24 cards at a time. The readings of the cards in sight are read
// again every 10 s while the page is visible (the kit's one polling hook). A card of a `selectable`
// list is a button that fires atrium-device-select (the console opens its drawer on it).
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DEVICE_STATUSES, isDeviceStatus, type AreaNode, type Device, type DeviceStatus } from '../../shared/api/device-types.ts';
import { deviceReadings } from '../../shared/api/point.ts';
import type { DeviceReadings } from '../../shared/api/point-types.ts';
import { totalMessage } from '../../shared/devices/list-model.ts';
import { READINGS_EVERY_MS, readingText } from '../../shared/devices/readings.ts';
import type { DeviceListStore, DeviceListState } from '../../shared/devices/device-list-store.ts';
import { useEmit } from '../../shared/element/context.ts';
import { usePoll } from '../../shared/element/use-poll.ts';
import { http } from '../../shared/http/index.ts';
import * as css from './device-cards.css.ts';

/** Cards per page. */
export const CARDS_PAGE_SIZE = 24;
/** Readings a card shows (the console's drawer shows them all). */
const CARD_READINGS = 3;

interface Draft {
  areaId: string;
  status: '' | DeviceStatus;
  keyword: string;
}

interface AreaOption {
  id: string;
  name: string;
  depth: number;
}

const areaOptions = (nodes: readonly AreaNode[], depth = 0): AreaOption[] =>
  nodes.flatMap((n) => [{ id: n.rowGuid, name: n.areaName, depth }, ...areaOptions(n.children, depth + 1)]);

export interface DeviceCardsProps {
  store: DeviceListStore;
  state: DeviceListState;
  selectable: boolean;
}

export function DeviceCards({ store, state, selectable }: DeviceCardsProps) {
  const { t } = useTranslation();
  const emit = useEmit();
  const { query, rows } = state;
  const [draft, setDraft] = useState<Draft>(() => ({ areaId: query.areaId ?? '', status: query.status ?? '', keyword: query.keyword }));
  const [page, setPage] = useState(1);
  const [live, setLive] = useState<ReadonlyMap<number, DeviceReadings>>(new Map());

  const pages = Math.max(1, Math.ceil(rows.length / CARDS_PAGE_SIZE));
  // Rows may leave the filter while shown (a status change): the page stays within the rows there are.
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * CARDS_PAGE_SIZE, current * CARDS_PAGE_SIZE);
  // The devices in sight by id: a status change replaces a row object but not what is to be read.
  const idsKey = shown.map((d) => d.id).join(',');
  const readAll = (signal: AbortSignal) =>
    deviceReadings(http, idsKey.split(',').map(Number), { signal }).then((answer) => setLive(new Map(answer.map((r) => [r.id, r]))), () => undefined);
  usePoll(readAll, READINGS_EVERY_MS, idsKey, { enabled: idsKey !== '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    if (!state.areaFixed) store.setArea(draft.areaId || null);
    store.setStatus(draft.status || null);
    store.setKeyword(draft.keyword);
  };

  const open = (device: Device): void => {
    const chosen = store.select(device.id);
    if (chosen) emit('atrium-device-select', { device: chosen });
  };

  const total = totalMessage(state.total);
  const totalText = state.phase === 'ready' ? t(total.key, total.params ?? {}) : '';
  const options = areaOptions(state.areas);
  const filtered = query.status !== null || query.keyword.trim() !== '';

  let body: ReactNode;
  if (state.phase === 'error')
    body = (
      <div className={css.state}>
        <span role="alert" className={css.stateError}>
          {t('device.list.loadFailed')}
          {state.error ? `: ${state.error}` : ''}
        </span>
        <button type="button" className={css.pageButton} onClick={() => store.reload()}>
          {t('common.retry')}
        </button>
      </div>
    );
  else if (state.phase !== 'ready')
    body = (
      <p className={css.state} role="status">
        {t('common.loading')}
      </p>
    );
  else if (rows.length === 0)
    body = (
      <p className={css.state} role="status">
        {t(filtered ? 'device.list.emptyFiltered' : 'device.list.empty')}
      </p>
    );
  else
    body = (
      <ul className={css.grid} aria-label={`${t('device.cards.label')} · ${totalText}`} data-part="cards">
        {shown.map((d) => (
          <li key={d.id} className={css.item}>
            <DeviceCard device={d} live={live.get(d.id)} onOpen={selectable ? open : null} t={t} />
          </li>
        ))}
      </ul>
    );

  return (
    <div className={css.root} data-view="cards">
      <form className={css.filters} onSubmit={submit} role="search" aria-label={t('device.cards.label')}>
        {!state.areaFixed && (
          <label className={css.filter}>
            {t('device.cards.area')}
            <select className={css.field} name="areaId" value={draft.areaId} onChange={(e) => setDraft({ ...draft, areaId: e.currentTarget.value })}>
              <option value="">{t('device.cards.allAreas')}</option>
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {`${'\u00a0\u00a0'.repeat(o.depth)}${o.name}`}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className={css.filter}>
          {t('device.cards.status')}
          <select
            className={css.field}
            name="status"
            value={draft.status}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setDraft({ ...draft, status: isDeviceStatus(value) ? value : '' });
            }}
          >
            <option value="">{t('device.cards.allStatuses')}</option>
            {DEVICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.device.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={css.filter}>
          {t('device.cards.keyword')}
          <input className={css.field} type="search" name="keyword" maxLength={64} value={draft.keyword} onChange={(e) => setDraft({ ...draft, keyword: e.currentTarget.value })} />
        </label>
        <button type="submit" className={css.submit}>
          {t('device.cards.search')}
        </button>
      </form>
      <div className={css.area} aria-busy={state.phase === 'loading' || state.refreshing}>
        {body}
      </div>
      <nav className={css.pager} aria-label={t('device.cards.pager')}>
        {!state.live && <span className={css.muted}>{t('device.list.livePaused')}</span>}
        <span className={css.muted} data-part="total" aria-live="polite">
          {totalText}
        </span>
        <button type="button" className={css.pageButton} disabled={current <= 1} onClick={() => setPage(current - 1)} data-part="prev">
          {t('device.cards.prev')}
        </button>
        <span className={css.muted} data-part="page">
          {t('device.cards.page', { page: current, pages })}
        </span>
        <button type="button" className={css.pageButton} disabled={current >= pages} onClick={() => setPage(current + 1)} data-part="next">
          {t('device.cards.next')}
        </button>
      </nav>
    </div>
  );
}

interface CardProps {
  device: Device;
  live: DeviceReadings | undefined;
  /** null: the card is not a button (the list is not selectable). */
  onOpen: ((device: Device) => void) | null;
  t: TFunction;
}

function DeviceCard({ device, live, onOpen, t }: CardProps) {
  const shown = live?.readings.slice(0, CARD_READINGS) ?? [];
  const alarms = live?.openAlarms ?? null;
  const content = (
    <>
      <span className={css.cardHead}>
        <span className={css.cardName}>{device.name}</span>
        <span className={css.cardState} data-part="status">
          <span className={css.dot} data-status={device.status} aria-hidden="true" />
          {t(`status.device.${device.status}`)}
        </span>
      </span>
      <span className={css.cardCode}>
        {device.code}
        {device.areaName ? ` · ${device.areaName}` : ''}
      </span>
      {live === undefined ? (
        <span className={css.calm}>{t('common.loading')}</span>
      ) : live.readings.length === 0 ? (
        <span className={css.calm}>{t(device.modelId ? 'device.cards.noReadings' : 'device.cards.noModel')}</span>
      ) : (
        <span className={css.readings} data-part="readings">
          {shown.map((p) => (
            <span key={p.code} style={{ display: 'contents' }}>
              <span className={css.readingName}>{p.name}</span>
              <span className={css.readingValue} data-reading={p.code}>
                {readingText(p, t)}
              </span>
            </span>
          ))}
        </span>
      )}
      {alarms === null ? null : alarms > 0 ? (
        <span className={css.alarm} data-part="alarms">
          {t('device.cards.alarms', { count: alarms })}
        </span>
      ) : (
        <span className={css.calm} data-part="alarms">
          {t('device.cards.noAlarms')}
        </span>
      )}
    </>
  );
  const marks = { 'data-status': device.status, 'data-alarm': alarms !== null && alarms > 0, 'data-device-card': device.code };
  return onOpen ? (
    <button type="button" className={css.card} onClick={() => onOpen(device)} {...marks}>
      {content}
    </button>
  ) : (
    <div className={css.card} {...marks}>
      {content}
    </div>
  );
}
