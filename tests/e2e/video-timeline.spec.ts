// Issue 22 "Checked by": replay like an NVR. The timeline shows the camera's recorded segments; a drag
// into a gap snaps to the nearest recording and the time burnt into the picture matches; at 4× the
// picture's clock runs about four times the wall clock; pause holds the picture; the keyboard seeks
// and zooms; without video:replay there is no timeline; switching to live stops the replay stream.
import { spawnSync } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { downloadSigned } from '../../demo/server/testing.ts';
import { snapToPlayable, type RecordSegment } from '../../shared/media/recording.ts';
import { CLOCK_BITS, CLOCK_STRIP } from '../../demo/media/timed-replay.ts';
import { expect, test } from './fixtures.ts';
import { addPlayer, call, mediaBaseOf, mediaStats, openVideoPage, signIn, waitForPlayback } from './video-helpers.ts';
import { openWall, pane, paneIsPlaying, resetWall, row } from './wall-helpers.ts';

const CAMERA = 6;
const pad = (n: number) => String(n).padStart(2, '0');
/** The day before `now`, and when it began (local time, as the platform keeps its days). */
const dayBefore = (now: Date) => {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  return { day: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, start: d.getTime() };
};
// "Yesterday" as each test starts (not when the file was loaded, which may be before a midnight).
let yesterday = dayBefore(new Date());
test.beforeEach(() => void (yesterday = dayBefore(new Date())));

test('the day before is the previous calendar day across a month and a year end', () => {
  expect(dayBefore(new Date(2026, 2, 1, 0, 5)).day).toBe('2026-02-28');
  expect(dayBefore(new Date(2028, 2, 1, 12)).day).toBe('2028-02-29');
  expect(dayBefore(new Date(2027, 0, 1, 0, 0, 1)).day).toBe('2026-12-31');
  expect(dayBefore(new Date(2026, 6, 15, 23, 59)).start).toBe(new Date(2026, 6, 14).getTime());
});
const secondsOfDay = (ms: number) => Math.round((ms - yesterday.start) / 1000);
const clock = (s: number) => `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;

/** The second of the day burnt into the replay's picture (or its paused still), read from the strip. */
function burntSeconds(player: Locator): Promise<number | null> {
  return player.evaluate(
    (el, strip) => {
      const root = el.shadowRoot!;
      const source = (root.querySelector('[data-pane=replay] video') ?? root.querySelector('[data-part=still]')) as HTMLVideoElement | HTMLImageElement | null;
      if (!source) return null;
      const w = source instanceof HTMLVideoElement ? source.videoWidth : source.naturalWidth;
      const h = source instanceof HTMLVideoElement ? source.videoHeight : source.naturalHeight;
      if (!w) return null;
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(source, 0, 0);
      let value = 0;
      for (let k = 0; k < strip.bits; k++) {
        const [r, g, b] = ctx.getImageData(strip.x0 + k * strip.step + strip.size / 2, strip.y0 + strip.size / 2, 1, 1).data;
        value = value * 2 + ((r! + g! + b!) / 3 > 128 ? 1 : 0);
      }
      return value;
    },
    { ...CLOCK_STRIP, bits: CLOCK_BITS },
  );
}

/** The position the timeline shows, as seconds of the day. */
async function shownSeconds(player: Locator): Promise<number> {
  const text = (await player.locator('[data-part=position]').textContent()) ?? '';
  const [h, m, s] = text.split(':').map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
}

async function settledPlayback(page: Page, player: Locator) {
  await expect(player.locator('[data-pane=replay]')).toHaveAttribute('data-status', 'playing');
  await waitForPlayback(page, player);
}

test.describe('replay timeline', () => {
  test('segments, snapping seek with the burnt-in time, 4×, pause, keyboard, and live stops the replay', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    const days = await call(baseURL!, admin, 'GET', '/api/cctv/video/client/record', { query: { id: String(CAMERA), day: yesterday.day } });
    const segments = days.data[0].segments as RecordSegment[];
    await openVideoPage(page, admin);
    const player = await addPlayer(page, { 'camera-id': String(CAMERA), 'play-type': '1', 'start-time': `${yesterday.day} 00:00:00`, 'end-time': `${yesterday.day} 23:59:59`, muted: true });
    await settledPlayback(page, player);

    // The timeline shows the day's recordings, damaged ones marked.
    const timeline = player.locator('[data-part=timeline]');
    await expect(timeline).toHaveAttribute('data-day', yesterday.day);
    await expect(timeline.locator('[data-segment]')).toHaveCount(segments.length);
    await expect(timeline.locator('[data-segment][data-state=abnormal]')).toHaveCount(segments.filter((s) => s.state === 'abnormal').length);

    // Drag into the outage (the longest gap in business hours): the position snaps to the nearest
    // recording edge, and the picture's own clock says the same.
    let gap = { from: 0, to: 0 };
    for (let i = 1; i < segments.length; i++) if (segments[i]!.startMs - segments[i - 1]!.endMs > gap.to - gap.from) gap = { from: segments[i - 1]!.endMs, to: segments[i]!.startMs };
    const target = gap.from + (gap.to - gap.from) * 0.7;
    const expected = snapToPlayable(segments, target)!;
    expect(expected).toBe(gap.to);
    const track = timeline.getByRole('slider');
    const box = (await track.boundingBox())!;
    const x = box.x + ((target - yesterday.start) / 86_400_000) * box.width;
    await page.mouse.move(x - 30, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(x, box.y + box.height / 2, { steps: 5 });
    await expect(timeline.locator('[data-part=preview]')).toHaveAttribute('title', clock(secondsOfDay(expected)));
    await page.mouse.up();
    await expect(timeline.locator('[data-part=announce]')).toHaveText(`Playing from ${clock(secondsOfDay(expected))}`);
    await settledPlayback(page, player);
    const burnt = (await burntSeconds(player))!;
    expect(burnt).toBeGreaterThanOrEqual(secondsOfDay(expected));
    expect(burnt).toBeLessThanOrEqual(secondsOfDay(expected) + 4);
    expect(Math.abs((await shownSeconds(player)) - burnt)).toBeLessThanOrEqual(2);

    // 4×: the picture's clock runs about four times the wall clock.
    await timeline.locator('button[data-rate="4"]').click();
    await expect(timeline.locator('button[data-rate="4"]')).toHaveAttribute('aria-pressed', 'true');
    await settledPlayback(page, player);
    const c1 = (await burntSeconds(player))!;
    const t1 = Date.now();
    // Twelve seconds of recorded time go by (about 3 s of wall clock at 4×).
    await expect.poll(async () => (await burntSeconds(player)) ?? 0, { timeout: 15_000, intervals: [100] }).toBeGreaterThanOrEqual(c1 + 12);
    const c2 = (await burntSeconds(player))!;
    const ratio = (c2 - c1) / ((Date.now() - t1) / 1000);
    expect(ratio).toBeGreaterThan(3);
    expect(ratio).toBeLessThan(5);

    // Pause holds the picture (the stream is let go); play goes on from the same moment.
    const mediaBase = mediaBaseOf(baseURL!);
    await timeline.locator('button[data-action=pause]').click();
    await expect(player.locator('[data-pane=replay]')).toHaveAttribute('data-status', 'paused');
    await expect.poll(async () => (await mediaStats(mediaBase)).replays).toBe(0);
    // What holds the picture: the engine and its <video> are gone, and the last picture stays as a still.
    await expect(player.locator('[data-pane=replay] video')).toHaveCount(0);
    await expect(player.locator('[data-pane=replay] [data-part=still]')).toBeVisible();
    const held = (await burntSeconds(player))!;
    expect(held).toBeGreaterThanOrEqual(c2);
    await timeline.locator('button[data-action=pause]').click();
    await settledPlayback(page, player);
    const resumed = (await burntSeconds(player))!;
    expect(resumed).toBeGreaterThanOrEqual(held - 1);
    expect(resumed).toBeLessThanOrEqual(held + 12);

    // The keyboard: + zooms in; two right arrows at one hour wide move 2 × 75 s once they settle.
    await track.focus();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await expect(track).toHaveAttribute('data-zoom', '4');
    const before = await shownSeconds(player);
    const earlier = (await timeline.locator('[data-part=announce]').textContent()) ?? '';
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(timeline.locator('[data-part=announce]')).not.toHaveText(earlier);
    await expect(timeline.locator('[data-part=announce]')).toHaveText(/^Playing from /);
    const announced = ((await timeline.locator('[data-part=announce]').textContent()) ?? '').replace('Playing from ', '');
    const [h, m, s] = announced.split(':').map(Number) as [number, number, number];
    const landed = h * 3600 + m * 60 + s;
    expect(landed - before).toBeGreaterThanOrEqual(150 - 8);
    expect(landed - before).toBeLessThanOrEqual(150 + 8);
    await settledPlayback(page, player);
    await page.keyboard.press(' ');
    await expect(player.locator('[data-pane=replay]')).toHaveAttribute('data-status', 'paused');
    await page.keyboard.press(' ');
    await settledPlayback(page, player);

    // Back to live: the replay stream ends at the media server.
    expect((await mediaStats(mediaBase)).replays).toBe(1);
    await player.locator('button[data-mode=live]').click();
    await expect(player.locator('[data-part=timeline]')).toHaveCount(0);
    await expect.poll(async () => (await mediaStats(mediaBase)).replays).toBe(0);
  });

  test('a one-minute span chosen on the timeline downloads as an MP4 of one minute', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    await openVideoPage(page, admin);
    // Start inside business hours, where ten-minute files follow one another.
    const player = await addPlayer(page, { 'camera-id': String(CAMERA), 'play-type': '1', 'start-time': `${yesterday.day} 08:02:00`, 'end-time': `${yesterday.day} 23:59:59`, muted: true });
    await settledPlayback(page, player);
    const timeline = player.locator('[data-part=timeline]');
    const track = timeline.getByRole('slider');
    for (let i = 0; i < 6; i++) await timeline.locator('button[data-action=zoom-in]').click();
    await expect(track).toHaveAttribute('data-view-width', String(10 * 60_000));
    await timeline.locator('button[data-action=clip]').click();
    const box = (await track.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, y, { steps: 4 });
    await page.mouse.up();
    await expect(timeline.locator('button[data-action=clip-download]')).toHaveText(/^Download clip \((0:59|1:00|1:01)\)$/);
    const before = Date.now();
    await timeline.locator('button[data-action=clip-download]').click();
    await expect(page.locator('body')).toContainText('The clip is being made');
    // The task appears in the user's progress; its file is an MP4 one minute long.
    let item: { key: string; hashKey: string; status: number; download?: string; startedAt?: string } | undefined;
    await expect
      .poll(async () => {
        const items = (await call(baseURL!, admin, 'GET', '/api/admin/progress')).data as Array<{ key: string; hashKey: string; status: number; download?: string }>;
        item = items.find((p) => p.key === 'videoClip' && p.status === 0);
        return Boolean(item);
      }, { timeout: 30_000 })
      .toBe(true);
    expect(Date.now() - before).toBeLessThan(30_000);
    const file = await downloadSigned(baseURL!, admin, item!.download!);
    const mp4 = Buffer.from(await file.arrayBuffer());
    const probe = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', '-i', 'pipe:0'], { input: mp4 });
    const seconds = Number(probe.stdout.toString().trim());
    expect(seconds).toBeGreaterThan(57);
    expect(seconds).toBeLessThan(63);
  });

  test('a wall pane replays its camera with the timeline over its live picture; closing it ends the replay stream', async ({ page, baseURL }) => {
    const admin = await signIn(baseURL!, 'admin', 'admin123');
    await resetWall(baseURL!, admin);
    // The wall's panes play over WS-FLV, like the single player (not HTTP-FLV, which takes connections).
    const sockets: string[] = [];
    const httpFlv: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    page.on('request', (r) => {
      if (/\/(live|replay)\/\d+\.flv/.test(r.url())) httpFlv.push(r.url());
    });
    const wall = await openWall(page, admin);
    await row(wall, CAMERA).click();
    await wall.locator('[data-role=camera-list]').focus();
    await page.keyboard.press('2');
    await expect(pane(wall, 2)).toHaveAttribute('data-camera-id', String(CAMERA));
    await expect.poll(() => paneIsPlaying(wall, 2), { timeout: 15000 }).toBe(true);
    expect(sockets.some((u) => new RegExp(`^ws://[^/]+/live/${CAMERA}\\.flv\\?code=`).test(u))).toBe(true);
    const mediaBase = mediaBaseOf(baseURL!);

    await pane(wall, 2).locator('button[data-action=replay]').click();
    const replay = pane(wall, 2).locator('[data-part=pane-replay]');
    await expect(replay.locator('[data-part=timeline]')).toBeVisible();
    await expect(replay.locator('[data-pane=replay]')).toHaveAttribute('data-status', 'playing');
    await expect.poll(async () => (await mediaStats(mediaBase)).replays).toBe(1);
    // The day before, from the timeline's own day control: its recordings appear and play.
    await replay.locator('button[data-action=prev-day]').click();
    await expect(replay.locator('[data-part=timeline]')).toHaveAttribute('data-day', yesterday.day);
    await expect(replay.locator('[data-segment]').first()).toBeVisible();
    await expect(replay.locator('[data-pane=replay]')).toHaveAttribute('data-status', 'playing');
    // The live picture of the other panes is untouched; closing the replay ends its stream.
    await pane(wall, 2).locator('button[data-action=replay]').click();
    await expect(replay).toHaveCount(0);
    await expect.poll(async () => (await mediaStats(mediaBase)).replays).toBe(0);
    await expect.poll(() => paneIsPlaying(wall, 2), { timeout: 10000 }).toBe(true);
    expect(httpFlv).toEqual([]);
  });

  test('without video:replay there is no timeline, and the platform refuses the recordings', async ({ page, baseURL }) => {
    const operator = await signIn(baseURL!, 'operator', 'operator123');
    // Not on the wall either: the operator's panes have no replay button.
    await resetWall(baseURL!, operator);
    const wall = await openWall(page, operator);
    await row(wall, CAMERA).click();
    await wall.locator('[data-role=camera-list]').focus();
    await page.keyboard.press('1');
    await expect(pane(wall, 1)).toHaveAttribute('data-camera-id', String(CAMERA));
    // The pane shows its first picture (what a replay button would sit on); this journey checks rights,
    // not how fast a live stream starts, so the wait is generous for a loaded two-core machine.
    await expect(pane(wall, 1)).toHaveAttribute('data-status', 'playing', { timeout: 30000 });
    await expect(pane(wall, 1).locator('button[data-action=replay]')).toHaveCount(0);
    expect((await call(baseURL!, operator, 'GET', '/api/cctv/video/client/record', { query: { id: String(CAMERA), day: yesterday.day } })).code).toBe(40301);
    await openVideoPage(page, operator);
    const player = await addPlayer(page, { 'camera-id': String(CAMERA), muted: true });
    await waitForPlayback(page, player);
    // Not offered at all: no replay switch, no period.
    await expect(player.locator('button[data-mode=replay]')).toHaveCount(0);
    await expect(player.locator('button[data-action=range]')).toHaveCount(0);
    await expect(player.locator('[data-part=timeline]')).toHaveCount(0);
  });
});
