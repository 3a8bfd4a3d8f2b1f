// Starts the RTSP camera stand-ins (rtsp-cameras.py: one GStreamer RTSP server process) on free ports
// and hands out their URLs. Used by the media server's tests, the camera matrix journey and the
// camera benchmark. Needs Debian's python3 with gi and gst-rtsp-server (.ci/run installs them).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./rtsp-cameras.py', import.meta.url));
/** Debian's python3: the one with gi (a pyenv python3 earlier on PATH usually lacks it). */
const PYTHON = process.env.ATRIUM_GST_PYTHON ?? '/usr/bin/python3';

export type Mount = 'h264' | 'h264-aac' | 'h264-alaw' | 'h264-mulaw' | 'h264-high' | 'h264-1080' | 'h264-1440' | 'h265' | 'mjpeg' | 'auth' | 'flaky';

/** Each mount's picture: size, and the background colour of its bouncing ball (rtsp-cameras.py COLOURS). */
export const CAMERAS: Record<Mount, { width: number; height: number; colour: [number, number, number] }> = {
  h264: { width: 704, height: 576, colour: [0x20, 0x60, 0xc0] },
  'h264-aac': { width: 704, height: 576, colour: [0x20, 0xa0, 0x40] },
  'h264-alaw': { width: 704, height: 576, colour: [0xc0, 0x30, 0x30] },
  'h264-mulaw': { width: 704, height: 576, colour: [0xc0, 0xa0, 0x20] },
  'h264-high': { width: 704, height: 576, colour: [0x80, 0x30, 0xb0] },
  'h264-1080': { width: 1920, height: 1080, colour: [0x20, 0xa0, 0xa0] },
  'h264-1440': { width: 2560, height: 1440, colour: [0xc0, 0x60, 0x20] },
  h265: { width: 704, height: 576, colour: [0x80, 0xc0, 0x20] },
  mjpeg: { width: 640, height: 480, colour: [0xa0, 0xa0, 0xa0] },
  auth: { width: 704, height: 576, colour: [0x30, 0x40, 0x50] },
  flaky: { width: 704, height: 576, colour: [0xb0, 0x30, 0x80] },
};

/**
 * Which mount a picture's colour is (the nearest background colour, within a margin for the colour
 * conversions between camera and screen), or null when it is none of them.
 */
export function mountOfColour(colour: readonly number[]): Mount | null {
  let best: Mount | null = null;
  let bestDistance = Infinity;
  for (const [mount, { colour: c }] of Object.entries(CAMERAS) as Array<[Mount, (typeof CAMERAS)[Mount]]>) {
    const d = Math.hypot(colour[0]! - c[0], colour[1]! - c[1], colour[2]! - c[2]);
    if (d < bestDistance) [best, bestDistance] = [mount, d];
  }
  return bestDistance <= 100 ? best : null;
}

export interface RtspCameras {
  port: number;
  flakyPort: number;
  /** The URL of a mount (the /auth mount with `cam:secret` unless other credentials are given). */
  url(mount: Mount, credentials?: string | null): string;
  /** A port on the loopback where nothing listens (a camera that does not answer). */
  deadUrl: string;
  /** /flaky drops its viewers and refuses connections, like a camera rebooting. */
  stopFlaky(): Promise<void>;
  startFlaky(): Promise<void>;
  close(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts the stand-ins and waits until both ports listen. */
export async function startRtspCameras(): Promise<RtspCameras> {
  const [port, flakyPort, deadPort] = [await freePort(), await freePort(), await freePort()];
  const child: ChildProcess = spawn(PYTHON, [SCRIPT, String(port), String(flakyPort)], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let errors = '';
  const waiting: Array<{ line: string; resolve: () => void; reject: (e: Error) => void }> = [];
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    let nl: number;
    while ((nl = out.indexOf('\n')) >= 0) {
      const line = out.slice(0, nl).trim();
      out = out.slice(nl + 1);
      const at = waiting.findIndex((w) => line.startsWith(w.line));
      if (at >= 0) waiting.splice(at, 1)[0]!.resolve();
      else if (line.startsWith('error')) waiting.shift()?.reject(new Error(`rtsp-cameras: ${line}`));
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', (code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`rtsp-cameras exited (${code}): ${errors.trim()}`));
  });
  child.once('error', (error) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`rtsp-cameras could not start (${PYTHON}): ${error.message}`));
  });
  const expect = (line: string, ms = 15_000): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`rtsp-cameras: no "${line}" within ${ms} ms; ${errors.trim()}`)), ms);
      waiting.push({ line, resolve: () => (clearTimeout(timer), resolve()), reject: (e) => (clearTimeout(timer), reject(e)) });
    });
  const command = async (text: string, answer: string): Promise<void> => {
    const answered = expect(answer);
    child.stdin!.write(`${text}\n`);
    await answered;
  };
  // The first start on a machine encodes the sent-round cameras' pictures (about 4 CPU-s, then kept).
  await expect('ready', 60_000);
  return {
    port,
    flakyPort,
    url: (mount, credentials) => {
      const host = `127.0.0.1:${mount === 'flaky' ? flakyPort : port}`;
      const login = mount === 'auth' && credentials === undefined ? 'cam:secret' : credentials;
      return `rtsp://${login ? `${login}@` : ''}${host}/${mount}`;
    },
    deadUrl: `rtsp://127.0.0.1:${deadPort}/h264`,
    stopFlaky: () => command('stop flaky', 'flaky stopped'),
    startFlaky: () => command('start flaky', 'flaky started'),
    close: async () => {
      if (child.exitCode !== null) return;
      child.stdin!.end();
      const killer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(killer);
    },
  };
}
