// The replay timeline under the picture, like an NVR's: the day's recordings (motion and scheduled in
// their colours, damaged ones hatched and not playable), hours, the position, a drag or click to seek
// (a gap snaps to the nearest recording), zoom from the whole day to ten minutes, the previous and next
// day, pause and speeds. The track is one slider for the keyboard: arrows move, +/− zoom, Space pauses;
// a moved position is announced. The cursor follows playback through refs (no render per frame).
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePoll } from '../../shared/element/use-poll.ts';
import { dayText, timeText } from '../../shared/forms/date-text.ts';
import { MAX_CLIP_MS, REPLAY_RATES, snapToPlayable } from '../../shared/media/recording.ts';
import type { ReplayTimeline } from '../../shared/media/index.ts';
import { buttonGhost } from '../../shared/theme/base.css.ts';
import * as css from './video-player.css.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Visible spans, widest first: the day down to ten minutes. */
export const ZOOMS = [24 * HOUR, 12 * HOUR, 6 * HOUR, 2 * HOUR, HOUR, 30 * MINUTE, 10 * MINUTE];
/** Tick spacing per zoom. */
const TICKS = [2 * HOUR, HOUR, 30 * MINUTE, 10 * MINUTE, 5 * MINUTE, 5 * MINUTE, MINUTE];
/** How often the timeline of today reads its recordings again. */
const SEGMENTS_REFRESH_MS = 60_000;
/** Keyboard seeks wait this long for more key presses before the stream is asked for. */
const KEY_SETTLE_MS = 450;

const pad = (n: number) => String(n).padStart(2, '0');
const dayStartOf = (day: string): number => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).getTime();
};
const shiftDay = (day: string, by: number): string => {
  const d = new Date(dayStartOf(day));
  d.setDate(d.getDate() + by);
  return dayText(d);
};

export interface TimelineModel {
  positionMs(): number | null;
  seek(ms: number): void;
  setRate(rate: number): void;
  togglePause(): void;
  setDay(day: string): void;
  /** Reads the day's recordings again. */
  refreshSegments(): void;
  /** Answers whether the platform took the clip. */
  clip(startMs: number, endMs: number): Promise<boolean>;
}

export function Timeline({ timeline, model }: { timeline: ReplayTimeline; model: TimelineModel }) {
  const { t } = useTranslation();
  const { day, segments, rate, paused } = timeline;
  const dayStart = dayStartOf(day);
  const dayEnd = dayStart + 24 * HOUR;
  const [zoom, setZoom] = useState(0);
  const width = ZOOMS[zoom]!;
  const [viewStart, setViewStart] = useState(dayStart);
  const [drag, setDrag] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  /** Clip mode: a drag chooses a span instead of seeking. */
  const [clipping, setClipping] = useState(false);
  const [span, setSpan] = useState<{ from: number; to: number } | null>(null);
  const dragFrom = useRef<number | null>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const cursorRef = useRef<HTMLDivElement>(null);
  const clockRef = useRef<HTMLSpanElement>(null);
  const keyTarget = useRef<number | null>(null);
  const keyTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const isToday = day === dayText(new Date());

  const clampView = (start: number, w = width) => Math.min(Math.max(start, dayStart), dayEnd - w);
  const toX = (ms: number) => ((ms - viewStart) / width) * 100;
  const msAt = (clientX: number) => {
    const box = trackRef.current!.getBoundingClientRect();
    const ratio = Math.min(1, Math.max(0, (clientX - box.left) / Math.max(1, box.width)));
    return Math.round(viewStart + ratio * width);
  };
  /** Where a seek to `ms` really lands: inside a recording, or the nearest playable edge. */
  const snap = (ms: number) => (segments ? (snapToPlayable(segments, ms) ?? ms) : ms);

  // The day changed: show it whole again.
  const [shownDay, setShownDay] = useState(dayStart);
  if (shownDay !== dayStart) {
    setShownDay(dayStart);
    setZoom(0);
    setViewStart(dayStart);
  }

  // The cursor and clock follow playback every frame, without rendering.
  useEffect(() => {
    let frame = 0;
    const paint = () => {
      const at = keyTarget.current ?? model.positionMs();
      if (at !== null) {
        if (cursorRef.current) {
          const x = toX(at);
          cursorRef.current.style.left = `${x}%`;
          cursorRef.current.hidden = x < 0 || x > 100;
        }
        if (clockRef.current) clockRef.current.textContent = timeText(at);
        trackRef.current?.setAttribute('aria-valuenow', String(Math.round((at - dayStart) / 1000)));
        trackRef.current?.setAttribute('aria-valuetext', timeText(at));
        // Zoomed in, the view pages along with playback.
        if (drag === null && keyTarget.current === null && (at < viewStart || at > viewStart + width) && at >= dayStart && at < dayEnd) setViewStart(clampView(at - width / 10));
      }
      frame = requestAnimationFrame(paint);
    };
    frame = requestAnimationFrame(paint);
    return () => cancelAnimationFrame(frame);
  });

  useEffect(() => () => {
    if (keyTimer.current) clearTimeout(keyTimer.current);
  }, []);

  // Today's recordings grow while the timeline is open: read them again every minute while the tab
  // shows (the day's first read is the model's own).
  usePoll(
    () => {
      model.refreshSegments();
      return Promise.resolve();
    },
    SEGMENTS_REFRESH_MS,
    model,
    { enabled: isToday, leading: false },
  );

  const commit = (ms: number) => {
    const target = snap(ms);
    setAnnounce(t('video.timeline.playingFrom', { time: timeText(target) }));
    model.seek(target);
  };

  const zoomTo = (next: number, anchorMs?: number) => {
    const z = Math.min(ZOOMS.length - 1, Math.max(0, next));
    if (z === zoom) return;
    const w = ZOOMS[z]!;
    const anchor = anchorMs ?? model.positionMs() ?? viewStart + width / 2;
    // The anchor keeps its place on screen (the pointer's time, or the position).
    const ratio = Math.min(1, Math.max(0, (anchor - viewStart) / width));
    setZoom(z);
    setViewStart(clampView(anchor - ratio * w, w));
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const at = msAt(e.clientX);
    if (clipping) {
      dragFrom.current = at;
      setSpan({ from: at, to: at });
      return;
    }
    setDrag(at);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const at = msAt(e.clientX);
    if (clipping && dragFrom.current !== null) setSpan({ from: Math.min(dragFrom.current, at), to: Math.max(dragFrom.current, at) });
    else if (drag !== null) setDrag(at);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (clipping) {
      dragFrom.current = null;
      return;
    }
    if (drag === null) return;
    const at = msAt(e.clientX);
    setDrag(null);
    commit(at);
  };
  const markClip = (edge: 'from' | 'to') => {
    const at = model.positionMs();
    if (at === null) return;
    setSpan((old) => {
      const next = { from: old?.from ?? at, to: old?.to ?? at, [edge]: at };
      return { from: Math.min(next.from, next.to), to: Math.max(next.from, next.to) };
    });
  };
  const clipLength = span ? span.to - span.from : 0;
  const lengthText = `${Math.floor(clipLength / 60_000)}:${pad(Math.floor(clipLength / 1000) % 60)}`;
  const downloadClip = async () => {
    if (!span || clipLength < 1000 || clipLength > MAX_CLIP_MS) return;
    if (await model.clip(span.from, span.to)) {
      setClipping(false);
      setSpan(null);
    }
  };
  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    if (e.deltaY === 0) return;
    zoomTo(zoom + (e.deltaY < 0 ? 1 : -1), msAt(e.clientX));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = Math.max(10_000, width / 48) * (e.shiftKey ? 5 : 1);
    const from = keyTarget.current ?? model.positionMs() ?? dayStart;
    let to: number | null = null;
    if (e.key === 'ArrowRight' || e.key === 'ArrowUp') to = from + step;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') to = from - step;
    else if (e.key === 'PageUp') to = from + width / 4;
    else if (e.key === 'PageDown') to = from - width / 4;
    else if (e.key === 'Home') to = dayStart;
    else if (e.key === 'End') to = dayEnd - 1000;
    else if (e.key === '+' || e.key === '=') zoomTo(zoom + 1);
    else if (e.key === '-' || e.key === '_') zoomTo(zoom - 1);
    else if (e.key === ' ') {
      togglePause();
    } else return;
    e.preventDefault();
    if (to === null) return;
    keyTarget.current = Math.min(dayEnd - 1000, Math.max(dayStart, to));
    // Several presses in a row make one seek, once they settle.
    if (keyTimer.current) clearTimeout(keyTimer.current);
    keyTimer.current = setTimeout(() => {
      keyTimer.current = null;
      const target = keyTarget.current;
      keyTarget.current = null;
      if (target !== null) commit(target);
    }, KEY_SETTLE_MS);
  };

  const togglePause = () => {
    const at = model.positionMs();
    setAnnounce(paused ? t('video.timeline.playingFrom', { time: timeText(at ?? dayStart) }) : t('video.timeline.pausedAt', { time: timeText(at ?? dayStart) }));
    model.togglePause();
  };

  const visible = useMemo(() => (segments ?? []).filter((s) => s.endMs > viewStart && s.startMs < viewStart + width), [segments, viewStart, width]);
  const ticks = useMemo(() => {
    const every = TICKS[zoom]!;
    const out: number[] = [];
    for (let at = Math.ceil(viewStart / every) * every; at < viewStart + width; at += every) out.push(at);
    return out;
  }, [viewStart, width, zoom]);
  const hhmm = (ms: number) => timeText(ms).slice(0, 5);

  return (
    <div className={css.timeline} data-part="timeline" data-day={day} role="group" aria-label={t('video.timeline.label')}>
      <div className={css.timelineControls}>
        <button type="button" className={`${buttonGhost} ${css.small}`} onClick={() => model.setDay(shiftDay(day, -1))} aria-label={t('video.timeline.prevDay')} data-action="prev-day">
          ‹
        </button>
        <span data-part="day">{day}</span>
        <button type="button" className={`${buttonGhost} ${css.small}`} disabled={isToday} onClick={() => model.setDay(shiftDay(day, 1))} aria-label={t('video.timeline.nextDay')} data-action="next-day">
          ›
        </button>
        <button type="button" className={`${buttonGhost} ${css.small}`} onClick={togglePause} aria-pressed={paused} data-action="pause">
          {paused ? t('video.timeline.play') : t('video.timeline.pause')}
        </button>
        <div className={css.segmented} role="group" aria-label={t('video.timeline.speed')}>
          {REPLAY_RATES.map((r) => (
            <button
              key={r}
              type="button"
              className={css.segment}
              aria-pressed={r === rate}
              data-rate={r}
              onClick={() => {
                setAnnounce(t('video.timeline.speedIs', { rate: r }));
                model.setRate(r);
              }}
            >
              {r}×
            </button>
          ))}
        </div>
        <button type="button" className={`${buttonGhost} ${css.small}`} onClick={() => zoomTo(zoom - 1)} disabled={zoom === 0} aria-label={t('video.timeline.zoomOut')} data-action="zoom-out">
          −
        </button>
        <button type="button" className={`${buttonGhost} ${css.small}`} onClick={() => zoomTo(zoom + 1)} disabled={zoom === ZOOMS.length - 1} aria-label={t('video.timeline.zoomIn')} data-action="zoom-in">
          +
        </button>
        <button
          type="button"
          className={`${buttonGhost} ${css.small}`}
          aria-pressed={clipping}
          onClick={() => {
            setClipping((c) => !c);
            setSpan(null);
          }}
          data-action="clip"
        >
          {t('video.timeline.clip')}
        </button>
        <span ref={clockRef} className={css.clock} data-part="position" />
        {segments === null && <span className={css.hint}>{t('video.timeline.loading')}</span>}
        {timeline.failed && (
          <span className={css.error} role="alert">
            {t('video.timeline.failed')}
          </span>
        )}
        {segments !== null && !timeline.failed && segments.length === 0 && <span className={css.hint}>{t('video.timeline.none')}</span>}
      </div>
      {clipping && (
        <div className={css.timelineControls} data-part="clip">
          <span className={css.hint}>{t('video.timeline.clipHint')}</span>
          <button type="button" className={`${buttonGhost} ${css.small}`} onClick={() => markClip('from')} data-action="clip-start">
            {t('video.timeline.clipStart')}
          </button>
          <button type="button" className={`${buttonGhost} ${css.small}`} onClick={() => markClip('to')} data-action="clip-end">
            {t('video.timeline.clipEnd')}
          </button>
          {span && clipLength > 0 && <span data-part="selection">{t('video.timeline.selection', { from: timeText(span.from), to: timeText(span.to) })}</span>}
          {clipLength > MAX_CLIP_MS && (
            <span className={css.error} role="alert">
              {t('video.timeline.clipTooLong')}
            </span>
          )}
          <button type="button" className={`${buttonGhost} ${css.small}`} disabled={clipLength < 1000 || clipLength > MAX_CLIP_MS} onClick={() => void downloadClip()} data-action="clip-download">
            {t('video.timeline.clipDownload', { length: lengthText })}
          </button>
        </div>
      )}
      <div
        ref={trackRef}
        className={css.track}
        role="slider"
        tabIndex={0}
        aria-label={t('video.timeline.position')}
        aria-description={t('video.timeline.help')}
        aria-valuemin={0}
        aria-valuemax={86_399}
        data-zoom={zoom}
        data-view-start={viewStart}
        data-view-width={width}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDrag(null)}
        onWheel={onWheel}
        onKeyDown={onKeyDown}
      >
        {visible.map((s) => (
          <div
            key={s.startMs}
            className={css.segmentBar}
            data-segment=""
            data-state={s.state}
            data-trigger={s.trigger}
            data-start={s.startMs}
            data-end={s.endMs}
            title={s.state === 'abnormal' ? t('video.timeline.abnormal') : `${timeText(s.startMs)} – ${timeText(s.endMs)}`}
            style={{ left: `${toX(s.startMs)}%`, width: `${((s.endMs - s.startMs) / width) * 100}%` }}
          />
        ))}
        {ticks.map((at) => (
          <span key={at} className={css.tick} style={{ left: `${toX(at)}%` }}>
            {hhmm(at)}
          </span>
        ))}
        {span && span.to > span.from && <div className={css.selection} data-part="clip-span" style={{ left: `${toX(span.from)}%`, width: `${((span.to - span.from) / width) * 100}%` }} />}
        <div ref={cursorRef} className={css.cursor} data-part="cursor" />
        {drag !== null && <div className={css.preview} style={{ left: `${toX(snap(drag))}%` }} data-part="preview" title={timeText(snap(drag))} />}
      </div>
      <div className={css.visuallyHidden} aria-live="polite" data-part="announce">
        {announce}
      </div>
    </div>
  );
}
