import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayCodeRef, PlayStream } from '../api/video-types.ts';
import type { EngineCallbacks, EngineSource, PlayerEngine, VideoLike } from './engine.ts';
import { StreamPlayer, streamUrl, type StreamApi, type Visibility } from './stream-player.ts';

class FakeVideo implements VideoLike {
  currentTime = 0;
  playbackRate = 1;
  muted = false;
  paused = true;
  readyState = 0;
  videoWidth = 0;
  videoHeight = 0;
  ranges: Array<[number, number]> = [];
  src: string | null = null;
  listeners = new Map<string, Set<() => void>>();
  get buffered() {
    const r = this.ranges;
    return { length: r.length, start: (i: number) => r[i]![0], end: (i: number) => r[i]![1] };
  }
  play() {
    this.paused = false;
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
  }
  addEventListener(type: string, fn: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(fn);
  }
  removeEventListener(type: string, fn: () => void) {
    this.listeners.get(type)?.delete(fn);
  }
  removeAttribute(name: string) {
    if (name === 'src') this.src = null;
  }
  load() {}
  /** The decoder produced a picture, with `buffer` seconds buffered ahead. */
  decode(buffer = 0.2) {
    this.readyState = 4;
    this.videoWidth = 320;
    this.videoHeight = 180;
    this.currentTime = Math.max(this.currentTime, 0.04);
    this.ranges = [[0, this.currentTime + buffer]];
  }
  /** Real-time playback with data arriving at the same pace. */
  flow(seconds: number) {
    if (this.paused) return;
    this.currentTime += seconds * this.playbackRate;
    const end = this.ranges[0]?.[1] ?? 0;
    this.ranges = [[0, end + seconds]];
  }
}

interface Opened {
  source: EngineSource;
  callbacks: EngineCallbacks;
  destroyed: boolean;
}

function fakeEngine() {
  const opened: Opened[] = [];
  const engine: PlayerEngine = {
    name: 'fake',
    supports: () => true,
    open(video, source, callbacks) {
      const entry: Opened = { source, callbacks, destroyed: false };
      opened.push(entry);
      (video as FakeVideo).src = source.url;
      return {
        destroy() {
          entry.destroyed = true;
          video.removeAttribute('src');
        },
      };
    },
  };
  return { opened, load: () => Promise.resolve(engine), last: () => opened[opened.length - 1]! };
}

function fakeApi(overrides: Partial<StreamApi> = {}) {
  let n = 0;
  const calls = { request: 0, heartbeats: [] as string[], shut: [] as string[] };
  const alive = new Set<string>();
  const api: StreamApi = {
    request: async () => {
      calls.request += 1;
      n += 1;
      const code = `code-${n}`;
      alive.add(code);
      return { flvUri: `http://media.test:8081/live/7.flv?code=${code}`, wsUri: `ws://media.test:8081/live/7.flv?code=${code}`, code, playType: 0 } satisfies PlayStream;
    },
    heartbeat: async (ref: PlayCodeRef) => {
      calls.heartbeats.push(ref.playCode);
      return alive.has(ref.playCode);
    },
    shut: async (ref: PlayCodeRef) => {
      calls.shut.push(ref.playCode);
      alive.delete(ref.playCode);
      return true;
    },
    ...overrides,
  };
  return { api, calls, alive };
}

function fakeVisibility() {
  let hidden = false;
  const listeners = new Set<() => void>();
  const leave = new Set<(leaving: boolean) => void>();
  const v: Visibility = {
    hidden: () => hidden,
    subscribe: (fn) => (listeners.add(fn), () => listeners.delete(fn)),
    onPageLeave: (fn) => (leave.add(fn), () => leave.delete(fn)),
  };
  return { v, set: (h: boolean) => ((hidden = h), listeners.forEach((fn) => fn())), leave: (leaving: boolean) => leave.forEach((fn) => fn(leaving)), leaveListeners: leave };
}

let video: FakeVideo;

beforeEach(() => {
  vi.useFakeTimers();
  video = new FakeVideo();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Advances time in ticks, playing the fake video in real time. */
async function run(ms: number, step = 100) {
  for (let t = 0; t < ms; t += step) {
    video.flow(step / 1000);
    await vi.advanceTimersByTimeAsync(step);
  }
}

function setup(extra: { api?: Partial<StreamApi>; live?: boolean; visibility?: Visibility } = {}) {
  const engine = fakeEngine();
  const api = fakeApi(extra.api);
  const player = new StreamPlayer({ cameraId: 7, live: extra.live ?? true, api: api.api, engine: engine.load, video, visibility: extra.visibility ?? null, now: () => Date.now() });
  const statuses: string[] = [];
  // Each status the player passes through (a change of codec or engine alone is not a new status).
  let last: { status: string; attempt: number; reason: string | null } | null = null;
  player.subscribe((s) => {
    if (last && last.status === s.status && last.attempt === s.attempt && last.reason === s.reason) return;
    last = { status: s.status, attempt: s.attempt, reason: s.reason };
    statuses.push(s.status);
  });
  return { player, engine, api, statuses };
}

describe('StreamPlayer', () => {
  it('requests, opens, reports playing on the first picture, and heartbeats every 2 s with its code', async () => {
    const { player, engine, api, statuses } = setup();
    player.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls.request).toBe(1);
    expect(engine.last().source.url).toContain('code=code-1');
    video.decode();
    await run(6000);
    expect(statuses).toEqual(['connecting', 'playing']);
    expect(api.calls.heartbeats).toEqual(['code-1', 'code-1', 'code-1']);
    expect(player.stats().firstFrameMs).not.toBeNull();
    player.stop();
  });

  it('plays an H.265 stream with the H.265 engine, loaded only then; a transcoded one with the H.264 engine, saying so', async () => {
    const h264 = fakeEngine();
    const h265 = fakeEngine();
    let h265Loads = 0;
    const loadH265 = () => {
      h265Loads += 1;
      return h265.load().then((e) => ({ ...e, name: 'fake-h265' }));
    };
    const answer = (over: Partial<PlayStream>) => fakeApi({ request: async () => ({ flvUri: 'http://m/live/7.flv?code=c', wsUri: 'ws://m/live/7.flv?code=c', code: 'c', playType: 0, ...over }) });
    const make = (api: ReturnType<typeof fakeApi>) => new StreamPlayer({ cameraId: 7, live: true, api: api.api, engine: h264.load, h265Engine: loadH265, video, now: () => Date.now() });

    const plain = make(answer({ codec: 'h264' }));
    plain.start();
    await vi.advanceTimersByTimeAsync(0);
    expect([h264.opened.length, h265.opened.length, h265Loads]).toEqual([1, 0, 0]);
    expect([plain.state.codec, plain.state.transcoded]).toEqual(['h264', false]);
    plain.stop();

    const native = make(answer({ codec: 'h265' }));
    native.start();
    await vi.advanceTimersByTimeAsync(0);
    expect([h264.opened.length, h265.opened.length, h265Loads]).toEqual([1, 1, 1]);
    expect([native.state.codec, native.state.engine]).toEqual(['h265', 'fake-h265']);
    h265.last().callbacks.onMediaInfo?.({ videoCodec: 'hvc1.1.6.L93.B0' });
    expect(native.state.mediaCodec).toBe('hvc1.1.6.L93.B0');
    native.stop();

    const transcoded = make(answer({ codec: 'h264', transcoded: true }));
    transcoded.start();
    await vi.advanceTimersByTimeAsync(0);
    expect([h264.opened.length, h265.opened.length]).toEqual([2, 1]);
    expect([transcoded.state.codec, transcoded.state.transcoded, transcoded.state.engine]).toEqual(['h264', true, 'fake']);
    transcoded.stop();
  });

  it('restarts after a stream error with the same code, and asks for a new one after a 403', async () => {
    const { player, engine, api, statuses } = setup();
    player.start();
    await vi.advanceTimersByTimeAsync(0);
    video.decode();
    await run(400);
    engine.last().callbacks.onError({ kind: 'network', message: 'early eof' });
    expect(engine.opened[0]!.destroyed).toBe(true);
    await run(400);
    expect(engine.opened.length).toBe(2);
    expect(api.calls.request).toBe(1);
    engine.last().callbacks.onError({ kind: 'network', status: 403, message: 'forbidden' });
    await run(1000);
    expect(api.calls.request).toBe(2);
    expect(api.calls.shut).toEqual(['code-1']);
    expect(engine.last().source.url).toContain('code=code-2');
    expect(statuses).toContain('reconnecting');
    player.stop();
  });

  it('throttles repeated failures instead of retrying in a tight loop', async () => {
    const { player, engine } = setup();
    player.start();
    await vi.advanceTimersByTimeAsync(0);
    const openedAt: number[] = [Date.now()];
    for (let i = 0; i < 6; i++) {
      const before = engine.opened.length;
      engine.last().callbacks.onError({ kind: 'network', message: 'refused' });
      while (engine.opened.length === before) await vi.advanceTimersByTimeAsync(50);
      openedAt.push(Date.now());
    }
    const gaps = openedAt.slice(1).map((t, i) => t - openedAt[i]!);
    expect(gaps[0]).toBeLessThanOrEqual(350);
    expect(gaps.slice(-2).every((g) => g >= 2000 && g <= 2100)).toBe(true);
    player.stop();
  });

  it('restarts a stream whose picture stops moving without an error (stall watchdog)', async () => {
    const { player, engine } = setup();
    player.start();
    await vi.advanceTimersByTimeAsync(0);
    video.decode();
    await run(1000);
    // Frames stop: the playhead freezes, no error is raised.
    const frozen = video.currentTime;
    for (let i = 0; i < 50; i++) {
      video.currentTime = frozen;
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(engine.opened.length).toBe(2);
    expect(player.state.reason).toBe('stalled');
    player.stop();
  });

  it('restarts when no picture arrives after opening', async () => {
    const { player, engine } = setup();
    player.start();
    await vi.advanceTimersByTimeAsync(8500);
    expect(engine.opened.length).toBe(2);
    expect(player.state.reason).toBe('no picture');
    player.stop();
  });

  it('keeps live playback near the edge: faster play for a small lag, a jump for a big one', async () => {
    const { player } = setup();
    player.start();
    await vi.advanceTimersByTimeAsync(0);
    video.decode(0.8);
    await run(400);
    expect(video.playbackRate).toBeGreaterThan(1);
    video.ranges = [[0, video.currentTime + 4]];
    await run(400);
    expect(video.ranges[0]![1] - video.currentTime).toBeLessThan(0.6);
    expect(player.stats().seeks).toBe(1);
    await run(5000);
    expect(video.playbackRate).toBe(1);
    player.stop();
  });

  it('does not apply live latency control to replay', async () => {
    const { player } = setup({ live: false });
    player.start();
    await vi.advanceTimersByTimeAsync(0);
    video.decode(3);
    await run(1000);
    expect(video.playbackRate).toBe(1);
    expect(player.stats().seeks).toBe(0);
    player.stop();
  });

  it('shows no-permission and no-device without opening anything', async () => {
    const denied = setup({ api: { request: () => Promise.reject(Object.assign(new Error('no function permission'), { code: 40301 })) } });
    denied.player.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(denied.player.state.status).toBe('no-permission');
    expect(denied.engine.opened.length).toBe(0);
    const missing = setup({ api: { request: () => Promise.reject(Object.assign(new Error('no device'), { code: -1 })) } });
    missing.player.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(missing.player.state.status).toBe('no-device');
    const none = setup({ api: { request: () => Promise.resolve(null) } });
    none.player.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(none.player.state.status).toBe('no-device');
    await vi.advanceTimersByTimeAsync(10000);
    expect(none.engine.opened.length).toBe(0);
  });

  it('stays ended after no-permission or no-device: hiding and showing the tab, or leaving and coming back, asks for nothing', async () => {
    for (const [code, status] of [
      [40301, 'no-permission'],
      [-1, 'no-device'],
    ] as const) {
      const vis = fakeVisibility();
      let requests = 0;
      const { player, engine } = setup({ visibility: vis.v, api: { request: () => (requests++, Promise.reject(Object.assign(new Error(status), { code }))) } });
      player.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(player.state.status).toBe(status);
      vis.set(true);
      await vi.advanceTimersByTimeAsync(6000);
      vis.set(false);
      await vi.advanceTimersByTimeAsync(6000);
      vis.leave(true);
      vis.leave(false);
      await vi.advanceTimersByTimeAsync(6000);
      expect(requests).toBe(1);
      expect(engine.opened.length).toBe(0);
      expect(player.state.status).toBe(status);
      player.stop();
    }
  });

  it('retries a request that failed in transit', async () => {
    let fail = true;
    const base = fakeApi();
    const { player, engine } = setup({ api: { request: () => (fail ? Promise.reject(new TypeError('network timeout')) : base.api.request()) } });
    player.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(player.state.status).toBe('reconnecting');
    fail = false;
    await vi.advanceTimersByTimeAsync(400);
    expect(engine.opened.length).toBe(1);
  });

  it('re-requests when the platform says the code expired', async () => {
    const { player, engine, api } = setup();
    player.start();
    await vi.advanceTimersByTimeAsync(0);
    video.decode();
    api.alive.clear();
    await run(2500);
    expect(api.calls.request).toBe(2);
    expect(engine.last().source.url).toContain('code=code-2');
    player.stop();
  });

  it('stop tears everything down: engine destroyed, src emptied, code shut, no timers left', async () => {
    const { player, engine, api } = setup();
    player.start();
    await vi.advanceTimersByTimeAsync(0);
    video.decode();
    await run(2500);
    player.stop();
    expect(engine.last().destroyed).toBe(true);
    expect(video.src).toBeNull();
    expect(api.calls.shut).toEqual(['code-1']);
    expect(vi.getTimerCount()).toBe(0);
    const beats = api.calls.heartbeats.length;
    await vi.advanceTimersByTimeAsync(10000);
    expect(api.calls.heartbeats.length).toBe(beats);
    expect(player.state.status).toBe('stopped');
  });

  it('gives back a code that arrives after stop', async () => {
    let answer: (s: PlayStream) => void = () => undefined;
    const base = fakeApi();
    const { player, engine, api } = setup({ api: { request: () => new Promise((r) => (answer = r)) } });
    player.start();
    player.stop();
    answer({ flvUri: 'http://m/live/7.flv?code=late', wsUri: '', code: 'late', playType: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.opened.length).toBe(0);
    void base;
    expect(api.calls.shut).toEqual(['late']);
  });

  it('pauses live video in a hidden tab, lets go after a grace period, and resumes fresh when visible', async () => {
    const vis = fakeVisibility();
    const { player, engine, api } = setup({ visibility: vis.v });
    player.start();
    await vi.advanceTimersByTimeAsync(0);
    video.decode();
    await run(1000);
    vis.set(true);
    expect(video.paused).toBe(true);
    await vi.advanceTimersByTimeAsync(6000);
    expect(player.state.status).toBe('paused');
    expect(engine.last().destroyed).toBe(true);
    expect(api.calls.shut).toEqual(['code-1']);
    const beats = api.calls.heartbeats.length;
    await vi.advanceTimersByTimeAsync(6000);
    expect(api.calls.heartbeats.length).toBe(beats);
    vis.set(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls.request).toBe(2);
    expect(engine.opened.length).toBe(2);
    player.stop();
  });

  it('on page leave shuts the code with a request that outlives the page, and starts afresh when the page comes back', async () => {
    for (const live of [true, false]) {
      const vis = fakeVisibility();
      const shuts: Array<[string, boolean | undefined]> = [];
      const { player, engine, api } = setup({ visibility: vis.v, live, api: { shut: async (ref, leaving) => (shuts.push([ref.playCode, leaving]), true) } });
      player.start();
      await vi.advanceTimersByTimeAsync(0);
      video.decode();
      await run(1000);
      vis.leave(true);
      expect(video.paused).toBe(true);
      expect(engine.last().destroyed).toBe(true);
      expect(shuts).toEqual([['code-1', true]]);
      expect(player.state).toMatchObject({ status: 'paused', reason: 'page left' });
      // Gone from the page: no heartbeat, no reconnect.
      const beats = api.calls.heartbeats.length;
      await vi.advanceTimersByTimeAsync(10_000);
      expect(api.calls.heartbeats.length).toBe(beats);
      expect(api.calls.request).toBe(1);
      // Back from the back/forward cache: a fresh code and a new connection.
      vis.leave(false);
      await vi.advanceTimersByTimeAsync(0);
      expect(api.calls.request).toBe(2);
      expect(engine.opened.length).toBe(2);
      player.stop();
      expect(vis.leaveListeners.size).toBe(0);
    }
  });

  it('a camera the media server calls offline: the state stays while retried at 2, 4, 8… s up to 30 s with the same code, and playing again resets it', async () => {
    const { player, engine, api, statuses } = setup();
    player.start();
    await vi.advanceTimersByTimeAsync(0);
    const opens: number[] = [];
    const start = Date.now();
    for (let i = 0; i < 6; i++) {
      engine.last().callbacks.onError({ kind: 'network', source: { state: 'offline' }, message: 'source failed' });
      expect(engine.last().destroyed).toBe(true);
      expect(video.src).toBe(null);
      const before = engine.opened.length;
      while (engine.opened.length === before) await vi.advanceTimersByTimeAsync(100);
      opens.push(Math.round((Date.now() - start) / 100) / 10);
      expect(player.state.status).toBe('offline');
    }
    // Each delay counts from the previous failure (reported at the moment of each open here).
    const gaps = opens.map((t, i) => Math.round((t - (opens[i - 1] ?? 0)) * 10) / 10);
    expect(gaps).toEqual([2, 4, 8, 16, 30, 30]);
    expect(api.calls.request).toBe(1);
    expect(statuses.filter((s) => s !== 'offline')).toEqual(['connecting']);
    video.decode();
    await run(400);
    expect(player.state.status).toBe('playing');
    engine.last().callbacks.onError({ kind: 'network', source: { state: 'not-found' }, message: 'source failed' });
    expect(player.state.status).toBe('not-found');
    const before = engine.opened.length;
    await vi.advanceTimersByTimeAsync(1900);
    expect(engine.opened.length).toBe(before);
    await vi.advanceTimersByTimeAsync(200);
    expect(engine.opened.length).toBe(before + 1);
    player.stop();
  });

  it('wrong credentials and an unsupported codec wait 60 s before the next try, and say which codec', async () => {
    const { player, engine } = setup();
    player.start();
    await vi.advanceTimersByTimeAsync(0);
    engine.last().callbacks.onError({ kind: 'network', source: { state: 'unsupported', codec: 'mjpeg' }, message: 'source failed' });
    expect([player.state.status, player.state.sourceCodec]).toEqual(['unsupported', 'mjpeg']);
    await vi.advanceTimersByTimeAsync(59000);
    expect(engine.opened.length).toBe(1);
    await vi.advanceTimersByTimeAsync(1500);
    expect(engine.opened.length).toBe(2);
    engine.last().callbacks.onError({ kind: 'network', status: 502, source: { state: 'credentials' }, message: 'source failed' });
    expect([player.state.status, player.state.sourceCodec]).toEqual(['credentials', '']);
    await vi.advanceTimersByTimeAsync(59000);
    expect(engine.opened.length).toBe(2);
    // A retry that finds no picture in time is still the camera failing: the state stays.
    await vi.advanceTimersByTimeAsync(1500);
    expect(engine.opened.length).toBe(3);
    await vi.advanceTimersByTimeAsync(9000);
    expect(player.state.status).toBe('credentials');
    player.stop();
  });

  it('resumes at the live edge after a short hide', async () => {
    const vis = fakeVisibility();
    const { player, engine } = setup({ visibility: vis.v });
    player.start();
    await vi.advanceTimersByTimeAsync(0);
    video.decode();
    await run(500);
    vis.set(true);
    await vi.advanceTimersByTimeAsync(1000);
    video.ranges = [[0, video.currentTime + 1.2]];
    vis.set(false);
    expect(video.paused).toBe(false);
    expect(video.ranges[0]![1] - video.currentTime).toBeLessThan(0.3);
    expect(engine.opened.length).toBe(1);
    player.stop();
  });
});

describe('streamUrl', () => {
  const stream: PlayStream = { flvUri: 'http://10.0.0.5:8081/live/3.flv?code=abc', wsUri: 'ws://10.0.0.5:8081/live/3.flv?code=abc', code: 'abc', playType: 0 };
  it('keeps the platform address unless a media base is configured', () => {
    expect(streamUrl(stream, 'http')).toBe(stream.flvUri);
    expect(streamUrl(stream, 'ws')).toBe(stream.wsUri);
    expect(streamUrl(stream, 'http', 'https://media.example.com')).toBe('https://media.example.com/live/3.flv?code=abc');
    expect(streamUrl(stream, 'ws', 'https://media.example.com')).toBe('wss://media.example.com/live/3.flv?code=abc');
  });
});
