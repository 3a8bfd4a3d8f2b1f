// node-media-server 4 for the external media server tests: started as its own process (its state is
// module-wide, so never inside the test runner) on free ports with a throwaway config and data folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from '../cameras/rtsp.ts';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface RunningNms {
  /** The HTTP port: admin API, HTTP-FLV and WS-FLV. */
  httpPort: number;
  rtmpPort: number;
  /** http://127.0.0.1:<httpPort> */
  origin: string;
  user: string;
  password: string;
  /** auth.secret: play URLs (and RTMP plays, the relay's own included) must be signed with it. */
  playSecret: string;
  /** node-media-server's log so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}


async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Starts node-media-server on 127.0.0.1 (HTTP and RTMP on free ports; every play must be signed). */
export async function startNms(): Promise<RunningNms> {
  const [httpPort, rtmpPort] = [await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), 'atrium-nms-'));
  const user = 'atrium';
  const password = 'nms-test-password';
  const playSecret = 'nms-test-play-secret';
  const config = {
    bind: '127.0.0.1',
    store: { path: join(dir, 'data') },
    auth: { play: true, publish: false, secret: playSecret, jwt: { secret: 'nms-test-jwt-secret', expiresIn: '1h', algorithm: 'HS256', users: [{ username: user, password, role: 'admin' }] } },
    rtmp: { port: rtmpPort },
    http: { port: httpPort },
    webadmin: { enable: false },
    record: { auto: false, path: join(dir, 'record') },
  };
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
  const child = spawn(process.execPath, [resolve('node_modules/node-media-server/bin/app.js'), '-c', join(dir, 'config.json')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const origin = `http://127.0.0.1:${httpPort}`;
  const until = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node-media-server exited: ${out}`);
    const up = await fetch(`${origin}/api/v1/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > until) throw new Error(`node-media-server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    httpPort,
    rtmpPort,
    origin,
    user,
    password,
    playSecret,
    output: () => out,
    stop: async () => {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const tokens = new WeakMap<RunningNms, string>();

/** The stream paths node-media-server relays now (its relay API, signed in with the test account). */
export async function relayPaths(nms: RunningNms): Promise<string[]> {
  // One sign-in per server: node-media-server limits how often one address may sign in.
  let token = tokens.get(nms);
  if (!token) {
    const login = await fetch(`${nms.origin}/api/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: nms.user, password: nms.password }) });
    token = ((await login.json()) as { data: { token: string } }).data.token;
    tokens.set(nms, token);
  }
  const list = await fetch(`${nms.origin}/api/v1/relay`, { headers: { authorization: `Bearer ${token}` } });
  return ((await list.json()) as { data: Array<{ streamPath: string }> }).data.map((t) => t.streamPath);
}

/** A single RTSP camera (rtsp-camera.py) on a free port; `url` carries its credentials. */
export async function startRtspCamera(): Promise<{ url: string; width: number; height: number; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.env.ATRIUM_GST_PYTHON ?? '/usr/bin/python3', [resolve('tests/external-media/rtsp-camera.py'), String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  await new Promise<void>((done, fail) => {
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes(`ready ${port}`)) done();
      else if (out.includes('error')) fail(new Error(`rtsp-camera: ${out}`));
    });
    child.once('exit', (code) => fail(new Error(`rtsp-camera exited (${code}): ${out}`)));
  });
  return { url: `rtsp://cam:secret@127.0.0.1:${port}/cam`, width: 640, height: 360, stop: () => stopChild(child) };
}
