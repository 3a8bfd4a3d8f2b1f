// The video engine (ARCHITECTURE "Video engine"): players, engines, pan-tilt and screenshots.
export { StreamPlayer, browserVisibility, streamUrl, DEFAULT_TIMING } from './stream-player.ts';
export type { PlayerState, PlayerStats, PlayerStatus, StreamApi, StreamPlayerOptions, Timing, Visibility } from './stream-player.ts';
export type { EngineCallbacks, EngineFailure, EngineHandle, EngineLoader, EngineSource, PlayerEngine, VideoLike } from './engine.ts';
export { loadFlvEngine } from './engines.ts';
export { decideLatency, bufferEndAround, backoffDelay, LIVE_POLICY } from './latency.ts';
export type { LatencyDecision, LatencyPolicy } from './latency.ts';
export { PtzControl, clampSpeed } from './ptz.ts';
export type { PtzCommand, PtzOptions } from './ptz.ts';
export { cameraStreamApi, pairedStreamApis } from './sources.ts';
export type { ReplayRange } from './sources.ts';
export { saveScreenshot, screenshotName, captureFrame } from './screenshot.ts';
export { CameraView, todayRange, rangeProblem, formatTime } from './camera-view.ts';
export type { CameraViewEvent, CameraViewInput, CameraViewOptions, CameraViewState, Pane, ReplayTimeline, Rights, ViewMode } from './camera-view.ts';
