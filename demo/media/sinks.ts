// Where stream bytes go: an HTTP response (HTTP-FLV) or a WebSocket (WS-FLV). The WebSocket side is
// the few parts of RFC 6455 a one-way media feed needs: the handshake, unmasked binary frames out,
// and close/ping handling in; nothing the client sends is otherwise read.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export interface Sink {
  /** Queues bytes; false once the peer is gone. */
  write(bytes: Buffer): boolean;
  /** Bytes queued in the kernel-side buffer that the peer has not taken yet. */
  readonly backlog: number;
  readonly closed: boolean;
  /** Ends the stream gracefully. */
  end(): void;
  /** Called once when the stream ends for any reason (peer left, end(), server shut). */
  onClose(listener: () => void): void;
  /**
   * Ends the stream telling the viewer why its source failed (`reason`: compact JSON): WS-FLV closes
   * with code 4500 and the reason; HTTP-FLV answers 502 with it as the body, or just ends once the
   * stream had begun.
   */
  fail(reason: string): void;
}

/** WebSocket close code for a failed source (a private-use code, RFC 6455 §7.4.2). */
export const SOURCE_CLOSE_CODE = 4500;

abstract class BaseSink implements Sink {
  #closed = false;
  #listeners: Array<() => void> = [];
  abstract write(bytes: Buffer): boolean;
  abstract get backlog(): number;
  abstract end(): void;
  abstract fail(reason: string): void;
  get closed(): boolean {
    return this.#closed;
  }
  onClose(listener: () => void): void {
    if (this.#closed) listener();
    else this.#listeners.push(listener);
  }
  protected markClosed(): void {
    if (this.#closed) return;
    this.#closed = true;
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const l of listeners) l();
  }
}

export class HttpSink extends BaseSink {
  readonly #res: ServerResponse;
  readonly #head: Record<string, string>;
  /**
   * `head`: the 200 answer's headers, written with the first bytes (a live stream's first bytes wait
   * until its source is known, so a failed source can still be answered 502).
   */
  constructor(res: ServerResponse, head: Record<string, string> = {}) {
    super();
    this.#res = res;
    this.#head = head;
    res.on('close', () => this.markClosed());
  }
  write(bytes: Buffer): boolean {
    if (this.closed || this.#res.destroyed) return false;
    if (!this.#res.headersSent) this.#res.writeHead(200, this.#head);
    this.#res.write(bytes);
    return true;
  }
  get backlog(): number {
    return this.#res.writableLength;
  }
  end(): void {
    if (this.closed) return;
    if (!this.#res.headersSent) this.#res.writeHead(200, this.#head);
    this.#res.end();
  }
  fail(reason: string): void {
    if (this.closed || this.#res.destroyed) return;
    if (this.#res.headersSent) {
      this.#res.end();
      return;
    }
    const cors = Object.fromEntries(Object.entries(this.#head).filter(([k]) => k.startsWith('access-control-')));
    this.#res.writeHead(502, { ...cors, 'content-type': 'application/json', 'cache-control': 'no-store' }).end(reason);
  }
}

const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

function frame(opcode: number, payload: Buffer): Buffer {
  const len = payload.length;
  const head = len < 126 ? Buffer.alloc(2) : len < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
  head[0] = 0x80 | opcode;
  if (len < 126) head[1] = len;
  else if (len < 65536) {
    head[1] = 126;
    head.writeUInt16BE(len, 2);
  } else {
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(len), 2);
  }
  return Buffer.concat([head, payload]);
}

/** Answers a WebSocket upgrade and returns the sink, or null after refusing a bad handshake. */
export function acceptWebSocket(req: IncomingMessage, socket: Duplex, head: Buffer = Buffer.alloc(0)): WsSink | null {
  const key = req.headers['sec-websocket-key'];
  if (typeof key !== 'string' || String(req.headers.upgrade).toLowerCase() !== 'websocket') {
    refuseUpgrade(socket, 400, 'Bad Request');
    return null;
  }
  const accept = createHash('sha1').update(key + WS_GUID).digest('base64');
  socket.write(
    'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' + `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
  );
  return new WsSink(socket, head);
}

export function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export class WsSink extends BaseSink {
  readonly #socket: Duplex;
  #inbox: Buffer = Buffer.alloc(0);

  /** `head`: bytes the viewer sent right behind its upgrade request (Node hands them over apart). */
  constructor(socket: Duplex, head: Buffer = Buffer.alloc(0)) {
    super();
    this.#socket = socket;
    socket.on('data', (chunk: Buffer) => this.#read(chunk));
    socket.on('close', () => this.markClosed());
    socket.on('error', () => socket.destroy());
    if (head.length > 0) this.#read(head);
  }

  write(bytes: Buffer): boolean {
    if (this.closed || this.#socket.destroyed) return false;
    this.#socket.write(frame(0x2, bytes));
    return true;
  }

  get backlog(): number {
    return this.#socket.writableLength;
  }

  end(): void {
    if (this.closed || this.#socket.destroyed) return;
    this.#socket.write(frame(0x8, Buffer.from([0x03, 0xe8])));
    this.#socket.end();
  }

  fail(reason: string): void {
    if (this.closed || this.#socket.destroyed) return;
    const code = Buffer.alloc(2);
    code.writeUInt16BE(SOURCE_CLOSE_CODE);
    // A close frame's payload is at most 125 bytes: the code and up to 123 bytes of reason.
    this.#socket.write(frame(0x8, Buffer.concat([code, Buffer.from(reason, 'utf8').subarray(0, 123)])));
    this.#socket.end();
  }

  /**
   * A viewer only ever sends control frames (close, ping, pong; at most 125 bytes each, RFC 6455).
   * Data frames, oversized frames or a pile-up of bytes close the socket: nothing a viewer sends is
   * buffered beyond one small frame.
   */
  #read(chunk: Buffer): void {
    if (this.#inbox.length + chunk.length > MAX_INBOUND_BYTES) return this.#refuse();
    this.#inbox = Buffer.concat([this.#inbox, chunk]);
    for (;;) {
      const buf = this.#inbox;
      if (buf.length < 2) return;
      const opcode = buf[0]! & 0x0f;
      const masked = (buf[1]! & 0x80) !== 0;
      let len = buf[1]! & 0x7f;
      if ((opcode !== 0x8 && opcode !== 0x9 && opcode !== 0xa) || len > 125) return this.#refuse();
      let at = 2;
      if (len === 126) {
        if (buf.length < 4) return;
        len = buf.readUInt16BE(2);
        at = 4;
      } else if (len === 127) {
        if (buf.length < 10) return;
        len = Number(buf.readBigUInt64BE(2));
        at = 10;
      }
      const maskAt = at;
      if (masked) at += 4;
      if (buf.length < at + len) return;
      const payload = Buffer.from(buf.subarray(at, at + len));
      if (masked) for (let i = 0; i < payload.length; i++) payload[i] = payload[i]! ^ buf[maskAt + (i % 4)]!;
      this.#inbox = Buffer.from(buf.subarray(at + len));
      if (opcode === 0x8) {
        this.end();
        return;
      }
      if (opcode === 0x9) this.#socket.write(frame(0xa, payload));
    }
  }

  /** Close 1008 (policy violation) and drop the connection. */
  #refuse(): void {
    this.#inbox = Buffer.alloc(0);
    if (!this.#socket.destroyed) this.#socket.end(frame(0x8, Buffer.from([0x03, 0xf0])));
    this.#socket.destroy();
    this.markClosed();
  }
}

/** Two small control frames' worth; a viewer has no reason to send more at once. */
const MAX_INBOUND_BYTES = 512;
