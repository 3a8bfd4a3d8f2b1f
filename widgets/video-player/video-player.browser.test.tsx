// <atrium-video-player> in real Chromium, playing real FLV from the test source (tests/flv-source.ts)
// behind a fake platform: each failure the media server tells shows one state in both languages with
// no picture under it, the picture comes back by itself when the stream does, and a camera's own size
// plays letterboxed.
import { expect } from 'chai';
import { until } from '../../shared/element/testing.ts';
import type { Camera, PlayStream } from '../../shared/api/video-types.ts';
import { setLanguage } from '../../shared/i18n/index.ts';
import { session } from '../../shared/session/store.ts';
import './video-player.element.ts';

let origin = '';
let n = 0;

async function control(name: string, query: string): Promise<{ connections: number }> {
  return (await fetch(`${origin}/control/${name}?${query}`)).json() as Promise<{ connections: number }>;
}

const reason = (json: object) => `mode=fail&reason=${encodeURIComponent(JSON.stringify(json))}`;

let streamName = '';

/**
 * The platform's camera and play calls behind window.fetch, answering the stream `streamName` of the
 * test source. Installed for the whole file (this page's own): a removed player still shuts its code
 * a few seconds later, and that call must not reach for a platform that is not there.
 */
function fakePlatform() {
  const original = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), location.href);
    if (!url.pathname.startsWith('/api/')) return original(input, init);
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { headers: { 'content-type': 'application/json' } });
    if (url.pathname.endsWith('/getCameraList')) {
      const camera: Camera = {
        id: 7, name: 'Gate', label: 'cam-7', data_group_Id: null, dataGroupName: '', groupPath: '', params: { disableYunControl: true },
        address: '', resolution: '', tags: [], sourceUrl: 'rtsp://camera.test/stream', codec: 'h264',
      };
      return ok({ total: 1, rows: [camera] });
    }
    if (url.pathname.endsWith('/request')) {
      const stream: PlayStream = { flvUri: `${origin}/live/${streamName}`, wsUri: `${origin.replace(/^http/, 'ws')}/live/${streamName}`, code: `code-${streamName}`, playType: 0, codec: 'h264' };
      return ok(stream);
    }
    if (url.pathname.endsWith('/heart') || url.pathname.endsWith('/shut')) return ok(true);
    return new Response('not found', { status: 404 });
  };
}

function mount(): HTMLElement {
  const el = document.createElement('atrium-video-player');
  el.setAttribute('camera-id', '7');
  el.setAttribute('muted', '');
  el.style.cssText = 'display:block;width:640px;height:400px';
  document.body.append(el);
  return el;
}

const $ = (el: HTMLElement, selector: string) => el.shadowRoot?.querySelector<HTMLElement>(selector) ?? null;
const rootState = (el: HTMLElement) => $(el, '[data-state]')?.dataset.state;
const stateText = (el: HTMLElement) => $(el, '[data-pane] [data-part=state]')?.textContent ?? null;
const video = (el: HTMLElement) => $(el, 'video') as HTMLVideoElement | null;
const showsPicture = (el: HTMLElement) => {
  const v = video(el);
  return v !== null && v.videoWidth > 0 && v.readyState >= 2 && v.currentTime > 0;
};

/** The failure's overlay covers the whole pane with an opaque colour: nothing of a picture shows through. */
function expectCovered(el: HTMLElement): void {
  const pane = $(el, '[data-pane]')!.getBoundingClientRect();
  const cover = $(el, '[data-pane] [data-part=state]')!;
  const box = cover.getBoundingClientRect();
  expect([box.width, box.height]).to.deep.equal([pane.width, pane.height]);
  expect(getComputedStyle(cover).backgroundColor).to.equal('rgb(0, 0, 0)');
  // …and there is no picture under it either: the engine let go of the stream.
  expect(video(el)?.readyState ?? 0).to.equal(0);
}

describe('<atrium-video-player> states of a failed camera', () => {
  before(async () => {
    origin = ((await (await fetch('/__flv-source')).json()) as { origin: string }).origin;
    fakePlatform();
  });
  beforeEach(() => {
    session.token = 'test-token-0123456789';
    session.username = 'tester';
  });
  afterEach(() => {
    document.querySelectorAll('atrium-video-player').forEach((e) => e.remove());
    session.token = null;
    session.username = null;
  });

  const cases: Array<{ json: object; state: string; zh: string; en: string }> = [
    { json: { source: 'offline' }, state: 'offline', zh: '摄像机离线，正在重试…', en: 'Camera offline, retrying…' },
    { json: { source: 'credentials' }, state: 'credentials', zh: '摄像机用户名或密码错误', en: 'Wrong camera credentials' },
    { json: { source: 'not-found' }, state: 'not-found', zh: '摄像机上没有这路视频流', en: 'The camera has no such stream' },
    { json: { source: 'unsupported', codec: 'mjpeg' }, state: 'unsupported', zh: '不支持的编码：mjpeg', en: 'Unsupported codec: mjpeg' },
  ];
  for (const c of cases) {
    it(`WS close 4500 ${JSON.stringify(c.json)} → data-state="${c.state}" and its text in zh and en, nothing under it`, async () => {
      const name = `player-${c.state}-${++n}`;
      await control(name, reason(c.json));
      streamName = name;
      for (const lang of ['zh', 'en'] as const) {
        setLanguage(lang);
        const el = mount();
        await until(() => rootState(el) === c.state, 6000);
        await until(() => stateText(el) === c[lang]);
        expect($(el, '[data-pane]')!.dataset.state).to.equal(c.state);
        expectCovered(el);
        el.remove();
      }
    });
  }

  it('a camera that dies while watched: offline at once, no picture left; it comes back by itself without a reload', async () => {
    setLanguage('en');
    const name = `player-reboot-${++n}`;
    await control(name, 'mode=video');
    streamName = name;
    const el = mount();
    await until(() => rootState(el) === 'live' && showsPicture(el), 8000);
    const before = await control(name, reason({ source: 'offline' }));
    await until(() => rootState(el) === 'offline', 3000);
    expect(stateText(el)).to.equal('Camera offline, retrying…');
    expectCovered(el);
    // The camera is back: the retry (2 s after the failure) finds it, with no reload and no click.
    const sameVideo = video(el);
    await control(name, 'mode=video');
    await until(() => rootState(el) === 'live' && showsPicture(el), 10000);
    expect(stateText(el)).to.equal(null);
    expect((await control(name, 'mode=video')).connections).to.be.greaterThan(before.connections);
    expect(video(el)).to.equal(sameVideo);
  });

  it('a network drop that is not a camera failure keeps its own text ("Connection lost, reconnecting…")', async () => {
    setLanguage('en');
    const name = `player-drop-${++n}`;
    await control(name, 'mode=video');
    // The platform answers a stream address where nothing listens: no 4500, just a failed connection.
    streamName = name;
    const real = origin;
    origin = 'http://127.0.0.1:9';
    try {
      const el = mount();
      await until(() => $(el, '[data-pane]')?.dataset.status === 'reconnecting', 6000);
      expect(rootState(el)).to.equal('connecting');
      expect(stateText(el)).to.equal('Connection lost, reconnecting…');
    } finally {
      origin = real;
    }
  });

  for (const size of ['704x576', '1920x1080', '2560x1440']) {
    it(`plays a ${size} camera without audio at its own size, letterboxed in the pane`, async () => {
      setLanguage('en');
      const name = `player-size-${++n}`;
      await control(name, `mode=size&size=${size}`);
      streamName = name;
      const el = mount();
      await until(() => rootState(el) === 'live' && showsPicture(el), 8000);
      const v = video(el)!;
      expect(`${v.videoWidth}x${v.videoHeight}`).to.equal(size);
      // The video element fills the pane and fits the picture inside it (bars on the black pane).
      const pane = $(el, '[data-pane]')!.getBoundingClientRect();
      const box = v.getBoundingClientRect();
      expect([box.width, box.height]).to.deep.equal([pane.width, pane.height]);
      expect(getComputedStyle(v).objectFit).to.equal('contain');
      expect(getComputedStyle($(el, '[data-pane]')!).backgroundColor).to.equal('rgb(0, 0, 0)');
    });
  }
});
