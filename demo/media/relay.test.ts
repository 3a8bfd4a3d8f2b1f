// The relay against real RTSP cameras (tests/cameras: GStreamer's RTSP server): headers true to what
// each source carries, pass-through rather than re-encoding, and every failure told as a state.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRtspCameras, type RtspCameras } from '../../tests/cameras/rtsp.ts';
import { encodeTag, flvHeader, FlvReader, isKeyframe, isSequenceHeader, readMetadata, TAG_AUDIO, TAG_SCRIPT, TAG_VIDEO, type FlvTag } from './flv.ts';
import { PlayCodeStore, type GrantInput } from './play-codes.ts';
import { pictureStart, retryDelay } from './producers.ts';
import { startMediaServer, type MediaServer } from './server.ts';
import { failureOf, failureReason, onSourceReport, type SourceReport } from './source.ts';

let cameras: RtspCameras;
let server: MediaServer;
const codes = new PlayCodeStore();
let base = '';
let nextCamera = 100;

beforeAll(async () => {
  cameras = await startRtspCameras();
  server = await startMediaServer({ port: 0, host: '127.0.0.1', playCodes: codes, log: () => undefined, relayIdleMs: 300 });
  base = `http://127.0.0.1:${server.port}`;
}, 30_000);

afterAll(async () => {
  await server?.close();
  await cameras?.close();
});

/** A fresh camera (its own channel) with this source; `hevc` as the play request would set it. */
function grantFor(sourceUrl: string, hevc: GrantInput['hevc'] = null): { cameraId: number; code: string } {
  const cameraId = nextCamera++;
  const grant = codes.issue({ cameraId, tenantId: 1, userId: 1, kind: 'live', clip: 1, sourceUrl, hevc, startMs: null, endMs: null });
  return { cameraId, code: grant.code };
}

interface Read {
  status: number;
  /** The FLV header's flags byte (byte 4). */
  flags: number;
  tags: FlvTag[];
  body: string;
}

/** Reads a live HTTP-FLV stream until `enough` (or `ms`), keeping the header flags. */
async function read(sourceUrl: string, enough: (tags: FlvTag[]) => boolean, ms = 15_000, hevc: GrantInput['hevc'] = null): Promise<Read> {
  const { cameraId, code } = grantFor(sourceUrl, hevc);
  return readCamera(cameraId, code, enough, ms);
}

async function readCamera(cameraId: number, code: string, enough: (tags: FlvTag[]) => boolean, ms = 15_000): Promise<Read> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  const tags: FlvTag[] = [];
  let flags = -1;
  try {
    const res = await fetch(`${base}/live/${cameraId}.flv?code=${code}`, { signal: controller.signal });
    if (res.status !== 200) return { status: res.status, flags, tags, body: `${res.headers.get('content-type')} ${await res.text()}` };
    const reader = new FlvReader();
    const body = res.body!.getReader();
    let head = Buffer.alloc(0);
    while (!enough(tags)) {
      const { done, value } = await body.read();
      if (done) break;
      if (flags < 0) {
        head = Buffer.concat([head, Buffer.from(value)]);
        if (head.length > 4) flags = head[4]!;
      }
      tags.push(...reader.push(Buffer.from(value)));
    }
    return { status: 200, flags, tags, body: '' };
  } catch {
    return { status: 200, flags, tags, body: 'aborted' };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

const keyframes = (n: number) => (tags: FlvTag[]) => tags.filter((t) => isKeyframe(t)).length >= n;
const metaOf = (tags: FlvTag[]) => readMetadata(tags.find((t) => t.type === TAG_SCRIPT)!.data)!;
const videoConfig = (tags: FlvTag[]) => tags.find((t) => t.type === TAG_VIDEO && isSequenceHeader(t))!.data;

describe('relay of real cameras', () => {
  it('declares video only for a camera without audio: header byte 4 is 0x01, metadata the source size, H.264 passed through', async () => {
    const r = await read(cameras.url('h264'), keyframes(2));
    expect(r.status).toBe(200);
    expect(r.flags).toBe(0x01);
    const meta = metaOf(r.tags);
    expect([meta.hasAudio, meta.hasVideo, meta.width, meta.height, meta.videocodecid]).toEqual([false, true, 704, 576, 7]);
    expect(meta.audiocodecid).toBeUndefined();
    expect(r.tags.some((t) => t.type === TAG_AUDIO)).toBe(false);
    // The camera's own coding (Constrained Baseline, profile 66) and its own 1-s GOP: copied, not re-encoded.
    expect(videoConfig(r.tags)[5 + 1]).toBe(66);
    const keys = r.tags.filter((t) => isKeyframe(t)).map((t) => t.timestamp);
    expect(keys[1]! - keys[0]!).toBeGreaterThan(900);
  }, 30_000);

  it('sends one whole picture per tag, and starts every viewer on a whole one', async () => {
    // The stand-ins code each picture in two slices (as many cameras do), and ffmpeg hands some out
    // apart, with different timestamps: a player decodes each tag as a picture, so a slice alone
    // would show the rest of the picture green. Sessions also join the camera's encoder mid-picture.
    const keep = read(cameras.url('h264-mulaw'), () => false, 12_000);
    for (let i = 0; i < 3; i++) {
      const r = await read(cameras.url('h264-mulaw'), (tags) => tags.filter((t) => t.type === TAG_VIDEO).length > 30);
      const pictures = r.tags.filter((t) => t.type === TAG_VIDEO && !isSequenceHeader(t));
      expect(pictures.length, r.body).toBeGreaterThanOrEqual(25);
      expect(pictures.map((t) => pictureStart(t)).filter((p) => p !== 'first')).toEqual([]);
      const flv = Buffer.concat([flvHeader(true, true), ...r.tags.map((t) => encodeTag(t.type, t.timestamp, t.data))]);
      const out = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', '-frames:v', '1', '-vf', 'scale=8:8', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { input: flv });
      // Every one of the 64 samples of the first picture is the camera's yellow (0xC0A020), or the white ball.
      const px = [...out.stdout];
      const yellow = Array.from({ length: 64 }, (_, k) => px.slice(k * 3, k * 3 + 3)).filter(([r, g, b]) => Math.abs(r! - 0xc0) < 40 && Math.abs(g! - 0xa0) < 40 && b! < 90);
      expect(yellow.length, `first picture ${px.join(",")} ${String(out.stderr)}`).toBeGreaterThan(56);
    }
    await keep;
  }, 60_000);

  it('passes High profile with B-frames and a 4-second GOP through as it comes', async () => {
    const r = await read(cameras.url('h264-high'), keyframes(1));
    expect(r.flags).toBe(0x01);
    const meta = metaOf(r.tags);
    expect([meta.width, meta.height, meta.hasAudio]).toEqual([704, 576, false]);
    // AVCDecoderConfigurationRecord: profile_idc 100 (High), as the camera coded it.
    expect(videoConfig(r.tags)[5 + 1]).toBe(100);
    const more = await read(cameras.url('h264-high'), (tags) => tags.filter((t) => t.type === TAG_VIDEO).length > 30);
    // B-frames: pictures shown later than decoded carry a composition time offset.
    const cts = more.tags.filter((t) => t.type === TAG_VIDEO && t.data[1] === 1).map((t) => t.data.readIntBE(2, 3));
    expect(cts.some((c) => c > 0)).toBe(true);
  }, 40_000);

  it('declares audio and sends AAC for H.264 + AAC (copied) and H.264 + G.711 A-law and µ-law (transcoded)', async () => {
    for (const mount of ['h264-aac', 'h264-alaw', 'h264-mulaw'] as const) {
      const r = await read(cameras.url(mount), (tags) => tags.some((t) => isKeyframe(t)) && tags.filter((t) => t.type === TAG_AUDIO).length > 5);
      expect(r.flags, mount).toBe(0x05);
      const meta = metaOf(r.tags);
      expect([meta.hasAudio, meta.audiocodecid, meta.width], mount).toEqual([true, 10, 704]);
      const audio = r.tags.filter((t) => t.type === TAG_AUDIO);
      // Sound format 10 (AAC) in every audio tag, whatever the camera sent.
      expect(audio.every((t) => t.data[0]! >> 4 === 10), mount).toBe(true);
    }
  }, 60_000);

  it('tells 1080p and 1440p cameras by their real size', async () => {
    for (const [mount, w, h] of [['h264-1080', 1920, 1080], ['h264-1440', 2560, 1440]] as const) {
      const r = await read(cameras.url(mount), keyframes(1));
      expect(r.flags).toBe(0x01);
      const meta = metaOf(r.tags);
      expect([meta.width, meta.height]).toEqual([w, h]);
    }
  }, 40_000);

  it('sends an H.265 camera as H.265 (codec 12) to a browser that decodes it, as H.264 to others', async () => {
    const native = await read(cameras.url('h265'), keyframes(1), 15_000, 'native');
    expect(native.flags).toBe(0x01);
    expect(metaOf(native.tags).videocodecid).toBe(12);
    expect(native.tags.filter((t) => t.type === TAG_VIDEO).every((t) => (t.data[0]! & 0x0f) === 12)).toBe(true);
    expect([metaOf(native.tags).width, metaOf(native.tags).height]).toEqual([704, 576]);
    const copy = await read(cameras.url('h265'), keyframes(1), 15_000, 'transcode');
    expect(metaOf(copy.tags).videocodecid).toBe(7);
    expect(copy.tags.filter((t) => t.type === TAG_VIDEO).every((t) => (t.data[0]! & 0x0f) === 7)).toBe(true);
    expect([metaOf(copy.tags).width, metaOf(copy.tags).height]).toEqual([704, 576]);
  }, 40_000);

  it('answers a failed source with 502 and the reason, never with pictures', async () => {
    const cases: Array<[string, string]> = [
      [cameras.url('auth', 'cam:wrong'), '{"source":"credentials"}'],
      [cameras.url('auth', null), '{"source":"credentials"}'],
      [cameras.url('h264').replace('/h264', '/no-such-stream'), '{"source":"not-found"}'],
      [cameras.deadUrl, '{"source":"offline"}'],
      [cameras.url('mjpeg'), '{"source":"unsupported","codec":"mjpeg"}'],
    ];
    const results = await Promise.all(cases.map(([url]) => read(url, () => false)));
    results.forEach((r, i) => {
      expect(r.status, cases[i]![0]).toBe(502);
      expect(r.body, cases[i]![0]).toBe(`application/json ${cases[i]![1]}`);
    });
    // The right password plays.
    const ok = await read(cameras.url('auth'), keyframes(1));
    expect([ok.status, ok.flags]).toEqual([200, 0x01]);
  }, 40_000);

  it('closes a WebSocket viewer with 4500 and the reason', async () => {
    const { cameraId, code } = grantFor(cameras.url('auth', 'cam:wrong'));
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/live/${cameraId}.flv?code=${code}`);
    let bytes = 0;
    ws.binaryType = 'arraybuffer';
    ws.onmessage = (e) => (bytes += (e.data as ArrayBuffer).byteLength);
    const closed = await new Promise<CloseEvent>((resolve) => (ws.onclose = resolve));
    expect([closed.code, closed.reason, bytes]).toEqual([4500, '{"source":"credentials"}', 0]);
  }, 20_000);

  it('follows a camera that reboots: viewers are let go, told offline, and it plays again by itself', async () => {
    const reports: SourceReport[] = [];
    const stop = onSourceReport((r) => reports.push(r));
    try {
      const { cameraId, code } = grantFor(cameras.url('flaky'));
      const first = await readCamera(cameraId, code, keyframes(1));
      expect(first.flags).toBe(0x01);
      // A viewer stays while the camera goes away.
      const watching = readCamera(cameraId, code, () => false, 20_000);
      await new Promise((r) => setTimeout(r, 500));
      await cameras.stopFlaky();
      const cut = await watching;
      expect(cut.body).toBe('');
      await expect.poll(() => reports.filter((r) => r.cameraId === cameraId).map((r) => r.state).at(-1), { timeout: 10_000 }).toBe('offline');
      const refused = await readCamera(cameraId, code, () => false, 10_000);
      expect([refused.status, refused.body]).toEqual([502, 'application/json {"source":"offline"}']);
      await cameras.startFlaky();
      // Back within the retry schedule (2 s, then doubling), with no reload of anything.
      await expect.poll(async () => (await readCamera(cameraId, code, keyframes(1), 8_000)).flags, { timeout: 30_000, interval: 1000 }).toBe(0x01);
      const states = reports.filter((r) => r.cameraId === cameraId).map((r) => r.state);
      expect(states[0]).toBe('connecting');
      expect(states).toContain('live');
      expect(states.at(-1)).toBe('live');
    } finally {
      stop();
      await cameras.startFlaky();
    }
  }, 60_000);
});

describe('source states', () => {
  it('reads ffmpeg and ffprobe errors as states', () => {
    expect(failureOf('[rtsp @ 0x1] method DESCRIBE failed: 401 Unauthorized\nrtsp://cam:***@127.0.0.1:8554/auth: Server returned 401 Unauthorized (authorization failed)')).toEqual({ state: 'credentials' });
    expect(failureOf('Server returned 403 Forbidden (access denied)')).toEqual({ state: 'credentials' });
    expect(failureOf('[rtsp @ 0x1] method DESCRIBE failed: 404 Not Found\nrtsp://127.0.0.1:8554/x: Server returned 404 Not Found')).toEqual({ state: 'not-found' });
    expect(failureOf('[tcp @ 0x1] Connection to tcp://127.0.0.1:40404?timeout=0 failed: Connection refused')).toEqual({ state: 'offline' });
    expect(failureOf('rtsp://10.0.0.9:554/401: Connection timed out')).toEqual({ state: 'offline' });
    expect(failureOf('rtsp://cam.example: No route to host')).toEqual({ state: 'offline' });
    expect(failureOf('')).toEqual({ state: 'offline' });
    expect(failureReason({ state: 'unsupported', codec: 'mjpeg' })).toBe('{"source":"unsupported","codec":"mjpeg"}');
  });

  it('retries with backoff: 2 s doubling to 30 s; credentials and unsupported every 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => retryDelay({ state: 'offline' }, n))).toEqual([2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(retryDelay({ state: 'not-found' }, 1)).toBe(2000);
    expect(retryDelay({ state: 'credentials' }, 1)).toBe(60000);
    expect(retryDelay({ state: 'unsupported', codec: 'mjpeg' }, 3)).toBe(60000);
  });
});
