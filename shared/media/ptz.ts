// Press-and-hold pan-tilt (SPEC §9): a press sends start, holding renews it before its 500 ms run
// time lapses, and release, pointer cancel, window blur or a hidden tab send stop. The run time is
// the safety net: if this page dies mid-press the camera still stops within 500 ms.
import { PTZ_RUN_TIME_MS, PTZ_SPEED_MAX, PTZ_SPEED_MIN, PTZ_START, PTZ_STOP, type PtzAction } from '../api/video-types.ts';

export interface PtzCommand {
  action: PtzAction;
  start: typeof PTZ_START | typeof PTZ_STOP;
  speed: number;
  runTime: number;
}

export interface PtzOptions {
  /** `renewal` marks the repeats of a held motion (a caller may keep those quiet). */
  send(command: PtzCommand, meta: { renewal: boolean }): Promise<unknown>;
  /** Renew a held motion this often; must stay below the run time. */
  renewMs?: number;
  runTime?: number;
}

export const clampSpeed = (speed: number): number => Math.min(PTZ_SPEED_MAX, Math.max(PTZ_SPEED_MIN, Math.round(speed) || PTZ_SPEED_MIN));

export class PtzControl {
  readonly #send: PtzOptions['send'];
  readonly #renewMs: number;
  readonly #runTime: number;
  #speed = 4;
  #held: PtzAction | null = null;
  #renewTimer: ReturnType<typeof setInterval> | null = null;
  /** Commands go out one after another, so a stop can never overtake its start. */
  #queue: Promise<unknown> = Promise.resolve();
  #inFlight = 0;

  constructor(options: PtzOptions) {
    this.#send = options.send;
    this.#runTime = options.runTime ?? PTZ_RUN_TIME_MS;
    this.#renewMs = options.renewMs ?? Math.round(this.#runTime * 0.7);
  }

  get speed(): number {
    return this.#speed;
  }

  set speed(value: number) {
    this.#speed = clampSpeed(value);
  }

  get held(): PtzAction | null {
    return this.#held;
  }

  press(action: PtzAction): void {
    if (this.#held === action) return;
    if (this.#held !== null) this.release();
    this.#held = action;
    this.#enqueue(action, PTZ_START, false);
    this.#renewTimer = setInterval(() => {
      // Skip a renewal while the last command is still on its way rather than pile them up.
      if (this.#held === action && this.#inFlight === 0) this.#enqueue(action, PTZ_START, true);
    }, this.#renewMs);
  }

  release(): void {
    const action = this.#held;
    if (action === null) return;
    this.#held = null;
    if (this.#renewTimer !== null) clearInterval(this.#renewTimer);
    this.#renewTimer = null;
    this.#enqueue(action, PTZ_STOP, false);
  }

  /** Stops any motion when the window loses focus, the tab hides or the page goes away. */
  guard(win: Window = window, doc: Document = document): () => void {
    const stop = () => this.release();
    const onVisibility = () => {
      if (doc.visibilityState === 'hidden') this.release();
    };
    win.addEventListener('blur', stop);
    win.addEventListener('pagehide', stop);
    doc.addEventListener('visibilitychange', onVisibility);
    return () => {
      win.removeEventListener('blur', stop);
      win.removeEventListener('pagehide', stop);
      doc.removeEventListener('visibilitychange', onVisibility);
    };
  }

  /** Releases and forgets; the control may not be used afterwards. */
  dispose(): void {
    this.release();
  }

  #enqueue(action: PtzAction, start: PtzCommand['start'], renewal: boolean): void {
    const command: PtzCommand = { action, start, speed: this.#speed, runTime: this.#runTime };
    this.#inFlight += 1;
    this.#queue = this.#queue
      .then(() => this.#send(command, { renewal }))
      .catch(() => undefined)
      .finally(() => {
        this.#inFlight -= 1;
      });
  }
}
