// The device list view: area tree, search, status filter, total, and a virtual grid that renders
// only the rows in sight; or, with view="cards", the monitoring cards over the same store. It reads
// the engine's state and calls its actions; nothing else.
import { memo, useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DEVICE_STATUSES, isDeviceStatus, type Device, type DeviceSortKey } from '../../shared/api/device-types.ts';
import { useEmit } from '../../shared/element/context.ts';
import { totalMessage } from '../../shared/devices/list-model.ts';
import type { DeviceListStore, DeviceListState } from '../../shared/devices/device-list-store.ts';
import { visuallyHidden } from '../../shared/theme/base.css.ts';
import { AreaTree } from './area-tree.tsx';
import { DeviceCards } from './device-cards.tsx';
import * as css from './device-list.css.ts';
import { useDeviceList } from './use-device-list.ts';
import { ROW_HEIGHT, scrollToReveal, visibleRange, type RowRange } from '../../shared/element/virtual-range.ts';

export interface DeviceListProps {
  /** rowGuid of an area: the list shows that area (and every area below it) only, without the tree. */
  areaId?: string;
  /** Rows can be chosen; each choice fires atrium-device-select. */
  selectable?: boolean;
  /** 'cards': the monitoring cards (device-cards.tsx) over the same store; anything else: the table. */
  view?: string;
}

interface Column {
  key: DeviceSortKey;
  label: string;
}

/** i18n keys of the columns, in display order. */
const COLUMNS: ReadonlyArray<[DeviceSortKey, string]> = [
  ['code', 'device.field.code'],
  ['name', 'device.field.name'],
  ['label', 'device.field.label'],
  ['address', 'device.field.address'],
  ['sn', 'device.field.sn'],
  ['ip', 'device.field.ip'],
  ['status', 'device.field.status'],
  ['gatewayName', 'device.field.gateway'],
  ['areaName', 'device.field.area'],
];

export function DeviceList({ areaId, selectable = false, view }: DeviceListProps) {
  const { store, state, signedIn } = useDeviceList(areaId || undefined);
  // One store for both views: switching the attribute keeps the rows, the filters and the selection.
  return view === 'cards' ? <DeviceCards store={store} state={state} selectable={selectable} /> : <DeviceTable store={store} state={state} selectable={selectable} signedIn={signedIn} />;
}

function DeviceTable({ store, state, selectable, signedIn }: GridProps) {
  const { t } = useTranslation();
  const { query } = state;
  const total = totalMessage(state.total);

  return (
    <div className={css.root}>
      {!state.areaFixed && signedIn && (
        <AreaTree areas={state.areas} phase={state.areasPhase} selected={query.areaId} onSelect={(id) => store.setArea(id)} onRetry={() => store.retryAreas()} />
      )}
      <section className={css.main} aria-label={t('device.list.label')}>
        <div className={css.toolbar}>
          <input
            type="search"
            className={css.search}
            aria-label={t('device.list.search')}
            placeholder={t('device.list.search')}
            value={query.keyword}
            maxLength={64}
            onChange={(event) => store.setKeyword(event.currentTarget.value)}
          />
          <select
            className={css.select}
            aria-label={t('device.list.statusFilter')}
            value={query.status ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              store.setStatus(isDeviceStatus(value) ? value : null);
            }}
          >
            <option value="">{t('device.list.allStatuses')}</option>
            {DEVICE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.device.${status}`)}
              </option>
            ))}
          </select>
          {!state.live && <span className={css.notice}>{t('device.list.livePaused')}</span>}
          {state.refreshing && <span className={css.totalText}>{t('device.list.refreshing')}</span>}
          <span className={css.totalText} data-part="total" aria-live="polite">
            {state.phase === 'ready' ? t(total.key, total.params ?? {}) : ''}
          </span>
        </div>
        <DeviceGrid store={store} state={state} selectable={selectable} signedIn={signedIn} />
      </section>
    </div>
  );
}

interface GridProps {
  store: DeviceListStore;
  state: DeviceListState;
  selectable: boolean;
  signedIn: boolean;
}

function DeviceGrid({ store, state, selectable, signedIn }: GridProps) {
  const { t } = useTranslation();
  const emit = useEmit();
  const idPrefix = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<RowRange>({ start: 0, end: 0 });
  const { rows, query, selectedId, activeId } = state;
  const count = rows.length;

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const next = visibleRange(el.scrollTop, el.clientHeight, count);
    setRange((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
  }, [count]);

  useLayoutEffect(measure, [measure]);
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  const reveal = (index: number): void => {
    const el = scroller.current;
    if (!el || index < 0) return;
    const top = scrollToReveal(index, el.scrollTop, el.clientHeight);
    if (top !== null) el.scrollTop = top;
  };

  const choose = (id: number): void => {
    if (!selectable) {
      store.setActive(id);
      return;
    }
    const device = store.select(id);
    if (device) emit('atrium-device-select', { device });
  };

  const onClick = (event: MouseEvent<HTMLDivElement>): void => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-row-id]');
    if (row) choose(Number(row.dataset.rowId));
  };

  const pageRows = (): number => Math.max(1, Math.floor(((scroller.current?.clientHeight ?? ROW_HEIGHT * 10) - ROW_HEIGHT) / ROW_HEIGHT) - 1);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.target !== event.currentTarget || count === 0) return;
    const moves: Record<string, number | 'first' | 'last'> = {
      ArrowDown: 1,
      ArrowUp: -1,
      PageDown: pageRows(),
      PageUp: -pageRows(),
      Home: 'first',
      End: 'last',
    };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      reveal(store.moveActive(move));
    } else if ((event.key === 'Enter' || event.key === ' ') && activeId !== null) {
      event.preventDefault();
      choose(activeId);
    }
  };

  const onFocus = (): void => {
    // Keyboard users land on the first row in sight (or keep the row they were on).
    if (count === 0 || store.indexOf(activeId) >= 0) return;
    const first = Math.min(count - 1, Math.floor((scroller.current?.scrollTop ?? 0) / ROW_HEIGHT));
    store.setActive(rows[first]!.id);
  };

  const activeIndex = store.indexOf(activeId);
  const activeRendered = activeIndex >= range.start && activeIndex < range.end;
  const columns: Column[] = COLUMNS.map(([key, label]) => ({ key, label: t(label) }));
  const rendered: Device[] = rows.slice(range.start, range.end);

  let overlay: ReactNode = null;
  if (!signedIn) overlay = <span>{t('widget.signInRequired')}</span>;
  else if (state.phase === 'loading' || state.phase === 'idle') overlay = <span role="status">{t('common.loading')}</span>;
  else if (state.phase === 'error')
    overlay = (
      <>
        <span role="alert" className={css.stateError}>
          {t('device.list.loadFailed')}
          {state.error ? `: ${state.error}` : ''}
        </span>
        <button type="button" className={css.retry} onClick={() => store.reload()}>
          {t('common.retry')}
        </button>
      </>
    );
  else if (count === 0)
    overlay = <span role="status">{query.status !== null || query.keyword.trim() !== '' ? t('device.list.emptyFiltered') : t('device.list.empty')}</span>;

  return (
    <div
      ref={scroller}
      className={css.grid}
      role="grid"
      tabIndex={0}
      aria-label={t('device.list.label')}
      aria-rowcount={count + 1}
      aria-colcount={columns.length}
      aria-busy={state.phase === 'loading' || state.refreshing}
      aria-activedescendant={activeRendered ? `${idPrefix}-row-${activeId}` : undefined}
      onScroll={measure}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      data-part="grid"
    >
      <div role="row" aria-rowindex={1} className={css.headRow}>
        {columns.map((column) => {
          const sorted = query.sort === column.key;
          return (
            <div key={column.key} role="columnheader" className={css.headCell} aria-sort={sorted ? (query.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
              <button type="button" className={css.sortButton} onClick={() => store.sortBy(column.key)} title={t('device.list.sortBy', { column: column.label })} data-sort={column.key}>
                {column.label}
                {sorted && (
                  <span className={css.sortMark} aria-hidden="true">
                    {query.order === 'asc' ? '▲' : '▼'}
                  </span>
                )}
                {sorted && <span className={visuallyHidden}>{t(query.order === 'asc' ? 'device.list.sortAscending' : 'device.list.sortDescending')}</span>}
              </button>
            </div>
          );
        })}
      </div>
      <div role="rowgroup" className={css.body} style={{ height: count * ROW_HEIGHT }} onClick={onClick}>
        {rendered.map((device, i) => (
          <Row
            key={device.id}
            domId={`${idPrefix}-row-${device.id}`}
            device={device}
            index={range.start + i}
            selected={selectable ? device.id === selectedId : null}
            active={device.id === activeId}
            t={t}
          />
        ))}
      </div>
      {overlay && <div className={css.state}>{overlay}</div>}
    </div>
  );
}

interface RowProps {
  domId: string;
  device: Device;
  index: number;
  /** null when rows cannot be selected (no aria-selected then). */
  selected: boolean | null;
  active: boolean;
  t: TFunction;
}

/** One row; memoised on the device object, so a status change re-renders only the rows it touched. */
const Row = memo(function Row({ domId, device, index, selected, active, t }: RowProps) {
  const statusLabel = t(`status.device.${device.status}`);
  return (
    <div
      id={domId}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected ?? undefined}
      data-active={active}
      data-selectable={selected !== null}
      data-row-id={device.id}
      data-code={device.code}
      data-status={device.status}
      className={css.row}
      style={{ transform: `translateY(${index * ROW_HEIGHT}px)` }}
    >
      <div role="gridcell" className={css.cell} title={device.code}>
        {device.code}
      </div>
      <div role="gridcell" className={css.cell} title={device.name}>
        {device.name}
      </div>
      <div role="gridcell" className={css.cell} title={device.label}>
        {device.label}
      </div>
      <div role="gridcell" className={css.cell}>
        {device.address}
      </div>
      <div role="gridcell" className={css.cell}>
        {device.sn}
      </div>
      <div role="gridcell" className={css.cell}>
        {device.ip}
      </div>
      <div role="gridcell" className={css.cell} data-part="status">
        <span className={css.status}>
          <span className={css.dot[device.status]} aria-hidden="true" />
          <span className={css.statusText[device.status]}>{statusLabel}</span>
        </span>
      </div>
      <div role="gridcell" className={css.cell} title={device.gatewayName}>
        {device.gatewayName}
      </div>
      <div role="gridcell" className={css.cell} title={device.areaName}>
        {device.areaName}
      </div>
    </div>
  );
});
