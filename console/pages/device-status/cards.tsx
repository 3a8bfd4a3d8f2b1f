// The card view of real-time monitoring (SPEC devCard): one card per device with its state, its first
// live readings and its open alarms; the readings refresh with the point simulator's pace while the
// page is visible. A card opens the device's drawer.
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAreaTree, listDevices } from '../../../shared/api/device.ts';
import type { AreaNode, Device, DevicePage, DeviceStatus } from '../../../shared/api/device-types.ts';
import { DEVICE_STATUSES } from '../../../shared/api/device-types.ts';
import { deviceReadings } from '../../../shared/api/point.ts';
import type { DeviceReadings } from '../../../shared/api/point-types.ts';
import { http } from '../../../shared/http/index.ts';
import { button, buttonGhost, input } from '../../../shared/theme/base.css.ts';
import { optionText, treeOptions } from '../../resource/options.ts';
import { usePoll } from '../../resource/use-poll.ts';
import * as kit from '../../resource/resource.css.ts';
import { DeviceDrawer } from './drawer.tsx';
import { READINGS_EVERY_MS, readingText } from './readings.ts';
import * as css from './device-status.css.ts';
import './texts.ts';

const PAGE_SIZE = 24;
/** Readings a card shows; the drawer shows them all. */
const CARD_READINGS = 3;

interface Filters {
  areaId: string;
  status: '' | DeviceStatus;
  keyword: string;
}

export function DeviceCards() {
  const { t } = useTranslation();
  const [areas, setAreas] = useState<AreaNode[]>([]);
  const [draft, setDraft] = useState<Filters>({ areaId: '', status: '', keyword: '' });
  const [filters, setFilters] = useState<Filters>(draft);
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<DevicePage | null>(null);
  const [failed, setFailed] = useState(false);
  const [live, setLive] = useState<Map<number, DeviceReadings>>(new Map());
  const [open, setOpen] = useState<Device | null>(null);

  useEffect(() => {
    fetchAreaTree(http).then(setAreas, () => setAreas([]));
  }, []);

  useEffect(() => {
    const abort = new AbortController();
    listDevices(
      http,
      { page, limit: PAGE_SIZE, ...(filters.areaId ? { areaId: filters.areaId } : {}), ...(filters.status ? { status: filters.status } : {}), ...(filters.keyword ? { keyword: filters.keyword } : {}) },
      { signal: abort.signal },
    ).then(
      (page) => {
        setFailed(false);
        setAnswer(page);
      },
      () => !abort.signal.aborted && setFailed(true),
    );
    return () => abort.abort();
  }, [filters, page]);

  const ids = useMemo(() => answer?.rows.map((d) => d.id) ?? [], [answer]);
  const readAll = useCallback(
    (signal: AbortSignal) =>
      ids.length === 0 ? Promise.resolve() : deviceReadings(http, ids, { signal }).then((rows) => setLive(new Map(rows.map((r) => [r.id, r]))), () => undefined),
    [ids],
  );
  usePoll(readAll, READINGS_EVERY_MS, ids);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setFilters(draft);
  };
  const areaOptions = useMemo(() => treeOptions(areas, (n) => n.rowGuid, (n) => n.areaName), [areas]);
  const rows = answer?.rows ?? [];
  const total = answer?.total ?? 0;
  const lastPage = total > 0 ? Math.ceil(total / PAGE_SIZE) : page;

  return (
    <div className={css.cardsRoot} data-view="cards">
      <form className={kit.filters} onSubmit={submit} role="search">
        <label className={kit.filter}>
          {t('devcard.area')}
          <select className={input} name="areaId" value={draft.areaId} onChange={(e) => setDraft({ ...draft, areaId: e.currentTarget.value })}>
            <option value="">{t('devcard.allAreas')}</option>
            {areaOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {optionText(o)}
              </option>
            ))}
          </select>
        </label>
        <label className={kit.filter}>
          {t('devcard.status')}
          <select className={input} name="status" value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.currentTarget.value as Filters['status'] })}>
            <option value="">{t('devcard.allStatuses')}</option>
            {DEVICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.device.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={kit.filter}>
          {t('devcard.keyword')}
          <input className={input} type="search" name="keyword" value={draft.keyword} onChange={(e) => setDraft({ ...draft, keyword: e.currentTarget.value })} />
        </label>
        <button type="submit" className={button}>
          {t('devcard.search')}
        </button>
      </form>
      <div className={css.cardsArea} aria-busy={answer === null}>
        {failed ? (
          <p className={kit.state} role="alert">
            {t('devcard.failed')}
          </p>
        ) : answer === null ? (
          <p className={kit.state}>{t('common.loading')}</p>
        ) : rows.length === 0 ? (
          <p className={kit.state}>{t('devcard.empty')}</p>
        ) : (
          <ul className={css.grid} style={{ listStyle: 'none', margin: 0 }} aria-label={t('devcard.count', { count: total })}>
            {rows.map((d) => (
              <li key={d.id} style={{ display: 'flex', minWidth: 0 }}>
                <DeviceCard device={d} live={live.get(d.id)} onOpen={() => setOpen(d)} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className={kit.pager}>
        <span className={kit.muted}>{t('devcard.count', { count: total })}</span>
        <button type="button" className={buttonGhost} disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('devcard.prev')}
        </button>
        <span className={kit.muted}>{t('devcard.page', { page })}</span>
        <button type="button" className={buttonGhost} disabled={page >= lastPage} onClick={() => setPage(page + 1)}>
          {t('devcard.next')}
        </button>
      </div>
      {open ? <DeviceDrawer device={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

function DeviceCard({ device, live, onOpen }: { device: Device; live: DeviceReadings | undefined; onOpen: () => void }) {
  const { t } = useTranslation();
  const shown = live?.readings.slice(0, CARD_READINGS) ?? [];
  const alarms = live?.openAlarms ?? null;
  return (
    <button type="button" className={css.card} style={{ flex: 1 }} data-status={device.status} data-alarm={alarms !== null && alarms > 0} data-device-card={device.code} onClick={onOpen}>
      <span className={css.cardHead}>
        <span className={css.cardName}>{device.name}</span>
        <span className={css.state}>
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
        <span className={css.calm}>{t(device.modelId ? 'devcard.noReadings' : 'devcard.noModel')}</span>
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
          {t('devcard.alarms', { count: alarms })}
        </span>
      ) : (
        <span className={css.calm} data-part="alarms">
          {t('devcard.noAlarms')}
        </span>
      )}
    </button>
  );
}

