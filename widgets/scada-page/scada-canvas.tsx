// What one scada element looks like, live or in the editor. Everything from the document is shown as
// text or as an attribute value checked by shared/scada/doc.ts (colours, upload paths, numbers), never
// as HTML. Cameras load the video player only when a page has one.
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScadaLive } from '../../shared/api/scada-types.ts';
import { colorFor, type ScadaElement } from '../../shared/scada/doc.ts';
import { vars } from '../../shared/theme/contract.ts';
import * as css from './scada-page.css.ts';

/** The values of a page's bindings, keyed for lookup, with a short history per point for charts. */
export interface LiveIndex {
  points: ReadonlyMap<string, ScadaLive['points'][number]>;
  devices: ReadonlyMap<number, ScadaLive['devices'][number]>;
  alarms: ScadaLive['alarms'];
  history: ReadonlyMap<string, readonly number[]>;
}

export const EMPTY_LIVE: LiveIndex = { points: new Map(), devices: new Map(), alarms: { total: 0, latest: [] }, history: new Map() };
export const pointKey = (deviceId: number | undefined, code: string | undefined): string => `${deviceId ?? ''}/${code ?? ''}`;
/** Samples a chart element keeps. */
export const CHART_SAMPLES = 120;

/** The next index from an answer: the same maps, history grown by one sample per point. */
export function indexLive(answer: ScadaLive, previous: LiveIndex): LiveIndex {
  const points = new Map(answer.points.map((p) => [pointKey(p.deviceId, p.code), p]));
  const history = new Map<string, readonly number[]>();
  for (const [key, p] of points) {
    const before = previous.history.get(key) ?? [];
    history.set(key, p.value === null ? before : [...before.slice(-(CHART_SAMPLES - 1)), p.value]);
  }
  return { points, devices: new Map(answer.devices.map((d) => [d.id, d])), alarms: answer.alarms, history };
}

export const elementBox = (e: ScadaElement): CSSProperties => ({
  left: e.x,
  top: e.y,
  width: e.w,
  height: e.h,
  transform: e.rotate ? `rotate(${e.rotate}deg)` : undefined,
});

const STATE_COLOR = { online: '#67C23A', offline: '#909399', unknown: '#E6A23C' } as const;

export const formatValue = (value: number | null | undefined, decimals = 1): string => (value === null || value === undefined ? '—' : Number.isInteger(value) && decimals === 0 ? String(value) : value.toFixed(decimals));

/**
 * <atrium-video-player> for one camera (its module is registered by whoever shows live pages: the
 * <atrium-scada-page> element and the console's viewer; the video engine itself still loads lazily).
 */
function Camera({ cameraId, live }: { cameraId: number | undefined; live: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || cameraId === undefined) return;
    // Attributes, not properties: the player reads them as its public API.
    el.setAttribute('camera-id', String(cameraId));
    el.setAttribute('muted', '');
    el.setAttribute('disable-yun-control', '');
  }, [cameraId, live]);
  if (cameraId === undefined) return <div className={css.placeholder}>{t('scadaView.unbound')}</div>;
  if (!live) return <div className={css.placeholder}>▶ {cameraId}</div>;
  return <atrium-video-player ref={ref} class={css.camera} />;
}

function Spark({ values, color }: { values: readonly number[]; color: string }) {
  if (values.length < 2) return <svg width="100%" height="100%" aria-hidden="true" />;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const path = values.map((v, i) => `${((i / (values.length - 1)) * 100).toFixed(2)},${(100 - ((v - min) / span) * 90 - 5).toFixed(2)}`).join(' ');
  return (
    <svg width="100%" height="100%" viewBox="0 0 100 100" preserveAspectRatio="none" role="img" aria-label={`${formatValue(values[values.length - 1])}`}>
      <polyline points={path} fill="none" stroke={color} strokeWidth="2" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

export interface ElementViewProps {
  el: ScadaElement;
  live: LiveIndex;
  /** 'view': live and operable; 'edit': shows bindings and last values, operates nothing. */
  mode: 'view' | 'edit';
  /** A name for a bound device (the editor passes its picker's names). */
  deviceName?: string;
  onSwitch?: (el: ScadaElement, next: number) => void;
  onLink?: (pageId: number) => void;
}

/** The inside of one element (the caller positions the box). */
export function ElementBody({ el, live, mode, deviceName, onSwitch, onLink }: ElementViewProps): ReactNode {
  const { t } = useTranslation();
  const device = el.deviceId !== undefined ? live.devices.get(el.deviceId) : undefined;
  const point = live.points.get(pointKey(el.deviceId, el.code));
  // Without a colour of the author's own, text takes the theme's text colour (readable on the stage,
  // which is the theme's surface: a fixed light grey was 1.2:1 on the light theme's white).
  const color = el.color ?? vars.color.text;
  const fontSize = el.fontSize ?? 16;
  switch (el.kind) {
    case 'camera':
      return <Camera cameraId={el.cameraId} live={mode === 'view'} />;
    case 'point': {
      const shown = colorFor(point?.value ?? null, el.thresholds, color);
      return (
        <div className={css.point} style={{ color: shown, fontSize }} data-value={point?.value ?? ''} data-at={point?.at ?? ''}>
          <span data-part="value">
            {formatValue(point?.value, el.decimals ?? 1)}
            {point?.unit ? ` ${point.unit}` : ''}
          </span>
          <span className={css.pointLabel}>{el.text || (el.deviceId === undefined ? t('scadaView.unbound') : `${device?.name ?? deviceName ?? ''} ${el.code ?? ''}`)}</span>
        </div>
      );
    }
    case 'state': {
      const status = device?.status ?? 'unknown';
      return (
        <span className={css.badge} style={{ background: STATE_COLOR[status] }} data-status={el.deviceId === undefined ? '' : status}>
          {el.text ? `${el.text} · ` : ''}
          {el.deviceId === undefined ? t('scadaView.unbound') : t(`scadaView.${status}`)}
        </span>
      );
    }
    case 'switch': {
      const on = (point?.value ?? 0) > 0;
      return (
        <button
          type="button"
          className={css.switchButton}
          aria-pressed={on}
          disabled={mode !== 'view' || el.deviceId === undefined || !el.code}
          onClick={() => onSwitch?.(el, on ? 0 : 1)}
          style={{ fontSize }}
          data-part="switch"
        >
          {el.text || el.code || t('scadaView.unbound')} · {t(on ? 'scadaView.on' : 'scadaView.off')}
        </button>
      );
    }
    case 'bell':
      return (
        <span style={{ fontSize, color }} role="status" data-count={live.alarms.total}>
          <svg viewBox="0 0 24 24" width="1.2em" height="1.2em" fill="currentColor" aria-hidden="true">
            <path d="M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2Zm6-6V11a6 6 0 0 0-5-5.9V4a1 1 0 1 0-2 0v1.1A6 6 0 0 0 6 11v5l-2 2v1h16v-1Z" />
          </svg>
          {live.alarms.total > 99 ? '99+' : live.alarms.total}
        </span>
      );
    case 'alarms':
      return (
        <ul className={css.list} aria-label={t('scadaView.alarms', { count: live.alarms.total })}>
          {live.alarms.latest.length === 0 ? <li>{t('scadaView.noAlarms')}</li> : null}
          {live.alarms.latest.map((a) => (
            <li key={a.id} data-level={a.level}>
              {a.at.slice(11)} · {a.deviceName} · {a.content}
            </li>
          ))}
        </ul>
      );
    case 'chart':
      return <Spark values={live.history.get(pointKey(el.deviceId, el.code)) ?? []} color={el.color ?? '#8D98FF'} />;
    case 'text':
      return (
        <span style={{ color, fontSize, whiteSpace: 'pre-wrap', textAlign: 'center' }} data-part="text">
          {el.text ?? ''}
        </span>
      );
    case 'image':
      return el.src ? <img src={el.src} alt={el.text ?? ''} style={{ width: '100%', height: '100%', objectFit: 'contain' }} draggable={false} /> : <div className={css.placeholder}>🖼</div>;
    case 'shape':
      return <div aria-hidden="true" style={{ width: '100%', height: '100%', background: el.fill ?? 'transparent', border: `2px solid ${color}`, borderRadius: el.shape === 'ellipse' ? '50%' : 4, boxSizing: 'border-box' }} />;
    case 'link':
      return (
        <button type="button" className={css.link} style={{ fontSize, color: el.color }} disabled={mode !== 'view' || el.pageId === undefined} onClick={() => el.pageId !== undefined && onLink?.(el.pageId)} data-part="link">
          {el.text || '→'}
        </button>
      );
  }
}

/** True when the element's device has open alarms (the element blinks). */
export const isAlarming = (el: ScadaElement, live: LiveIndex): boolean => el.deviceId !== undefined && (live.devices.get(el.deviceId)?.alarms ?? 0) > 0 && (el.kind === 'point' || el.kind === 'state');
