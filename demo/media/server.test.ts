import { afterEach, describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { encodeTag, flvHeader, FlvReader, isKeyframe, isSequenceHeader, readMetadata, TAG_SCRIPT, TAG_VIDEO, type FlvTag } from './flv.ts';
import { PlayCodeStore, type GrantInput } from './play-codes.ts';
import { startMediaServer, type MediaServer } from './server.ts';

const live: GrantInput = { cameraId: 3, tenantId: 1, userId: 1, kind: 'live', clip: 3, sourceUrl: null, startMs: null, endMs: null };
let server: MediaServer | null = null;

afterEach(async () => {
  await server?.close();
  server = null;
});

async function boot(codes = new PlayCodeStore(), scenes = false) {
  server = await startMediaServer({ port: 0, host: '127.0.0.1', playCodes: codes, log: () => undefined, channelIdleMs: 200, scenes });
  return { codes, base: `http://127.0.0.1:${server.port}` };
}

/** Reads an HTTP-FLV response for `ms`, or until it ends, and returns its tags. */
async function readFor(url: string, ms: number): Promise<{ status: number; tags: FlvTag[]; ended: boolean }> {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  if (res.status !== 200) return { status: res.status, tags: [], ended: true };
  const reader = new FlvReader();
  const tags: FlvTag[] = [];
  const body = res.body!.getReader();
  const timer = setTimeout(() => controller.abort(), ms);
  let ended = false;
  try {
    for (;;) {
      const { done, value } = await body.read();
      if (done) {
        ended = true;
        break;
      }
      tags.push(...reader.push(Buffer.from(value)));
    }
  } catch {
    /* aborted after ms */
  }
  clearTimeout(timer);
  return { status: 200, tags, ended };
}

/** Reads a stream until `enough` says so (or `ms` pass), then lets it go. */
async function readUntil(url: string, enough: (tags: FlvTag[]) => boolean, ms: number): Promise<FlvTag[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  const tags: FlvTag[] = [];
  try {
    const res = await fetch(url, { signal: controller.signal });
    const reader = new FlvReader();
    const body = res.body!.getReader();
    while (!enough(tags)) {
      const { done, value } = await body.read();
      if (done) break;
      tags.push(...reader.push(Buffer.from(value)));
    }
  } catch {
    /* aborted after ms: the caller's checks say what was missing */
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return tags;
}

/** The pictures of a stream, decoded by ffmpeg to 1280x720 grey frames. */
function decodeGray(tags: FlvTag[]): Buffer[] {
  const flv = Buffer.concat([flvHeader(false, true), ...tags.map((t) => encodeTag(t.type, t.timestamp, t.data))]);
  const out = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], { input: flv, maxBuffer: 512 * 1024 * 1024 });
  const size = 1280 * 720;
  const frames: Buffer[] = [];
  for (let at = 0; at + size <= out.stdout.length; at += size) frames.push(out.stdout.subarray(at, at + size));
  return frames;
}

/** Whether two grey pictures differ clearly anywhere inside a rectangle (not just by coding noise). */
function differs(a: Buffer, b: Buffer, r: { x: number; y: number; w: number; h: number }): boolean {
  let changed = 0;
  for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) if (Math.abs(a[y * 1280 + x]! - b[y * 1280 + x]!) > 40) changed += 1;
  return changed > 20;
}

describe('media server', () => {
  it('refuses a stream without a valid code for that camera', async () => {
    const { codes, base } = await boot();
    const grant = codes.issue(live);
    expect((await fetch(`${base}/live/3.flv`)).status).toBe(403);
    expect((await fetch(`${base}/live/3.flv?code=guess`)).status).toBe(403);
    expect((await fetch(`${base}/live/4.flv?code=${grant.code}`)).status).toBe(403);
    expect((await fetch(`${base}/replay/3.flv?code=${grant.code}`)).status).toBe(403);
  });

  it('serves live FLV in real time: metadata with the epoch, config, then a key frame at 0', async () => {
    const { codes, base } = await boot();
    const grant = codes.issue(live);
    const started = Date.now();
    const { tags } = await readFor(`${base}/live/3.flv?code=${grant.code}`, 1200);
    expect(tags[0]!.type).toBe(TAG_SCRIPT);
    const meta = readMetadata(tags[0]!.data)!;
    expect(meta.atriumKind).toBe('live');
    expect(Math.abs((meta.atriumEpoch as number) - started)).toBeLessThan(1000);
    const media = tags.slice(3);
    const firstVideo = media.find((t) => t.type === TAG_VIDEO)!;
    expect(isKeyframe(firstVideo)).toBe(true);
    expect(firstVideo.timestamp).toBe(0);
    const last = media[media.length - 1]!.timestamp;
    // Paced in real time: about 1.2 s of media in 1.2 s, not the whole clip at once.
    expect(last).toBeGreaterThan(800);
    expect(last).toBeLessThan(1700);
  });

  it('gives a second viewer the cached GOP at once, stamped from its own 0', async () => {
    const { codes, base } = await boot();
    await readFor(`${base}/live/3.flv?code=${codes.issue(live).code}`, 700);
    const t0 = Date.now();
    const second = await readFor(`${base}/live/3.flv?code=${codes.issue(live).code}`, 150);
    const video = second.tags.filter((t) => t.type === TAG_VIDEO && isKeyframe(t));
    expect(video.length).toBeGreaterThan(0);
    expect(video[0]!.timestamp).toBe(0);
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('draws a camera\'s own 1280x720 picture when asked: its title, a running clock, things moving', async () => {
    const { codes, base } = await boot(new PlayCodeStore(), true);
    const scene = (label: string, name: string) => ({ kind: 'indoor' as const, title: { label, name, nameEn: null } });
    const lobby = readFor(`${base}/live/3.flv?code=${codes.issue({ ...live, scene: scene('CAM-003', 'Lobby') }).code}`, 1600);
    const dock = readFor(`${base}/live/4.flv?code=${codes.issue({ ...live, cameraId: 4, scene: scene('CAM-004', 'Loading dock 4') }).code}`, 1600);
    const [a, b] = await Promise.all([lobby, dock]);
    const meta = readMetadata(a.tags[0]!.data)!;
    expect([meta.width, meta.height, meta.hasAudio]).toEqual([1280, 720, false]);
    const framesA = decodeGray(a.tags);
    const framesB = decodeGray(b.tags);
    expect(framesA.length).toBeGreaterThan(20);
    const first = framesA[0]!;
    const last = framesA[framesA.length - 1]!;
    // The clock (top right) ticked within the 1.2 s between the first and last picture.
    expect(differs(first, last, { x: 900, y: 16, w: 360, h: 44 })).toBe(true);
    // Someone walked across the floor.
    expect(differs(first, last, { x: 0, y: 440, w: 1280, h: 200 })).toBe(true);
    // Same place, same look: the wall is the same, the printed name (bottom left) is each camera's own.
    expect(differs(first, framesB[0]!, { x: 0, y: 300, w: 100, h: 100 })).toBe(false);
    expect(differs(first, framesB[0]!, { x: 20, y: 660, w: 500, h: 50 })).toBe(true);
  }, 15_000);

  it('sends an H.265 camera as H.265 in FLV (codec 12) to a browser that decodes it, and as an H.264 transcode to others', async () => {
    const { codes, base } = await boot();
    const scene = { kind: 'machines' as const, title: { label: 'CAM-046', name: 'Aisle 2', nameEn: null } };
    const codec = (t: FlvTag) => t.data[0]! & 0x0f;
    // The first viewer may wait while the camera's H.265 clip is encoded (once, a few seconds).
    const native = await readUntil(`${base}/live/5.flv?code=${codes.issue({ ...live, cameraId: 5, scene, hevc: 'native' }).code}`, (tags) => tags.filter(isKeyframe).length >= 3, 20_000);
    expect(readMetadata(native[0]!.data)!.videocodecid).toBe(12);
    const video = native.filter((t) => t.type === TAG_VIDEO);
    expect(video.every((t) => codec(t) === 12)).toBe(true);
    expect(isSequenceHeader(video[0]!)).toBe(true);
    expect(video[0]!.data[6]! & 0x1f).toBe(1); // the record names the Main profile
    expect(isKeyframe(video[1]!)).toBe(true);

    const transcoded = await readUntil(`${base}/live/5.flv?code=${codes.issue({ ...live, cameraId: 5, scene, hevc: 'transcode' }).code}`, (tags) => tags.filter(isKeyframe).length >= 3, 20_000);
    expect(readMetadata(transcoded[0]!.data)!.videocodecid).toBe(7);
    expect(transcoded.filter((t) => t.type === TAG_VIDEO).every((t) => codec(t) === 7)).toBe(true);
    // The transcode is the camera's own 1280x720 picture, decodable as any H.264 stream.
    expect(decodeGray(transcoded.slice(1)).length).toBeGreaterThan(2);
  }, 45_000);

  it('serves the same stream over WebSocket', async () => {
    const { codes, base } = await boot();
    const grant = codes.issue(live);
    const ws = new WebSocket(`${base.replace('http', 'ws')}/live/3.flv?code=${grant.code}`);
    ws.binaryType = 'arraybuffer';
    const reader = new FlvReader();
    const tags: FlvTag[] = [];
    ws.onmessage = (e) => tags.push(...reader.push(Buffer.from(e.data as ArrayBuffer)));
    await vi.waitFor(() => expect(tags.some(isKeyframe)).toBe(true), { timeout: 5000, interval: 20 });
    ws.close();
    expect(tags[0]!.type).toBe(TAG_SCRIPT);
  });

  it('closes a viewer socket that sends data, even a frame header claiming 2^40 bytes, without buffering it', async () => {
    const { codes, base } = await boot();
    const { connect } = await import('node:net');
    const grant = codes.issue(live);
    const url = new URL(`${base}/live/3.flv?code=${grant.code}`);
    const socket = connect(Number(url.port), url.hostname);
    await new Promise((r) => socket.once('connect', r));
    socket.write(`GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`);
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    // A binary frame, masked, length 2^40 (127 + 64-bit length), then a trickle of bytes.
    const header = Buffer.alloc(14);
    header[0] = 0x82;
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(2n ** 40n, 2);
    socket.write(header);
    socket.write(Buffer.alloc(4096));
    const t = Date.now();
    await closed;
    expect(Date.now() - t, 'closed at once, not by the heartbeat timeout').toBeLessThan(2000);
    // A polite viewer is still served.
    const ws = new WebSocket(`${base.replace('http', 'ws')}/live/3.flv?code=${codes.issue(live).code}`);
    ws.binaryType = 'arraybuffer';
    const first = await new Promise<unknown>((r) => (ws.onmessage = (e) => r(e.data)));
    expect(first).toBeInstanceOf(ArrayBuffer);
    ws.close();
  });

  it('ends the stream when its code is shut, and counts it gone', async () => {
    const { codes, base } = await boot();
    const grant = codes.issue(live);
    const reading = readFor(`${base}/live/3.flv?code=${grant.code}`, 5000);
    await vi.waitFor(() => expect(server!.stats().liveViewers).toBe(1), { timeout: 5000, interval: 20 });
    codes.shut(grant.code, 3, 1);
    const result = await reading;
    expect(result.ended).toBe(true);
    await vi.waitFor(() => expect(server!.stats().liveViewers).toBe(0), { timeout: 2000, interval: 10 });
  });

  it('closes a stream whose heartbeats stopped', async () => {
    const { codes, base } = await boot(new PlayCodeStore({ timeoutMs: 400 }));
    const grant = codes.issue(live);
    const t0 = Date.now();
    const result = await readFor(`${base}/live/3.flv?code=${grant.code}`, 5000);
    expect(result.ended).toBe(true);
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('replays an asked range from 0 and ends with it', async () => {
    const { codes, base } = await boot();
    const start = Date.UTC(2024, 0, 1, 8, 0, 0);
    const grant = codes.issue({ ...live, kind: 'replay', startMs: start, endMs: start + 1000 });
    const result = await readFor(`${base}/replay/3.flv?code=${grant.code}`, 5000);
    expect(result.ended).toBe(true);
    expect(readMetadata(result.tags[0]!.data)!.atriumEpoch).toBe(start);
    // After the metadata and the decoder configuration (video only when the time is burnt in by ffmpeg).
    const media = result.tags.slice(1).filter((t) => !isSequenceHeader(t));
    expect(isKeyframe(media.find((t) => t.type === TAG_VIDEO)!)).toBe(true);
    expect(Math.max(...media.map((t) => t.timestamp))).toBeLessThan(1000);
  });

  it('drops every connection on stop() and serves again after start()', async () => {
    const { codes, base } = await boot();
    const grant = codes.issue(live);
    const reading = readFor(`${base}/live/3.flv?code=${grant.code}`, 5000);
    await vi.waitFor(() => expect(server!.stats().liveViewers).toBe(1), { timeout: 5000, interval: 20 });
    await server!.stop();
    await reading;
    expect(server!.stats().connections).toBe(0);
    await expect(fetch(`${base}/live/3.flv?code=${grant.code}`)).rejects.toThrow();
    await server!.start();
    const again = await readFor(`${base}/live/3.flv?code=${grant.code}`, 300);
    expect(again.tags.some(isKeyframe)).toBe(true);
  });
});
