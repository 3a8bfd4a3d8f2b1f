// The demo media server: live HTTP-FLV and WS-FLV per camera and replay of a time range, on its own
// port so streams never take the API origin's six HTTP/1.1 connections. Nothing is served without a
// live play code from the API; a code that stops getting heartbeats (or is shut) ends its streams.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { LiveChannel } from './channel.ts';
import { CLIP_DIR, clipFor, clipLibrary, type Clip } from './clip.ts';
import { PlayCodeStore, type StreamGrant, type StreamKind } from './play-codes.ts';
import { ClipProducer, hasFfmpeg, HevcProducer, RelayProducer, SceneProducer } from './producers.ts';
import { reportSource } from './source.ts';
import { SCENE } from './scene.ts';
import { ReplayStream } from './replay.ts';
import { TimedReplay } from './timed-replay.ts';
import { spansLength } from '../../shared/media/recording.ts';
import { acceptWebSocket, HttpSink, refuseUpgrade, type Sink } from './sinks.ts';

export interface MediaServerOptions {
  port: number;
  host?: string;
  /** The store the API issues codes into; both must share it. */
  playCodes: PlayCodeStore;
  log?: (line: string) => void;
  clips?: Clip[];
  /**
   * Draw each camera's own picture with ffmpeg (scene.ts: 1280x720, its name, the time) instead of
   * looping a committed clip. The platform turns it on when ffmpeg is installed.
   */
  scenes?: boolean;
  /** How long a channel without viewers keeps running, so a quick reconnect finds its GOP. */
  channelIdleMs?: number;
  /**
   * The same for a relayed source: its grace period. A failed source is retried meanwhile, so a
   * player coming back finds it recovering (or its GOP, once it plays).
   */
  relayIdleMs?: number;
  /**
   * The same for a drawn picture, which costs an encoder while it runs: shorter, since starting one
   * again takes about 100 ms (someone flicking through 40 cameras must not leave 40 encoders running).
   */
  drawnIdleMs?: number;
}

export interface MediaStats {
  /** Whether the server is listening (false between stop() and start()). */
  listening: boolean;
  channels: number;
  liveViewers: number;
  replays: number;
  /** Open streams of any kind (HTTP-FLV and WS-FLV, live and replay). */
  streams: number;
  /** Open TCP connections of any kind (HTTP keep-alive, streams, WebSockets). */
  connections: number;
  playCodes: number;
}

export interface MediaServer {
  readonly port: number;
  stats(): MediaStats;
  /** Drops every connection and stops listening, as if the process died (test hook). */
  stop(): Promise<void>;
  /** Listens again after stop(). */
  start(): Promise<void>;
  /** Final shutdown. */
  close(): Promise<void>;
}

const ROUTE = /^\/(live|replay)\/(\d+)\.flv$/;
const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, OPTIONS' };

interface Target {
  kind: StreamKind;
  cameraId: number;
  code: string;
}

function parseTarget(url: string | undefined): Target | null {
  const parsed = new URL(url ?? '/', 'http://media.invalid');
  const match = ROUTE.exec(parsed.pathname);
  if (!match) return null;
  return { kind: match[1] as StreamKind, cameraId: Number(match[2]), code: parsed.searchParams.get('code') ?? '' };
}

export async function startMediaServer(options: MediaServerOptions): Promise<MediaServer> {
  const { playCodes } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const clips = options.clips ?? clipLibrary();
  const idleMs = options.channelIdleMs ?? 10_000;
  const drawnIdleMs = options.drawnIdleMs ?? options.channelIdleMs ?? 1_000;
  const relayIdleMs = options.relayIdleMs ?? 30_000;
  const drawScenes = options.scenes === true && hasFfmpeg();
  // One channel per camera and form: an H.265 camera may be watched as H.265 and as its transcode at once.
  const channels = new Map<string, { channel: LiveChannel; idle: ReturnType<typeof setTimeout> | null; idleMs: number }>();
  const channelKey = (grant: StreamGrant): string => (grant.hevc ? `${grant.cameraId}:${grant.hevc}` : String(grant.cameraId));
  const sinksByCode = new Map<string, Set<Sink>>();
  const sockets = new Set<Socket | Duplex>();
  let replays = 0;
  let listening = false;

  const channelFor = (grant: StreamGrant): LiveChannel => {
    const key = channelKey(grant);
    const existing = channels.get(key);
    if (existing && !existing.channel.closed) {
      if (existing.idle) clearTimeout(existing.idle);
      existing.idle = null;
      return existing.channel;
    }
    const clip = clipFor(grant.clip, clips);
    if (grant.sourceUrl) {
      // A camera with a source shows that source or says why not; its tracks are learnt from it.
      const channel = new LiveChannel({ cameraId: grant.cameraId, info: null, config: [] });
      const report = (state: Parameters<typeof reportSource>[0]['state'], detail: { codec?: string; videoCodec?: string }) =>
        reportSource({ cameraId: grant.cameraId, tenantId: grant.tenantId, state, ...detail, url: grant.sourceUrl!, at: Date.now() });
      if (hasFfmpeg()) channel.run(new RelayProducer({ url: grant.sourceUrl, hevc: grant.hevc ?? null, log, report }));
      else {
        log(`media: camera ${grant.cameraId} has a source but ffmpeg is not installed: it cannot be relayed`);
        channel.fail({ state: 'unsupported', codec: 'no ffmpeg' });
        report('unsupported', { codec: 'no ffmpeg' });
      }
      channels.set(key, { channel, idle: null, idleMs: relayIdleMs });
      return channel;
    }
    const hevc = grant.hevc && hasFfmpeg() ? grant.hevc : null;
    const scene = (drawScenes || hevc) && grant.scene ? grant.scene : null;
    // A drawn picture learns its decoder configuration from ffmpeg before its first frame.
    const channel = new LiveChannel({
      cameraId: grant.cameraId,
      info: scene ? { hasAudio: false, hasVideo: true, width: SCENE.width, height: SCENE.height, fps: SCENE.fps, ...(hevc === 'native' ? { videoCodec: 12 as const } : {}) } : { hasAudio: clip.hasAudio, hasVideo: clip.hasVideo, width: clip.width, height: clip.height, fps: clip.fps },
      config: scene ? [] : clip.config,
    });
    channel.run(
      hevc && scene
        ? new HevcProducer({ ...scene, look: grant.clip }, hevc, clip, log)
        : scene
          ? new SceneProducer({ ...scene, look: grant.clip }, clip, log)
          : new ClipProducer(clip),
    );
    channels.set(key, { channel, idle: null, idleMs: scene ? drawnIdleMs : idleMs });
    return channel;
  };

  const releaseChannel = (key: string): void => {
    const entry = channels.get(key);
    if (!entry || entry.channel.viewers.size > 0 || entry.idle) return;
    entry.idle = setTimeout(() => {
      if (entry.channel.viewers.size === 0) {
        entry.channel.close();
        if (channels.get(key) === entry) channels.delete(key);
      }
    }, entry.idleMs);
  };

  const track = (code: string, sink: Sink): void => {
    let set = sinksByCode.get(code);
    if (!set) sinksByCode.set(code, (set = new Set()));
    set.add(sink);
    sink.onClose(() => {
      set.delete(sink);
      if (set.size === 0) sinksByCode.delete(code);
    });
  };

  /** Attaches an accepted sink to the stream its grant names. */
  const serve = (grant: StreamGrant, sink: Sink): void => {
    track(grant.code, sink);
    if (grant.kind === 'live') {
      const channel = channelFor(grant);
      const viewer = channel.addViewer(grant.code, sink);
      sink.onClose(() => {
        channel.removeViewer(viewer);
        releaseChannel(channelKey(grant));
      });
      return;
    }
    replays += 1;
    sink.onClose(() => (replays -= 1));
    const now = Date.now();
    const clip = clipFor(grant.clip, clips);
    const clipPath = join(CLIP_DIR, clip.name);
    const spans = grant.spans ?? [[grant.startMs ?? now - 3_600_000, grant.endMs ?? now] as const];
    // With ffmpeg the recorded time is burnt into the picture; without it the clip replays unmarked.
    if (drawScenes && grant.scene) new TimedReplay({ scene: { ...grant.scene, look: grant.clip }, sink, spans, rate: grant.rate ?? 1, log });
    else if (hasFfmpeg() && existsSync(clipPath)) new TimedReplay({ clipPath, width: clip.width, height: clip.height, sink, spans, rate: grant.rate ?? 1, log });
    else new ReplayStream({ clip, sink, startMs: spans[0]![0], endMs: spans[0]![0] + spansLength(spans), rate: grant.rate ?? 1 });
  };

  const stopCode = playCodes.onEnd((grant) => {
    for (const sink of [...(sinksByCode.get(grant.code) ?? [])]) sink.end();
  });
  const sweeper = setInterval(() => playCodes.sweep(), 1000);

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, CORS).end();
      return;
    }
    if (req.url === '/__stats') {
      res.writeHead(200, { ...CORS, 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(stats()));
      return;
    }
    const target = parseTarget(req.url);
    if (!target) {
      res.writeHead(404, { ...CORS, 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const grant = target.code ? playCodes.verify(target.code, { cameraId: target.cameraId, kind: target.kind }) : null;
    if (!grant) {
      res.writeHead(403, { ...CORS, 'content-type': 'text/plain' }).end('play code missing, expired or not for this stream');
      return;
    }
    const head = { ...CORS, 'content-type': 'video/x-flv', 'cache-control': 'no-store' };
    if (req.method === 'HEAD') {
      res.writeHead(200, head).end();
      return;
    }
    // A live stream's 200 goes out with its first bytes, so a source that fails first is answered 502.
    if (grant.kind === 'replay') {
      res.writeHead(200, head);
      res.flushHeaders();
    }
    serve(grant, new HttpSink(res, head));
  };

  const onConnection = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const target = parseTarget(req.url);
    const grant = target?.code ? playCodes.verify(target.code, { cameraId: target.cameraId, kind: target.kind }) : null;
    if (!target || !grant) {
      refuseUpgrade(socket, target ? 403 : 404, target ? 'Forbidden' : 'Not Found');
      return;
    }
    const sink = acceptWebSocket(req, socket, head);
    if (sink) serve(grant, sink);
  };

  // 'localhost' means both loopbacks: browsers try ::1 first, and a refused first try costs time.
  const hosts = options.host === undefined || options.host === 'localhost' ? ['127.0.0.1', '::1'] : [options.host];
  let servers: Server[] = [];

  const listenOne = (host: string, port: number) =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer({ noDelay: true, keepAliveTimeout: 5000 }, onRequest);
      server.on('connection', onConnection);
      server.on('upgrade', onUpgrade);
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve(server);
      });
    });

  /** Listens on every host; only the first must succeed (a machine without IPv6 still serves). */
  const listen = async (port: number): Promise<number> => {
    const first = await listenOne(hosts[0]!, port);
    const actual = (first.address() as { port: number }).port;
    servers = [first];
    for (const host of hosts.slice(1)) {
      try {
        servers.push(await listenOne(host, actual));
      } catch {
        /* that loopback does not exist here */
      }
    }
    listening = true;
    return actual;
  };

  const closeServers = async (): Promise<void> => {
    const closing = servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())));
    dropEverything();
    for (const server of servers) server.closeAllConnections();
    servers = [];
    await Promise.all(closing);
  };

  const dropEverything = (): void => {
    for (const { channel, idle } of channels.values()) {
      if (idle) clearTimeout(idle);
      channel.close();
    }
    channels.clear();
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };

  function stats(): MediaStats {
    let liveViewers = 0;
    for (const { channel } of channels.values()) liveViewers += channel.viewers.size;
    let streams = 0;
    for (const set of sinksByCode.values()) streams += set.size;
    return { listening, channels: channels.size, liveViewers, replays, streams, connections: sockets.size, playCodes: playCodes.size };
  }

  const port = await listen(options.port);

  return {
    port,
    stats,
    async stop() {
      if (!listening) return;
      listening = false;
      await closeServers();
      log('media: stopped (test hook)');
    },
    async start() {
      if (listening) return;
      await listen(port);
      log(`media: listening again on port ${port}`);
    },
    async close() {
      clearInterval(sweeper);
      stopCode();
      listening = false;
      await closeServers();
    },
  };
}
