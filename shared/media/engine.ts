// The contract between the stream player and a decoding library: flv.js plays H.264, mpegts.js plays
// H.265 where the browser decodes it (see engines.ts).

import type { SourceFailure } from './stream-loader.ts';

/** The parts of a <video> the player and engines touch; HTMLVideoElement satisfies it, tests fake it. */
export interface VideoLike {
  currentTime: number;
  playbackRate: number;
  muted: boolean;
  readonly paused: boolean;
  readonly readyState: number;
  readonly videoWidth: number;
  readonly videoHeight: number;
  readonly buffered: { readonly length: number; start(index: number): number; end(index: number): number };
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
  removeAttribute(name: string): void;
  load(): void;
  remove?(): void;
}

export interface EngineSource {
  /** HTTP-FLV (http/https) or WS-FLV (ws/wss) address, play code included. */
  url: string;
  /** Live streams never seek and are kept at the live edge; replay streams are played as sent. */
  live: boolean;
}

export interface EngineFailure {
  /** network: the connection failed or ended; media: the bytes could not be decoded. */
  kind: 'network' | 'media';
  /** HTTP status when the server answered with an error (403: the play code is no longer valid). */
  status?: number;
  /** The media server said why the camera cannot play (WS close 4500 or HTTP-FLV 502 with JSON). */
  source?: SourceFailure;
  message: string;
}

export interface EngineCallbacks {
  onError(failure: EngineFailure): void;
  /** The stream's onMetaData (for the demo platform: atriumEpoch, the wall-clock ms of media time 0). */
  onMetadata?(metadata: Record<string, unknown>): void;
  /** What the engine found in the stream (the codec string MSE is asked for, e.g. hvc1.1.6.L93.B0). */
  onMediaInfo?(info: { videoCodec: string }): void;
}

export interface EngineHandle {
  /** Full teardown: stop loading, detach and end the MediaSource, revoke its URL, empty the video. */
  destroy(): void;
}

export interface PlayerEngine {
  readonly name: string;
  /** Whether this browser can play the codec through this engine. */
  supports(codec: 'h264' | 'h265'): boolean;
  /** Starts loading `source` into `video`; errors arrive through callbacks, never as throws later. */
  open(video: VideoLike, source: EngineSource, callbacks: EngineCallbacks): EngineHandle;
}

/** Engines are loaded on demand, so their library downloads only when a player appears. */
export type EngineLoader = () => Promise<PlayerEngine>;
