// The video engine (ARCHITECTURE "Video engine"): players, engines, pan-tilt and screenshots.
export { StreamPlayer, browserVisibility, streamUrl, DEFAULT_TIMING, IDLE_STATE, SOURCE_STATES, isSourceState, stateWord } from './stream-player.ts';
export type { SourceFailure, SourceState } from './stream-loader.ts';
export type { PlayerState, PlayerStats, PlayerStatus, StreamApi, StreamPlayerOptions, Timing, Visibility } from './stream-player.ts';
export type { EngineCallbacks, EngineFailure, EngineHandle, EngineLoader, EngineSource, PlayerEngine, VideoLike } from './engine.ts';
export { loadFlvEngine, loadMpegtsEngine } from './engines.ts';
export { browserDecodesH265 } from './codecs.ts';
export { decideLatency, bufferEndAround, backoffDelay, LIVE_POLICY } from './latency.ts';
export type { LatencyDecision, LatencyPolicy } from './latency.ts';
export { PtzControl, clampSpeed } from './ptz.ts';
export type { PtzCommand, PtzOptions } from './ptz.ts';
export { cameraStreamApi, pairedStreamApis } from './sources.ts';
export type { ReplayRange } from './sources.ts';
export { saveScreenshot, screenshotName, captureFrame } from './screenshot.ts';
export { CameraView, todayRange, rangeProblem } from './camera-view.ts';
export type { CameraViewEvent, CameraViewInput, CameraViewOptions, CameraViewState, Pane, ReplayTimeline, Rights, ViewMode } from './camera-view.ts';
