// Request and response shapes of the camera and play calls (SPEC §3 Camera and Play response, §4
// play types, §7 Video, §9 pan-tilt), shared by the front end and the demo platform. The shapes of the
// calls come from their declarations (shared/contract/video*.ts): types only, so no schema code reaches
// the widget kit; the value lists here are plain constants the contract imports.
import type { Static } from 'typebox';
import type * as P from '../contract/video-play.ts';
import type * as C from '../contract/video.ts';

/** SPEC §4: 0 live, 1 replay, 2 both side by side, 3 pan-tilt control command. Missing means 0. */
export type PlayType = 0 | 1 | 2 | 3;

export const PLAY_LIVE = 0;
export const PLAY_REPLAY = 1;
export const PLAY_BOTH = 2;
export const PLAY_PTZ = 3;

/** The data-group type of camera groups (SPEC §9 "Group type for the wall"). */
export const CAMERA_GROUP_TYPE = 7;

/** SPEC §9 pan-tilt action codes. */
export const PTZ_ACTIONS = {
  up: 1,
  down: 2,
  left: 3,
  right: 4,
  upLeft: 5,
  upRight: 6,
  downLeft: 7,
  downRight: 8,
  zoomIn: 9,
  zoomOut: 10,
} as const;
export type PtzActionName = keyof typeof PTZ_ACTIONS;
export type PtzAction = (typeof PTZ_ACTIONS)[PtzActionName];

/** SPEC §9: a pan-tilt command runs 500 ms unless renewed, speed 1 to 7. */
export const PTZ_RUN_TIME_MS = 500;
export const PTZ_SPEED_MIN = 1;
export const PTZ_SPEED_MAX = 7;
/** `start` of a pan-tilt command: 0 starts (or renews) the motion, 1 stops it. */
export const PTZ_START = 0;
export const PTZ_STOP = 1;


/** A camera source's state, one vocabulary for the media server, the platform and the player. */
export const CAMERA_SOURCE_STATES = ['live', 'connecting', 'offline', 'credentials', 'not-found', 'unsupported'] as const;

/**
 * A camera source's state: live, connecting, offline (the host does not answer or the stream ended),
 * credentials (401/403), not-found (404 for the path), unsupported (a codec the platform cannot serve).
 */
export type CameraSourceState = (typeof CAMERA_SOURCE_STATES)[number];

export type VideoCodec = Static<typeof P.VideoCodec>;

export type CameraParams = Static<typeof C.CameraParams>;

/** One camera (SPEC §3). `data_group_Id` is spelled as the platform spells it; online, sourceState and sourceCodec tell its source's health. */
export type Camera = Static<typeof C.Camera>;

/** GET /api/cctv/video/client/getCameraList: paging and filters (exact: label and name match whole, the single-device lookup). */
export type CameraListQuery = Static<typeof C.CameraListQuery>;

/** POST export: the list's filters without paging. */
export type CameraExportQuery = Static<typeof C.CameraExportQuery>;

export type CameraList = Static<typeof C.CameraList>;

/** POST setCamera. With `count` (2 to 1000) a batch is created and `%d` in name/label becomes 1…count. */
export type CameraCreate = Static<typeof C.CameraCreate>;

/** What setCamera answers: the camera, or a batch's ids. */
export type CameraCreated = Static<typeof C.CameraCreated>;

/** PUT updateCamera. */
export type CameraUpdate = Static<typeof C.CameraUpdate>;

/** DELETE deleteCamera: one id or several. */
export type CameraDelete = Static<typeof C.CameraDelete>;

/** POST update/group/{groupId}: moves the cameras into that group. */
export type CameraGroupMove = Static<typeof C.CameraGroupMove>;

/** POST /api/cctv/video/client/request (SPEC §7). Times are 'YYYY-MM-DD HH:mm:ss'; `rate` a replay speed (0.5, 1, 2, 4 or 8); `h265` whether this browser decodes H.265. */
export type PlayRequest = Static<typeof P.PlayRequest>;

/** One stream (SPEC §3 Play response). `code` is the play code the heartbeat and shut carry; replay adds startTime, rate and spans. */
export type PlayStream = Static<typeof P.PlayStream>;

/** GET /api/cctv/video/client/record: one day (day) or a range (from, to), YYYY-MM-DD. */
export type RecordQuery = Static<typeof P.RecordQuery>;

/** One recorded segment (GET /api/cctv/video/client/record). */
export type RecordSegmentInfo = Static<typeof P.RecordSegmentInfo>;

export type RecordDay = Static<typeof P.RecordDay>;

/** What a pan-tilt command answers. */
export type PtzResult = Static<typeof P.PtzResult>;

/** playType 0 or 1 answer one stream, 2 answers a list (live then replay), 3 a pan-tilt result. */
export type PlayResponse = Static<typeof P.PlayResponse>;

/** POST shut and GET heart. */
export type PlayCodeRef = Static<typeof P.PlayCodeRef>;

/** POST clip: a span of recordings as an MP4 (a background task). */
export type ClipRequest = Static<typeof P.ClipRequest>;

/** GET /__test/ptz (test platform only): the pan-tilt commands received, oldest first. */
export interface PtzCommandRecord {
  cameraId: number;
  action: number;
  start: number;
  speed: number;
  runTime: number;
  at: number;
}
