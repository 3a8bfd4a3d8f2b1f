// A test-only FLV source for the browser tests of the player (@web/test-runner plugin): live WS-FLV
// and HTTP-FLV streams built from the committed demo clips with the project's own FLV reader/writer,
// paced in real time and looped, in the shapes real servers send — and the failures the media
// contract defines. Registered in web-test-runner.config.mjs; the page finds it at /__flv-source.
//
//   <origin>/live/<name>           WS-FLV (upgrade) or HTTP-FLV, in the mode set for <name>
//   <origin>/control/<name>?mode=… sets <name>'s mode; open viewers of a failing mode are closed
//                                    with it at once (a camera dying while watched). Answers the
//                                    number of connections <name> has had.
// Modes: av (the clip as is: header 0x05, audio and video), video (truthful video only: 0x01,
// hasAudio false), lying (header 0x05 and onMetaData hasAudio true, but only video tags), alaw (the
// clip's audio tags relabelled G.711 A-law, as a server that does not transcode it sends them), fail
// (&reason=<JSON>: WS close 4500 + reason; HTTP 502 with the JSON body), and size (&size=704x576:
// a video-only clip of that size, encoded once by ffmpeg).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeTag, flvHeader, isEndOfSequence, isSequenceHeader, metadataBody, parseFlv, TAG_AUDIO, TAG_SCRIPT, TAG_VIDEO, type FlvTag } from '../demo/media/flv.ts';

const ROOT = new URL('..', import.meta.url).pathname;

interface Mode {
  kind: 'av' | 'video' | 'lying' | 'alaw' | 'fail' | 'size';
  reason?: string;
  size?: string;
}

interface Clip {
  tags: FlvTag[];
  /** One loop's length, ms. */
  loopMs: number;
  width: number;
  height: number;
}

function clipOf(file: string, width: number, height: number): Clip {
  const { tags } = parseFlv(readFileSync(file));
  const media = tags.filter((t) => t.type !== TAG_SCRIPT && !isEndOfSequence(t));
  const frame = media.filter((t) => t.type === TAG_VIDEO && !isSequenceHeader(t));
  const last = frame.at(-1)?.timestamp ?? 0;
  const step = frame.length > 1 ? (last - frame[0]!.timestamp) / (frame.length - 1) : 40;
  return { tags: media, loopMs: Math.round(last + step), width, height };
}

let demoClip: Clip | null = null;
const demo = () => (demoClip ??= clipOf(join(ROOT, 'demo/media/clips/clip-1.flv'), 320, 180));

const sized = new Map<string, Clip>();
let workDir: string | null = null;

/** A 2 s video-only H.264 clip of a camera's size (a moving test pattern; High profile with B-frames, one GOP), made by ffmpeg once per run. */
async function makeSizedClip(size: string): Promise<Clip> {
  const have = sized.get(size);
  if (have) return have;
  const m = /^(\d+)x(\d+)$/.exec(size);
  if (!m) throw new Error(`bad size ${size}`);
  workDir ??= mkdtempSync(join(tmpdir(), 'atrium-flv-source-'));
  const file = join(workDir, `${size}.flv`);
  if (!existsSync(file)) {
    await promisify(execFile)('ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25`, '-t', '2',
      '-c:v', 'libx264', '-profile:v', 'high', '-preset', 'superfast', '-bf', '2', '-g', '50', '-pix_fmt', 'yuv420p', '-an',
      '-f', 'flv', file,
    ]);
  }
  const clip = clipOf(file, Number(m[1]), Number(m[2]));
  sized.set(size, clip);
  return clip;
}

function sizedClip(size: string): Clip {
  const clip = sized.get(size);
  if (!clip) throw new Error(`clip ${size} not made yet (set the mode through /control first)`);
  return clip;
}

/** G.711 A-law (sound format 7, 8 kHz mono) in place of the clip's AAC: what MSE cannot play. */
const ALAW_SPEC = 0x72;

/** Header, onMetaData and the paced tags of one viewer's stream in `mode`. */
function streamFor(mode: Mode): { head: Buffer; clip: Clip; keep: (tag: FlvTag) => boolean; body: (tag: FlvTag) => Buffer } {
  const clip = mode.kind === 'size' ? sizedClip(mode.size ?? '704x576') : demo();
  const audioInClip = clip.tags.some((t) => t.type === TAG_AUDIO);
  const alaw = mode.kind === 'alaw';
  const sendsAudio = (mode.kind === 'av' || alaw) && audioInClip;
  // The lie: a header and onMetaData that promise audio; the tags never bring any.
  const claimsAudio = sendsAudio || mode.kind === 'lying';
  const meta = metadataBody({
    hasAudio: claimsAudio,
    hasVideo: true,
    width: clip.width,
    height: clip.height,
    videocodecid: 7,
    ...(claimsAudio ? { audiocodecid: alaw ? 7 : 10 } : {}),
  });
  const head = Buffer.concat([flvHeader(claimsAudio, true), encodeTag(TAG_SCRIPT, 0, meta)]);
  return {
    head,
    clip,
    // A-law has no sequence header; its frames are the AAC frames relabelled (never decoded here).
    keep: (tag) => tag.type === TAG_VIDEO || (sendsAudio && !(alaw && isSequenceHeader(tag))),
    body: (tag) => (alaw && tag.type === TAG_AUDIO ? Buffer.concat([Buffer.from([ALAW_SPEC]), tag.data.subarray(1)]) : tag.data),
  };
}

/** Sends `clip` to `send` in real time, looping, until the returned stop is called. */
function pace({ clip, keep, body }: { clip: Clip; keep: (tag: FlvTag) => boolean; body: (tag: FlvTag) => Buffer }, send: (bytes: Buffer) => void): () => void {
  const started = Date.now();
  let index = 0;
  let loop = 0;
  const timer = setInterval(() => {
    const elapsed = Date.now() - started;
    const out: Buffer[] = [];
    for (;;) {
      const tag = clip.tags[index]!;
      const ts = tag.timestamp + loop * clip.loopMs;
      if (ts > elapsed) break;
      // Codec configuration goes once, at the start.
      if (keep(tag) && (loop === 0 || !isSequenceHeader(tag))) out.push(encodeTag(tag.type, ts, body(tag)));
      index += 1;
      if (index === clip.tags.length) {
        index = 0;
        loop += 1;
      }
    }
    if (out.length) send(Buffer.concat(out));
  }, 20);
  return () => clearInterval(timer);
}

/** The server side of one WebSocket, just what a one-way feed needs (RFC 6455): binary frames out, close with a code. */
class FeedSocket {
  readonly #socket: Socket;
  #closed = false;
  onClose: (() => void) | null = null;

  constructor(req: IncomingMessage, socket: Socket) {
    this.#socket = socket;
    const accept = createHash('sha1').update(`${String(req.headers['sec-websocket-key'])}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    // The viewer sends nothing but its close (opcode 8); answer it by closing.
    socket.on('data', (bytes: Buffer) => {
      if (((bytes[0] ?? 0) & 0x0f) === 8) this.close(1000, '');
    });
    socket.on('close', () => this.#gone());
    socket.on('error', () => this.#gone());
  }

  #gone(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.onClose?.();
  }

  #frame(opcode: number, payload: Buffer): void {
    const n = payload.length;
    const head = n < 126 ? Buffer.from([0x80 | opcode, n]) : n < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
    if (n >= 126) {
      head[0] = 0x80 | opcode;
      head[1] = n < 65536 ? 126 : 127;
      if (n < 65536) head.writeUInt16BE(n, 2);
      else head.writeBigUInt64BE(BigInt(n), 2);
    }
    this.#socket.write(Buffer.concat([head, payload]));
  }

  send(bytes: Buffer): void {
    if (!this.#closed) this.#frame(2, bytes);
  }

  close(code: number, reason: string): void {
    if (this.#closed) return;
    const body = Buffer.alloc(2 + Buffer.byteLength(reason));
    body.writeUInt16BE(code, 0);
    body.write(reason, 2);
    this.#frame(8, body);
    this.#socket.end();
    this.#gone();
  }

  terminate(): void {
    this.#socket.destroy();
  }
}

export interface FlvSource {
  origin: string;
  close(): Promise<void>;
}

export async function startFlvSource(): Promise<FlvSource> {
  const modes = new Map<string, Mode>();
  const connections = new Map<string, number>();
  const viewers = new Map<string, Set<{ fail(mode: Mode): void }>>();
  const modeOf = (name: string): Mode => modes.get(name) ?? { kind: 'av' };
  const watch = (name: string, viewer: { fail(mode: Mode): void }) => {
    const set = viewers.get(name) ?? new Set();
    viewers.set(name, set);
    set.add(viewer);
    return () => set.delete(viewer);
  };
  const count = (name: string) => connections.set(name, (connections.get(name) ?? 0) + 1);

  const cors = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const [, kind, name = ''] = url.pathname.split('/');
    if (kind === 'control') {
      const mode: Mode = { kind: (url.searchParams.get('mode') ?? 'av') as Mode['kind'] };
      const reason = url.searchParams.get('reason');
      const size = url.searchParams.get('size');
      if (reason) mode.reason = reason;
      if (size) mode.size = size;
      if (mode.kind === 'size') await makeSizedClip(mode.size ?? '704x576');
      modes.set(name, mode);
      if (mode.kind === 'fail') for (const viewer of viewers.get(name) ?? []) viewer.fail(mode);
      res.writeHead(200, { ...cors, 'content-type': 'application/json' });
      res.end(JSON.stringify({ connections: connections.get(name) ?? 0 }));
      return;
    }
    if (kind !== 'live') {
      res.writeHead(404, cors);
      res.end();
      return;
    }
    count(name);
    const mode = modeOf(name);
    if (mode.kind === 'fail') {
      res.writeHead(502, { ...cors, 'content-type': 'application/json' });
      res.end(mode.reason ?? '{"source":"offline"}');
      return;
    }
    const stream = streamFor(mode);
    res.writeHead(200, { ...cors, 'content-type': 'video/x-flv' });
    res.write(stream.head);
    const stop = pace(stream, (bytes) => res.write(bytes));
    // After the header, a failing source only ends the response (media contract).
    const unwatch = watch(name, { fail: () => res.end() });
    res.on('close', () => {
      stop();
      unwatch();
    });
  });

  const sockets = new Set<FeedSocket>();
  server.on('upgrade', (req: IncomingMessage, socket: Socket) => {
    const ws = new FeedSocket(req, socket);
    sockets.add(ws);
    const name = new URL(req.url ?? '/', 'http://x').pathname.split('/')[2] ?? '';
    count(name);
    const mode = modeOf(name);
    const fail = (m: Mode) => ws.close(4500, m.reason ?? '{"source":"offline"}');
    if (mode.kind === 'fail') return fail(mode);
    const stream = streamFor(mode);
    ws.send(stream.head);
    const stop = pace(stream, (bytes) => ws.send(bytes));
    const unwatch = watch(name, { fail });
    ws.onClose = () => {
      stop();
      unwatch();
      sockets.delete(ws);
    };
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const ws of sockets) ws.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The @web/test-runner plugin: starts the source with the runner; the page asks /__flv-source for its origin. */
export function flvSourcePlugin() {
  let source: FlvSource | null = null;
  return {
    name: 'atrium-flv-source',
    async serverStart() {
      source = await startFlvSource();
    },
    async serverStop() {
      await source?.close();
    },
    serve(context: { path: string }) {
      if (context.path !== '/__flv-source') return undefined;
      return { body: JSON.stringify({ origin: source?.origin ?? '' }), type: 'application/json' };
    },
  };
}
