// A camera's recordings as the replay timeline and the media server both see them: segments of a day
// (normal ones playable, abnormal ones marked and skipped), the spans a replay plays one after another,
// where a seek into a gap lands, and which recorded instant a replay has reached. Pure, shared by the
// platform and the player so both walk the gaps the same way.

export type SegmentState = 'normal' | 'abnormal';

export interface RecordSegment {
  /** ms since epoch. */
  startMs: number;
  endMs: number;
  state: SegmentState;
  /** What started the recording: the schedule, or motion. */
  trigger: 'schedule' | 'motion';
}

/** [start, end) in ms since epoch. */
export type Span = readonly [number, number];

/** Replay speeds offered (the server paces the stream at the chosen one). */
export const REPLAY_RATES = [0.5, 1, 2, 4, 8] as const;
export type ReplayRate = (typeof REPLAY_RATES)[number];
export const isReplayRate = (value: unknown): value is ReplayRate => (REPLAY_RATES as readonly unknown[]).includes(value);

/** Longest clip a person may download, ms (30 minutes). */
export const MAX_CLIP_MS = 30 * 60_000;

/** When a seek falls just after a recording, playback starts this much before its end. */
const TAIL_MS = 10_000;

/** The playable parts of [fromMs, toMs): normal segments cut to the window, touching ones merged. */
export function playableSpans(segments: readonly RecordSegment[], fromMs: number, toMs: number): Span[] {
  const spans: Array<[number, number]> = [];
  const sorted = segments.filter((s) => s.state === 'normal' && s.endMs > fromMs && s.startMs < toMs).sort((a, b) => a.startMs - b.startMs);
  for (const s of sorted) {
    const a = Math.max(s.startMs, fromMs);
    const b = Math.min(s.endMs, toMs);
    if (b <= a) continue;
    const last = spans[spans.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else spans.push([a, b]);
  }
  return spans;
}

/**
 * Where a seek to `atMs` plays from: the instant itself inside a normal segment; otherwise the nearest
 * playable edge — the start of the next recording, or shortly before the end of the previous one.
 * Null when nothing in the segments is playable.
 */
export function snapToPlayable(segments: readonly RecordSegment[], atMs: number): number | null {
  const spans = playableSpans(segments, -Infinity, Infinity);
  let before: Span | null = null;
  for (const span of spans) {
    if (atMs >= span[0] && atMs < span[1]) return atMs;
    if (span[0] > atMs) {
      if (before && atMs - before[1] < span[0] - atMs) return Math.max(before[0], before[1] - TAIL_MS);
      return span[0];
    }
    before = span;
  }
  return before ? Math.max(before[0], before[1] - TAIL_MS) : null;
}

/** The recorded instant reached after `playedMs` of recorded time from the start of `spans`. */
export function positionAfter(spans: readonly Span[], playedMs: number): number | null {
  let left = Math.max(0, playedMs);
  for (const [a, b] of spans) {
    if (left < b - a) return a + left;
    left -= b - a;
  }
  const last = spans[spans.length - 1];
  return last ? last[1] : null;
}

/** Total recorded time in the spans, ms. */
export const spansLength = (spans: readonly Span[]): number => spans.reduce((n, [a, b]) => n + (b - a), 0);
