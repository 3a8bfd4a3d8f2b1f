// Play codes: the only key to a stream. The API issues one per play request, bound to one camera,
// one tenant and one kind (live or a replay range); the media server serves nothing without a live
// code. A code lives while its player sends heartbeats: 10 s without one (or a shut) ends it.
import { randomBytes } from 'node:crypto';
import type { CameraTitle, SceneKind } from './scene.ts';

export const HEARTBEAT_TIMEOUT_MS = 10_000;

export type StreamKind = 'live' | 'replay';

export interface StreamGrant {
  code: string;
  cameraId: number;
  tenantId: number;
  userId: number;
  kind: StreamKind;
  /** Which committed clip stands in for the camera. */
  clip: number;
  /** What the camera's own drawn picture shows (scene.ts), when the media server draws pictures. */
  scene?: { kind: SceneKind; title: CameraTitle } | null;
  /** A real source (RTSP, file) to relay through ffmpeg when it is installed. */
  sourceUrl: string | null;
  /** An H.265 camera: sent as H.265 (the viewer's browser decodes it) or transcoded to H.264. */
  hevc?: 'native' | 'transcode' | null;
  /** Replay range, ms since epoch. */
  startMs: number | null;
  endMs: number | null;
  /** Replay: the recorded spans to play one after another (null: the whole range). */
  spans?: ReadonlyArray<readonly [number, number]> | null;
  /** Replay speed (1 when absent). */
  rate?: number;
  issuedAt: number;
  /** Issue time, then the time of the last heartbeat. */
  lastSeen: number;
}

export type GrantInput = Omit<StreamGrant, 'code' | 'issuedAt' | 'lastSeen'>;

type Listener = (grant: StreamGrant, reason: 'shut' | 'expired') => void;

export class PlayCodeStore {
  readonly #grants = new Map<string, StreamGrant>();
  readonly #listeners = new Set<Listener>();
  readonly #now: () => number;
  readonly timeoutMs: number;

  constructor(options: { now?: () => number; timeoutMs?: number } = {}) {
    this.#now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? HEARTBEAT_TIMEOUT_MS;
  }

  issue(input: GrantInput): StreamGrant {
    // 128 random bits, URL-safe: not guessable, and the URL carries nothing else of value.
    const code = randomBytes(16).toString('base64url');
    const now = this.#now();
    const grant: StreamGrant = { ...input, code, issuedAt: now, lastSeen: now };
    this.#grants.set(code, grant);
    return grant;
  }

  /** The grant behind a code if it is still alive; an expired one is dropped on the spot. */
  get(code: string): StreamGrant | null {
    const grant = this.#grants.get(code);
    if (!grant) return null;
    if (this.#now() - grant.lastSeen > this.timeoutMs) {
      this.#end(grant, 'expired');
      return null;
    }
    return grant;
  }

  /** The grant if the code is alive and belongs to this camera, tenant scope and kind. */
  verify(code: string, check: { cameraId: number; kind: StreamKind; tenantId?: number }): StreamGrant | null {
    const grant = this.get(code);
    if (!grant || grant.cameraId !== check.cameraId || grant.kind !== check.kind) return null;
    if (check.tenantId !== undefined && grant.tenantId !== check.tenantId) return null;
    return grant;
  }

  /** A heartbeat: true when the code was alive (and now lives another timeout). */
  touch(code: string, cameraId: number, tenantId: number): boolean {
    const grant = this.get(code);
    if (!grant || grant.cameraId !== cameraId || grant.tenantId !== tenantId) return false;
    grant.lastSeen = this.#now();
    return true;
  }

  /** Ends a code at its owner's request; false when it was unknown (or someone else's). */
  shut(code: string, cameraId: number, tenantId: number): boolean {
    const grant = this.#grants.get(code);
    if (!grant || grant.cameraId !== cameraId || grant.tenantId !== tenantId) return false;
    this.#end(grant, 'shut');
    return true;
  }

  /** Drops every expired code (the media server calls this once a second). */
  sweep(): void {
    const now = this.#now();
    for (const grant of [...this.#grants.values()]) {
      if (now - grant.lastSeen > this.timeoutMs) this.#end(grant, 'expired');
    }
  }

  /** Hears about codes that ended, so open streams on them can be closed at once. */
  onEnd(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get size(): number {
    return this.#grants.size;
  }

  #end(grant: StreamGrant, reason: 'shut' | 'expired'): void {
    if (!this.#grants.delete(grant.code)) return;
    for (const listener of this.#listeners) listener(grant, reason);
  }
}
