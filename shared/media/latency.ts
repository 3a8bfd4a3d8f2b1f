// Keeping live video near the live edge: small lags are eaten by playing slightly faster, large ones
// by jumping. Pure decisions with hysteresis, so the controller neither oscillates nor stalls itself.

export interface LatencyPolicy {
  /** Where a jump lands, in seconds behind the buffer end. */
  target: number;
  /** Start catching up (faster playback) above this lag. */
  catchUpAbove: number;
  /** Stop catching up below this lag. */
  settleBelow: number;
  /** Jump straight to the edge above this lag. */
  jumpAbove: number;
  /** Catch up briskly (rather than gently) above this lag. */
  briskAbove: number;
  /** Playback rates while catching up. */
  gentleRate: number;
  briskRate: number;
}

export const LIVE_POLICY: LatencyPolicy = {
  target: 0.15,
  catchUpAbove: 0.35,
  settleBelow: 0.2,
  jumpAbove: 1.2,
  briskAbove: 0.6,
  gentleRate: 1.1,
  briskRate: 1.3,
};

export interface LatencyInput {
  /** End of the buffered range that holds the current time (seconds). */
  bufferEnd: number;
  currentTime: number;
  playbackRate: number;
}

export type LatencyDecision = { action: 'none' } | { action: 'rate'; rate: number } | { action: 'seek'; to: number };

export function decideLatency(input: LatencyInput, policy: LatencyPolicy = LIVE_POLICY): LatencyDecision {
  const lag = input.bufferEnd - input.currentTime;
  if (!Number.isFinite(lag) || lag < 0) return input.playbackRate !== 1 ? { action: 'rate', rate: 1 } : { action: 'none' };
  if (lag > policy.jumpAbove) return { action: 'seek', to: Math.max(0, input.bufferEnd - policy.target) };
  const catching = input.playbackRate > 1;
  if (catching) {
    if (lag <= policy.settleBelow) return { action: 'rate', rate: 1 };
    const want = lag > policy.briskAbove ? policy.briskRate : policy.gentleRate;
    return want !== input.playbackRate ? { action: 'rate', rate: want } : { action: 'none' };
  }
  if (lag > policy.catchUpAbove) return { action: 'rate', rate: lag > policy.briskAbove ? policy.briskRate : policy.gentleRate };
  return input.playbackRate < 1 ? { action: 'rate', rate: 1 } : { action: 'none' };
}

/** The end of the buffered range containing `time` (or the last range when none does), or null. */
export function bufferEndAround(buffered: { length: number; start(i: number): number; end(i: number): number }, time: number): number | null {
  if (buffered.length === 0) return null;
  for (let i = 0; i < buffered.length; i++) {
    if (time >= buffered.start(i) - 0.1 && time <= buffered.end(i) + 0.1) return buffered.end(i);
  }
  return buffered.end(buffered.length - 1);
}

/** Restart delays: quick at first, then at most one attempt every `max` ms (never a tight loop). */
export function backoffDelay(attempt: number, base = 300, max = 2000): number {
  if (attempt <= 0) return 0;
  return Math.min(max, base * 2 ** (attempt - 1));
}
