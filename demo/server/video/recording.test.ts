// The recording index and replay over it: a day answers the same segments every time (gaps, a damaged
// file, motion clips at night), today stops at the present, a future or too-old day and a non-offered
// speed are refused; a replay starting in a gap starts at the next recording and skips the gaps; the
// operator (no video:replay) is refused; another tenant's camera is not there.
import { describe, expect, it, vi } from 'vitest';
import { generateDay } from './recordings.ts';
import { playableSpans, positionAfter, snapToPlayable, type RecordSegment } from '../../../shared/media/recording.ts';
import { usePlatform } from '../test-platform.ts';
import { spawnSync } from 'node:child_process';
import { downloadSigned, login, taskDone } from '../testing.ts';

const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const midnight = (offset: number) => {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + offset).getTime();
};

describe('recording timeline rules', () => {
  const seg = (a: number, b: number, state: RecordSegment['state'] = 'normal'): RecordSegment => ({ startMs: a, endMs: b, state, trigger: 'schedule' });
  const list = [seg(0, 100_000), seg(100_000, 200_000), seg(200_000, 300_000, 'abnormal'), seg(500_000, 600_000)];

  it('merges touching recordings, skips damaged ones, and walks played time across the gaps', () => {
    const spans = playableSpans(list, 50_000, 550_000);
    expect(spans).toEqual([
      [50_000, 200_000],
      [500_000, 550_000],
    ]);
    expect(positionAfter(spans, 160_000)).toBe(510_000);
  });

  it('snaps a seek in a gap to the nearest playable edge', () => {
    expect(snapToPlayable(list, 150_000)).toBe(150_000);
    expect(snapToPlayable(list, 210_000)).toBe(190_000); // just after the end of the last good file
    expect(snapToPlayable(list, 450_000)).toBe(500_000); // closer to the next recording
    expect(snapToPlayable(list, 900_000)).toBe(590_000);
    expect(snapToPlayable([], 1)).toBeNull();
  });

  it('records a realistic day: business hours in files with an outage and a damaged file, motion at night', () => {
    const segments = generateDay(3, midnight(-1));
    expect(generateDay(3, midnight(-1))).toEqual(segments);
    const schedule = segments.filter((s) => s.trigger === 'schedule');
    const motion = segments.filter((s) => s.trigger === 'motion');
    expect(segments.filter((s) => s.state === 'abnormal')).toHaveLength(1);
    expect(motion.length).toBeGreaterThan(40);
    const covered = schedule.reduce((n, s) => n + s.endMs - s.startMs, 0);
    expect(covered).toBeLessThanOrEqual(10 * 3600_000 - 25 * 60_000);
    expect(covered).toBeGreaterThanOrEqual(10 * 3600_000 - 55 * 60_000);
  });
});

describe('recordings and replay on the platform', () => {
  const p = usePlatform();
  const { call } = p;

  it('answers a day’s segments, the same each time, and refuses future, too old and malformed days', async () => {
    const first = await call(p.admin, 'GET', '/api/cctv/video/client/record', undefined, { id: '3', day: day(-1) });
    expect(first.code).toBe(0);
    expect(first.data[0].day).toBe(day(-1));
    const segments = first.data[0].segments;
    expect(segments.length).toBeGreaterThan(50);
    expect(segments[0]).toMatchObject({ startTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/), state: 'normal' });
    expect((await call(p.admin, 'GET', '/api/cctv/video/client/record', undefined, { id: '3', day: day(-1) })).data[0].segments).toEqual(segments);
    const range = await call(p.admin, 'GET', '/api/cctv/video/client/record', undefined, { id: '3', from: day(-3), to: day(-1) });
    expect(range.data.map((d: { day: string }) => d.day)).toEqual([day(-3), day(-2), day(-1)]);
    expect((await call(p.admin, 'GET', '/api/cctv/video/client/record', undefined, { id: '3', day: day(1) })).msg).toBe('days must be YYYY-MM-DD and not after today');
    expect((await call(p.admin, 'GET', '/api/cctv/video/client/record', undefined, { id: '3', day: day(-91) })).msg).toBe('recordings are kept for 90 days');
    expect((await call(p.admin, 'GET', '/api/cctv/video/client/record', undefined, { id: '3', day: '2026-02-30' })).msg).toBe('days must be YYYY-MM-DD and not after today');
  });

  // Days on a pinned clock (the platform runs in this process, so its clock is the test's, moving on
  // from the pinned moment): yesterday and today are answered and tomorrow refused across a year end,
  // a month end and a leap day, and today's recordings stop at the present.
  it.each([
    ['on New Year’s Day', new Date(2027, 0, 1, 12), '2026-12-31', '2027-01-01', '2027-01-02'],
    ['on New Year’s Eve', new Date(2026, 11, 31, 12), '2026-12-30', '2026-12-31', '2027-01-01'],
    ['on 1 March', new Date(2027, 2, 1, 12), '2027-02-28', '2027-03-01', '2027-03-02'],
    ['on 29 February', new Date(2028, 1, 29, 12), '2028-02-28', '2028-02-29', '2028-03-01'],
  ])('answers yesterday and today and refuses tomorrow %s', async (_when, now, yesterday, today, tomorrow) => {
    vi.useFakeTimers({ toFake: ['Date'], now, shouldAdvanceTime: true });
    try {
      const admin = await login(p.s.base, 'admin', 'admin123');
      const record = '/api/cctv/video/client/record';
      const days = (await call(admin, 'GET', record, undefined, { id: '3', from: yesterday, to: today })).data as Array<{ day: string; segments: Array<{ startMs: number; endMs: number }> }>;
      expect(days.map((d) => d.day)).toEqual([yesterday, today]);
      expect(days[0]!.segments.length).toBeGreaterThan(0);
      expect(days[0]!.segments.every((s) => s.startMs >= new Date(`${yesterday}T00:00:00`).getTime() && s.endMs <= new Date(`${today}T00:00:00`).getTime())).toBe(true);
      const todays = days[1]!.segments;
      expect(todays.length).toBeGreaterThan(0);
      expect(todays.filter((s) => s.endMs > Date.now())).toEqual([]);
      expect((await call(admin, 'GET', record, undefined, { id: '3', day: tomorrow })).msg).toBe('days must be YYYY-MM-DD and not after today');
      expect((await call(admin, 'GET', record, undefined, { id: '3', from: today, to: tomorrow })).msg).toBe('days must be YYYY-MM-DD and not after today');
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts a replay in a gap at the next recording of the period and plays only recorded spans, at an offered speed', async () => {
    const segments = (await call(p.admin, 'GET', '/api/cctv/video/client/record', undefined, { id: '3', day: day(-1) })).data[0].segments as Array<{ startMs: number; endMs: number; startTime: string; state: string }>;
    const i = segments.findIndex((s, k) => k > 0 && s.startMs - segments[k - 1]!.endMs > 120_000);
    const gapStart = segments[i - 1]!.endMs;
    const inGap = gapStart + 1000;
    const fmt = (ms: number) => {
      const d = new Date(ms);
      const two = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
    };
    const answer = await call(p.admin, 'POST', '/api/cctv/video/client/request', { id: 3, playType: 1, startTime: fmt(inGap), endTime: `${day(-1)} 23:59:59`, rate: 4 });
    expect(answer.code).toBe(0);
    // A start in a gap: playback starts at the next recording of the period.
    expect(answer.data).toMatchObject({ playType: 1, rate: 4, startTime: fmt(segments[i]!.startMs) });
    // Every span is fully recorded in normal segments; the gap itself is in none.
    for (const [a, b] of answer.data.spans as Array<[number, number]>) {
      const recorded = segments.filter((s) => s.state === 'normal').reduce((n, s) => n + Math.max(0, Math.min(b, s.endMs) - Math.max(a, s.startMs)), 0);
      expect(recorded).toBe(b - a);
      expect(a >= segments[i]!.startMs || b <= gapStart).toBe(true);
    }
    // A speed not offered is refused by the declaration (shared/contract/video-play.ts), naming the field and the speeds offered.
    expect(await call(p.admin, 'POST', '/api/cctv/video/client/request', { id: 3, playType: 1, rate: 3 })).toMatchObject({ code: -1, msg: 'rate: must be one of: 0.5, 1, 2, 4, 8', data: { field: 'rate' } });
    const operator = await login(p.s.base, 'operator', 'operator123');
    expect((await call(operator, 'GET', '/api/cctv/video/client/record', undefined, { id: '3', day: day(-1) })).code).toBe(40301);
    expect((await call(p.admin2, 'GET', '/api/cctv/video/client/record', undefined, { id: '3', day: day(-1) })).msg).toBe('No device code or device id');
  });

  it('makes a one-minute clip an MP4 of one minute, and refuses long, foreign and unpermitted clips', async () => {
    const segments = (await call(p.admin, 'GET', '/api/cctv/video/client/record', undefined, { id: '3', day: day(-1) })).data[0].segments as Array<{ startTime: string; endTime: string; startMs: number; endMs: number; state: string; trigger: string }>;
    const file = segments.find((s) => s.trigger === 'schedule' && s.state === 'normal' && s.endMs - s.startMs >= 5 * 60_000)!;
    const end = file.startTime.replace(/(\d\d):(\d\d):(\d\d)$/, (_m, h: string, m: string, sec: string) => `${h}:${String(Number(m) + 1).padStart(2, '0')}:${sec}`);
    const started = await call(p.admin, 'POST', '/api/cctv/video/client/clip', { id: 3, startTime: file.startTime, endTime: end });
    expect(started.code).toBe(0);
    const item = await taskDone(p.s.base, p.admin, started.data.key, started.data.hashKey);
    expect(item).toMatchObject({ status: 0, msg: '60 s of recording ready' });
    const response = await downloadSigned(p.s.base, p.admin, item.download!);
    expect(response.status).toBe(200);
    const mp4 = Buffer.from(await response.arrayBuffer());
    const probe = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_name', '-of', 'json', '-i', 'pipe:0'], { input: mp4 });
    const info = JSON.parse(probe.stdout.toString()) as { format: { duration: string }; streams: Array<{ codec_name: string }> };
    expect(Number(info.format.duration)).toBeGreaterThan(59);
    expect(Number(info.format.duration)).toBeLessThan(61);
    expect(info.streams.map((s) => s.codec_name)).toEqual(['h264']);
    // Another tenant cannot fetch it.
    expect((await downloadSigned(p.s.base, p.admin2, item.download!)).headers.get('content-type')).not.toContain('video');

    expect((await call(p.admin, 'POST', '/api/cctv/video/client/clip', { id: 3, startTime: `${day(-1)} 08:00:00`, endTime: `${day(-1)} 08:31:00` })).msg).toBe('a clip can be at most 30 minutes long');
    expect((await call(p.admin2, 'POST', '/api/cctv/video/client/clip', { id: 3, startTime: file.startTime, endTime: end })).msg).toBe('No device code or device id');
    const operator = await login(p.s.base, 'operator', 'operator123');
    expect((await call(operator, 'POST', '/api/cctv/video/client/clip', { id: 3, startTime: file.startTime, endTime: end })).code).toBe(40301);
  }, 30_000);
});
