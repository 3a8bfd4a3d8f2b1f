// The play operations of cameras (SPEC §3 Play response, §4 play types, §7 "Video", §9 pan-tilt): the
// recording index of a camera's days, a recording clip as a background task, the play request (live,
// replay, both, pan-tilt), its heartbeat and its shut. Every camera is looked up in the caller's tenant
// and data authority; another tenant's camera is answered as no camera at all.
import Type from 'typebox';
import { PTZ_RUN_TIME_MS, PTZ_SPEED_MAX, PTZ_SPEED_MIN } from '../api/video-types.ts';
import { MAX_CLIP_MS, REPLAY_RATES } from '../media/recording.ts';
import { KEYS } from '../validate/keys.ts';
import { operation } from './operation.ts';
import { Id, Int, OneOf, Strict, Text, Time } from './fields.ts';
import { ProgressKey } from './progress.ts';

const TAG = 'Video';

/** What a camera sends, and what a stream carries. */
export const VideoCodec = OneOf(['h264', 'h265'] as const, { description: 'H.264 or H.265' });

/** 'YYYY-MM-DD HH:mm:ss', required (a clip's ends). */
const FullTime = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$', description });
/** 'YYYY-MM-DD'. */
const Day = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', 'x-rule': 'validate.day', description });

export const ReplayRate = Type.Enum([...REPLAY_RATES], { description: `Replay speed: ${REPLAY_RATES.join(', ')} (1 when absent), paced by the media server` });

// ---- recordings ----

export const RecordQuery = Strict({
  id: Id({ description: 'The camera' }),
  day: Type.Optional(Day('One day (instead of from and to)')),
  from: Type.Optional(Day('The first day of a range (with to; at most 31 days)')),
  to: Type.Optional(Day('The last day of a range (default: from)')),
});

export const RecordSegmentInfo = Strict({
  startTime: Time(),
  endTime: Time(),
  startMs: Type.Integer({ minimum: 0, description: 'ms since epoch' }),
  endMs: Type.Integer({ minimum: 0, description: 'ms since epoch' }),
  state: OneOf(['normal', 'abnormal'] as const, { description: 'normal plays; abnormal (a damaged file) is shown and skipped' }),
  trigger: OneOf(['schedule', 'motion'] as const, { description: 'What started the recording: the schedule, or motion' }),
});

export const RecordDay = Strict({
  day: Type.String({ description: 'YYYY-MM-DD' }),
  segments: Type.Array(RecordSegmentInfo, { description: 'Oldest first; today stops at the present' }),
});

// ---- clips ----

export const ClipRequest = Strict({
  id: Id({ description: 'The camera' }),
  startTime: FullTime('Where the clip starts, YYYY-MM-DD HH:mm:ss'),
  endTime: FullTime(`Where it ends; at most ${MAX_CLIP_MS / 60_000} minutes after the start`),
});

// ---- play ----

export const PlayRequest = Strict({
  id: Id({ description: 'The camera' }),
  playType: Type.Optional(Type.Enum([0, 1, 2, 3], { description: 'SPEC §4: 0 live (default), 1 replay, 2 both side by side, 3 a pan-tilt command' })),
  startTime: Type.Optional(Time({ description: "Replay: YYYY-MM-DD HH:mm:ss ('' or absent: today 00:00:00)" })),
  endTime: Type.Optional(Time({ description: "Replay: YYYY-MM-DD HH:mm:ss ('' or absent: today 23:59:59); at most 31 days after the start, not after today" })),
  action: Type.Optional(Int(1, 10, { description: 'Pan-tilt (required with playType 3), SPEC §9 codes: 1 up, 2 down, 3 left, 4 right, 5 up-left, 6 up-right, 7 down-left, 8 down-right, 9 zoom in, 10 zoom out' })),
  runTime: Type.Optional(Int(100, 10_000, { description: `Pan-tilt: how long the motion runs unless renewed, ms (default ${PTZ_RUN_TIME_MS})` })),
  start: Type.Optional(Type.Enum([0, 1], { description: 'Pan-tilt: 0 starts (or renews) the motion (default), 1 stops it' })),
  speed: Type.Optional(Type.Integer({ minimum: PTZ_SPEED_MIN, maximum: PTZ_SPEED_MAX, 'x-range': KEYS.panTiltSpeed, description: `Pan-tilt speed, ${PTZ_SPEED_MIN} to ${PTZ_SPEED_MAX} (SPEC §5; default 4)` })),
  rate: Type.Optional(ReplayRate),
  h265: Type.Optional(Type.Boolean({ description: "Whether the browser decodes H.265: an H.265 camera's live stream is then sent as H.265, otherwise transcoded to H.264" })),
});

export const PlayStream = Strict({
  flvUri: Type.String({ description: 'HTTP-FLV URL of the stream (carries the play code)' }),
  wsUri: Type.String({ description: 'The same stream over WebSocket (WS-FLV)' }),
  code: Type.String({ description: 'The play code the heartbeat and shut carry' }),
  playType: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '0 live, 1 replay' }),
  codec: Type.Optional(VideoCodec),
  transcoded: Type.Optional(Type.Boolean({ description: 'An H.265 camera transcoded to H.264 because the browser said it cannot decode H.265' })),
  startTime: Type.Optional(Time({ description: 'Replay: where playback really starts (a start in a gap moves on to the next recording)' })),
  rate: Type.Optional(ReplayRate),
  spans: Type.Optional(Type.Array(Type.Tuple([Type.Integer(), Type.Integer()]), { description: 'Replay: the recorded spans played one after another, [start, end) in ms since epoch' })),
});

export const PtzResult = Strict({
  playType: Type.Literal(3),
  action: Int(1, 10),
  start: Type.Integer({ minimum: 0, maximum: 1 }),
  speed: Type.Integer({ minimum: PTZ_SPEED_MIN, maximum: PTZ_SPEED_MAX }),
  runTime: Type.Integer({ minimum: 0 }),
});

export const PlayResponse = Type.Union([PlayStream, Type.Array(PlayStream, { minItems: 2, maxItems: 2, description: 'playType 2: live, then replay' }), PtzResult], {
  description: 'playType 0 or 1: one stream; 2: a list, live then replay; 3: the pan-tilt command as recorded',
});

export const PlayCodeRef = Strict({
  id: Id({ description: 'The camera' }),
  playCode: Text(8, 64, { description: 'The code the play answer gave' }),
});

const sampleStream = { flvUri: 'http://localhost:8081/live/1.flv?code=0123456789abcdef', wsUri: 'ws://localhost:8081/live/1.flv?code=0123456789abcdef', code: '0123456789abcdef', playType: 0, codec: 'h264' };

export const ops = {
  record: operation({
    method: 'GET',
    path: '/api/cctv/video/client/record',
    rights: 'user',
    tag: TAG,
    summary: "A camera's recorded segments, per day",
    description:
      'Needs video:replay. One day (day) or a range (from, to; at most 31 days), none after today and none older than the recordings are kept (90 days). Refused when the camera is not in the caller\'s tenant and data authority.',
    query: RecordQuery,
    data: Type.Array(RecordDay),
    examples: {
      query: { id: 3, day: '2026-05-01' },
      data: [{ day: '2026-05-01', segments: [{ startTime: '2026-05-01 08:00:00', endTime: '2026-05-01 08:10:00', startMs: 1777593600000, endMs: 1777594200000, state: 'normal', trigger: 'schedule' }] }],
    },
  }),
  clip: operation({
    method: 'POST',
    path: '/api/cctv/video/client/clip',
    rights: 'user',
    tag: TAG,
    summary: 'A span of recordings as an MP4 with the recorded time burnt in (a background task)',
    description: `Needs video:replay. At most ${MAX_CLIP_MS / 60_000} minutes; refused when nothing was recorded in the span, when the platform has no encoder, or when the caller already runs 3 exports. The finished file is fetched from the progress panel.`,
    body: ClipRequest,
    data: ProgressKey,
    examples: { body: { id: 3, startTime: '2026-05-01 08:00:00', endTime: '2026-05-01 08:01:00' }, data: { key: 'videoClip', hashKey: '0123456789abcdef' } },
  }),
  request: operation({
    method: 'POST',
    path: '/api/cctv/video/client/request',
    rights: 'user',
    tag: TAG,
    summary: 'Asks for a stream of a camera (live, replay, both) or sends it a pan-tilt command',
    description:
      'Live and pan-tilt need video:play, replay video:replay, both need both (else 40301). A replay plays what was recorded in the period (a start in a gap moves on to the next recording); a replay period after today, upside down or longer than 31 days is refused, as is a pan-tilt command to a camera without pan-tilt. The stream lives while the player sends heartbeats with its code.',
    body: PlayRequest,
    data: PlayResponse,
    examples: { body: { id: 1, playType: 0 }, data: sampleStream },
  }),
  heart: operation({
    method: 'GET',
    path: '/api/cctv/video/client/heart',
    rights: 'user',
    tag: TAG,
    summary: "Keeps a stream's play code alive (every 2 s, SPEC §9)",
    description: "Refused when the code has expired or is not the caller's tenant's for this camera: the player then asks for the stream again.",
    query: PlayCodeRef,
    data: Type.Literal(true),
    examples: { query: { id: 1, playCode: '0123456789abcdef' }, data: true },
  }),
  shut: operation({
    method: 'POST',
    path: '/api/cctv/video/client/shut',
    rights: 'user',
    tag: TAG,
    summary: 'Ends a stream (the player left the page or switched camera)',
    description: 'Answers whether the code was still open; shutting one that already ended is not an error.',
    body: PlayCodeRef,
    data: Type.Boolean({ description: 'true when the code was open and is now shut' }),
    examples: { body: { id: 1, playCode: '0123456789abcdef' }, data: false },
  }),
};
