// Request and response shapes of the camera and play calls (SPEC §3 Camera and Play response, §4
// play types, §7 Video, §9 pan-tilt), shared by the front end and the demo platform.

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

/** SPEC §9 camera list page limit. */
export const CAMERA_LIST_MAX_LIMIT = 20000;

export interface CameraParams {
  disableYunControl: boolean;
}

/** One camera (SPEC §3). `data_group_Id` is spelled as the platform spells it. */
export interface Camera {
  id: number;
  name: string;
  /** The device code a portal uses to find the camera (`dev-label`). */
  label: string;
  data_group_Id: number | null;
  /** Name of the camera's group, and the path of group names from the top ('Tower A / Lobby'). */
  dataGroupName: string;
  groupPath: string;
  params: CameraParams;
  address: string;
  resolution: string;
  tags: string[];
  /** A real source (RTSP or file) the demo relays when ffmpeg is installed; '' uses the demo clip. */
  sourceUrl: string;
  /** What the camera sends: H.264, or H.265 (played as H.265 where the browser decodes it, else transcoded). */
  codec: VideoCodec;
  /** Whether the camera's picture can be had: its source answers (a demo camera without a source always can). */
  online?: boolean;
  /** Its source's state as the platform last learnt it (watching it, or its periodic check). */
  sourceState?: CameraSourceState;
  /** With sourceState 'unsupported': the codec the platform cannot serve (e.g. mjpeg). */
  sourceCodec?: string;
}

/**
 * A camera source's state, one vocabulary for the media server, the platform and the player: live,
 * connecting, offline (the host does not answer or the stream ended), credentials (401/403),
 * not-found (404 for the path), unsupported (a codec the platform cannot serve).
 */
export type CameraSourceState = 'live' | 'connecting' | 'offline' | 'credentials' | 'not-found' | 'unsupported';

export type VideoCodec = 'h264' | 'h265';

/** GET /api/cctv/video/client/getCameraList. */
export interface CameraListQuery {
  page?: number;
  limit?: number;
  /** One camera by its id. */
  id?: number;
  dataGroupId?: number;
  label?: string;
  name?: string;
  /** Only cameras carrying this tag. */
  tag?: string;
  /** true: label and name must match exactly (the single-device lookup); otherwise they are substrings. */
  exact?: boolean;
}

export interface CameraList {
  rows: Camera[];
  total: number;
}

/** POST setCamera. With `count` (2 to 1000) a batch is created and `%d` in name/label becomes 1…count. */
export interface CameraCreate {
  name: string;
  label: string;
  dataGroupId: number;
  address?: string;
  resolution?: string;
  tags?: string[];
  sourceUrl?: string;
  params?: Partial<CameraParams>;
  count?: number;
}

/** PUT updateCamera. */
export interface CameraUpdate extends Partial<Omit<CameraCreate, 'count'>> {
  id: number;
}

/** DELETE deleteCamera: one id or several. */
export interface CameraDelete {
  id?: number;
  ids?: number[];
}

/** POST update/group/{groupId}: moves the cameras into that group. */
export interface CameraGroupMove {
  ids: number[];
}

/** POST /api/cctv/video/client/request (SPEC §7). Times are 'YYYY-MM-DD HH:mm:ss'. */
export interface PlayRequest {
  id: number;
  playType?: PlayType;
  startTime?: string;
  endTime?: string;
  /** Pan-tilt only. */
  action?: PtzAction;
  runTime?: number;
  start?: typeof PTZ_START | typeof PTZ_STOP;
  speed?: number;
  /** Replay speed (0.5, 1, 2, 4 or 8; 1 when absent), paced by the media server. */
  rate?: number;
  /**
   * Whether this browser decodes H.265 (MediaSource.isTypeSupported). An H.265 camera's live stream
   * is then sent as H.265; otherwise the media server transcodes it to H.264.
   */
  h265?: boolean;
}

/** One stream (SPEC §3 Play response). `code` is the play code the heartbeat and shut carry. */
export interface PlayStream {
  flvUri: string;
  /** The same stream over WebSocket (WS-FLV). */
  wsUri: string;
  code: string;
  /** 0 live or 1 replay. */
  playType: 0 | 1;
  /** The codec of this stream (H.264 when absent); the player picks its engine by it. */
  codec?: VideoCodec;
  /** An H.265 camera transcoded to H.264 because the browser said it cannot decode H.265. */
  transcoded?: boolean;
  /** Replay: where playback really starts (a start in a gap moves to the nearest recording). */
  startTime?: string;
  /** Replay: the speed the stream is paced at. */
  rate?: number;
  /** Replay: the recorded spans the stream plays one after another, ms since epoch. */
  spans?: Array<[number, number]>;
}

/** One recorded segment (GET /api/cctv/video/client/record). */
export interface RecordSegmentInfo {
  startTime: string;
  endTime: string;
  startMs: number;
  endMs: number;
  state: 'normal' | 'abnormal';
  trigger: 'schedule' | 'motion';
}

export interface RecordDay {
  day: string;
  segments: RecordSegmentInfo[];
}

/** What a pan-tilt command answers. */
export interface PtzResult {
  playType: 3;
  action: PtzAction;
  start: number;
  speed: number;
  runTime: number;
}

/** playType 0 or 1 answer one stream, 2 answers a list (live then replay), 3 a pan-tilt result. */
export type PlayResponse = PlayStream | PlayStream[] | PtzResult;

/** POST shut and GET heart. */
export interface PlayCodeRef {
  id: number;
  playCode: string;
}

/** GET /__test/ptz (test platform only): the pan-tilt commands received, oldest first. */
export interface PtzCommandRecord {
  cameraId: number;
  action: number;
  start: number;
  speed: number;
  runTime: number;
  at: number;
}

/** Media server counters (GET <media>/__stats). */
export interface MediaStatsResponse {
  listening: boolean;
  channels: number;
  liveViewers: number;
  replays: number;
  streams: number;
  connections: number;
  playCodes: number;
}
