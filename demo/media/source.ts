// A camera's source as the media server meets it: what it sends (probed with ffprobe), what state it
// is in (one vocabulary with the platform and the player), and why it failed, read from what ffmpeg
// or ffprobe said. Also the process-wide feed of source states the platform follows (camera-health.ts).
import { spawn } from 'node:child_process';
import { FFMPEG_PROTOCOLS } from '../server/security.ts';

/**
 * live: pictures flow; connecting: being reached; offline: the host does not answer, refused, or the
 * stream ended; credentials: 401/403; not-found: 404 for the path; unsupported: a codec the platform
 * cannot serve (`codec` names it).
 */
export type SourceState = 'live' | 'connecting' | 'offline' | 'credentials' | 'not-found' | 'unsupported';

export interface SourceFailure {
  state: Exclude<SourceState, 'live' | 'connecting'>;
  codec?: string;
}

/** What ffmpeg/ffprobe wrote on stderr when it could not read a source, as a state. */
export function failureOf(stderr: string): SourceFailure {
  // The URLs ffmpeg quotes (their ports and paths) must not read as status codes.
  stderr = stderr.replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ');
  if (/\b40[13]\b|Unauthorized|Forbidden|authorization failed/i.test(stderr)) return { state: 'credentials' };
  if (/\b404\b|Not Found|No such file or directory|Stream not found/i.test(stderr)) return { state: 'not-found' };
  // Refused, timed out, unreachable, unknown host, reset, or just ended: the camera is not there.
  return { state: 'offline' };
}

/** The reason a viewer is told (WS close reason / HTTP 502 body): compact JSON, well under 123 bytes. */
export function failureReason(failure: SourceFailure): string {
  return JSON.stringify(failure.codec ? { source: failure.state, codec: failure.codec.slice(0, 40) } : { source: failure.state });
}

export interface ProbedSource {
  video: { codec: string; width: number; height: number; fps: number; /** Pictures of reordering delay (B-frames). */ bFrames: number } | null;
  audio: { codec: string; sampleRate: number } | null;
}

/** How long reaching a source may take before it counts as not answering. */
export const SOURCE_TIMEOUT_MS = 5_000;

/** ffmpeg/ffprobe input options for a source URL: stream protocols only, RTSP over TCP, an I/O timeout. */
export function inputArgs(url: string, timeoutMs = SOURCE_TIMEOUT_MS): string[] {
  const us = String(timeoutMs * 1000);
  const rtsp = /^rtsps?:\/\//i.test(url);
  return ['-protocol_whitelist', FFMPEG_PROTOCOLS, ...(rtsp ? ['-rtsp_transport', 'tcp', '-timeout', us] : ['-rw_timeout', us]), '-i', url];
}

/** Only stream protocols reach ffmpeg (the platform checked the URL when it was saved); never a file. */
export const isStreamUrl = (url: string): boolean => /^(rtsps?|rtmps?|https?):\/\//i.test(url);

function rate(text: unknown): number {
  const [a, b] = String(text ?? '').split('/').map(Number);
  const fps = b ? a! / b : Number(a);
  return Number.isFinite(fps) && fps > 0 && fps <= 120 ? fps : 25;
}

/** Asks ffprobe what the source sends; answers its streams or why it could not be read. */
export function probeSource(url: string, timeoutMs = SOURCE_TIMEOUT_MS, signal?: AbortSignal): Promise<{ ok: true; source: ProbedSource } | { ok: false; failure: SourceFailure }> {
  if (!isStreamUrl(url)) return Promise.resolve({ ok: false, failure: { state: 'not-found' } });
  return new Promise((resolve) => {
    const child = spawn('ffprobe', ['-v', 'error', '-analyzeduration', '500000', ...inputArgs(url, timeoutMs), '-show_entries', 'stream=codec_type,codec_name,width,height,avg_frame_rate,r_frame_rate,sample_rate,has_b_frames', '-of', 'json'], { stdio: ['ignore', 'pipe', 'pipe'], ...(signal ? { signal, killSignal: 'SIGKILL' as const } : {}) });
    let out = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
    // A backstop beside ffprobe's own socket timeout (a source that trickles bytes forever).
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs * 2 + 2000);
    child.on('error', () => {
      clearTimeout(timer);
      resolve({ ok: false, failure: { state: 'offline' } });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) return resolve({ ok: false, failure: failureOf(errors) });
      let streams: Array<Record<string, unknown>> = [];
      try {
        streams = (JSON.parse(out) as { streams?: Array<Record<string, unknown>> }).streams ?? [];
      } catch {
        /* no streams */
      }
      const v = streams.find((s) => s.codec_type === 'video');
      const a = streams.find((s) => s.codec_type === 'audio');
      if (!v && !a) return resolve({ ok: false, failure: failureOf(errors) });
      resolve({
        ok: true,
        source: {
          video: v ? { codec: String(v.codec_name ?? 'unknown'), width: Number(v.width) || 0, height: Number(v.height) || 0, fps: rate(v.avg_frame_rate !== '0/0' ? v.avg_frame_rate : v.r_frame_rate), bFrames: Math.max(0, Number(v.has_b_frames) || 0) } : null,
          audio: a ? { codec: String(a.codec_name ?? 'unknown'), sampleRate: Number(a.sample_rate) || 0 } : null,
        },
      });
    });
  });
}

/** Video codecs the platform serves: H.264 as it comes, H.265 as it comes or transcoded. */
export const SERVED_VIDEO = new Set(['h264', 'hevc']);

// ---- the feed of source states --------------------------------------------------------------

export interface SourceReport {
  cameraId: number;
  tenantId: number;
  state: SourceState;
  /** With unsupported: the codec refused. */
  codec?: string;
  /** The video codec the source sends, once known (h264, hevc, mjpeg …). */
  videoCodec?: string;
  /** The source it is about (the camera's stored URL): a report on a source since replaced is stale. */
  url?: string;
  at: number;
}

/** Cameras whose source a relay is reading now (the platform's periodic check leaves them alone). */
const relayed = new Map<number, number>();

export function relayStarted(cameraId: number): void {
  relayed.set(cameraId, (relayed.get(cameraId) ?? 0) + 1);
}

export function relayStopped(cameraId: number): void {
  const n = (relayed.get(cameraId) ?? 0) - 1;
  if (n > 0) relayed.set(cameraId, n);
  else relayed.delete(cameraId);
}

export const isRelayed = (cameraId: number): boolean => relayed.has(cameraId);

const listeners = new Set<(report: SourceReport) => void>();

/** Hears every source state the media server (or a probe) learns; answers the unsubscribe. */
export function onSourceReport(listener: (report: SourceReport) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportSource(report: SourceReport): void {
  for (const listener of listeners) {
    try {
      listener(report);
    } catch {
      /* a listener's failure is its own */
    }
  }
}
