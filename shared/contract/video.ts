// The camera operations (SPEC §3 Camera, §7 "Video", §9 camera list and wall): lists with filters inside
// the caller's data authority, the tags in use, add (one or a batch), edit, move between camera groups
// (data groups of type 7), delete and export. Reading needs a right that shows cameras (the video pages
// or a video element); changing needs video:manage. Every call is tenant-scoped; another tenant's camera
// is answered as no camera at all. Playing cameras is in video-play.ts.
import Type from 'typebox';
import { TOTAL_CAP } from '../api/resource.ts';
import { CAMERA_GROUP_TYPE, CAMERA_SOURCE_STATES } from '../api/video-types.ts';
import { LIMITS } from '../validate/numbers.ts';
import { KEYS } from '../validate/keys.ts';
import { LENGTHS } from '../validate/text.ts';
import { CAMERA_BOUNDS as B } from '../validate/camera.ts';
import { operation } from './operation.ts';
import { Code, Id, IdParams, Ids, Int, MAX_PAGE, OneOf, Strict, Text, PageOf } from './fields.ts';
import { ProgressKey } from './progress.ts';
import { VideoCodec } from './video-play.ts';

const TAG = 'Video';
const [BATCH_MIN, BATCH_MAX] = LIMITS.batch;
const SEE = 'Needs a right that shows cameras (the video pages, devManager, video:play or video:replay).';
const MANAGE = 'Needs video:manage.';

export const CameraSourceState = OneOf(CAMERA_SOURCE_STATES, {
  description: "Its source's state as the platform last learnt it: live, connecting, offline, credentials (401/403), not-found (404), unsupported (a codec the platform cannot serve)",
});

export const CameraParams = Strict({ disableYunControl: Type.Boolean({ description: 'true: the camera has no pan-tilt control' }) });

/** One camera (SPEC §3). `data_group_Id` is spelled as the platform spells it. */
export const Camera = Strict({
  id: Id(),
  name: Type.String({ description: "In the caller's language" }),
  label: Type.String({ description: 'The device code a portal finds the camera by (dev-label)' }),
  data_group_Id: Type.Union([Id(), Type.Null()], { description: 'Its camera group, null when it has none' }),
  dataGroupName: Type.String({ description: "The group's name ('' without a group)" }),
  groupPath: Type.String({ description: "The group names from the top ('Tower A / Lobby')" }),
  params: CameraParams,
  address: Type.String(),
  resolution: Type.String(),
  tags: Type.Array(Type.String(), { description: "In the caller's language" }),
  sourceUrl: Type.String({ description: "A real source the platform relays (rtsp…, its password shown as ***), '' for the demo clip" }),
  codec: VideoCodec,
  online: Type.Optional(Type.Boolean({ description: "Whether the camera's picture can be had (a camera without a source always can)" })),
  sourceState: Type.Optional(CameraSourceState),
  sourceCodec: Type.Optional(Type.String({ description: "With sourceState 'unsupported': the codec the platform cannot serve (e.g. mjpeg)" })),
});

const filters = {
  id: Type.Optional(Id({ description: 'One camera by its id (the player naming the camera it was given)' })),
  dataGroupId: Type.Optional(Id({ description: 'The cameras of this group and the groups below it' })),
  label: Type.Optional(Text(1, 64, { description: 'Part of the device code (the whole code with exact)' })),
  name: Type.Optional(Text(1, 64, { description: 'Part of the name in either language (the whole name with exact)' })),
  tag: Type.Optional(Text(1, LENGTHS.tag[1], { description: 'One whole tag the camera carries, in either language' })),
  exact: Type.Optional(Type.Boolean({ description: 'true: label and name must match whole (the single-device lookup, SPEC §4)' })),
};

/** GET getCameraList. */
export const CameraListQuery = Strict({
  page: Type.Optional(Int(1, MAX_PAGE, { description: 'Page number, from 1 (default 1)' })),
  limit: Type.Optional(Int(1, TOTAL_CAP, { description: `Rows per page, 1 to ${TOTAL_CAP} (SPEC §9; default 10)` })),
  ...filters,
});

/** POST export: the list's filters, every matching camera. */
export const CameraExportQuery = Strict(filters);

export const CameraList = PageOf(Camera);

const Tags = Type.Array(Text(0, LENGTHS.tag[1]), { maxItems: 50, description: 'Each trimmed; empty ones dropped; a comma inside one becomes a space' });
const SourceUrl = Text(...B.sourceUrl, { description: "An rtsp, rtsps, rtmp, rtmps or http(s) stream URL with a host ('' for the demo clip); a private address only on the networks the platform allows; a password shown as *** must be typed again when the URL changes" });
const ParamsPart = Strict({ disableYunControl: Type.Optional(Type.Boolean()) });

/** POST setCamera. With `count` (2 to 1000) a batch is created and `%d` in name and label becomes 1…count. */
export const CameraCreate = Strict({
  name: Text(...B.name),
  label: Code(...B.label, { description: 'The device code: unique in the tenant, no {}[]^ (SPEC §5)' }),
  dataGroupId: Id({ description: `A camera group of the tenant (a data group of type ${CAMERA_GROUP_TYPE})` }),
  address: Type.Optional(Text(...B.address)),
  resolution: Type.Optional(Text(...B.resolution)),
  tags: Type.Optional(Tags),
  sourceUrl: Type.Optional(SourceUrl),
  params: Type.Optional(ParamsPart),
  count: Type.Optional(Type.Integer({ minimum: BATCH_MIN, maximum: BATCH_MAX, 'x-range': KEYS.batchRange, description: `How many to create, ${BATCH_MIN} to ${BATCH_MAX} (SPEC §5 batch); above 1 name and label must hold %d` })),
});

export const CameraCreated = Type.Union([Camera, Strict({ ids: Type.Array(Id(), { description: 'The batch created, in order' }) })], { description: 'One camera: the camera saved; a batch: the ids created' });

/** PUT updateCamera: the fields given change, the others stay. */
export const CameraUpdate = Strict({
  id: Id(),
  name: Type.Optional(Text(...B.name, { description: "The name in the caller's language (sent back unchanged, a seeded camera keeps both)" })),
  label: Type.Optional(Code(...B.label)),
  dataGroupId: Type.Optional(Id()),
  address: Type.Optional(Text(...B.address)),
  resolution: Type.Optional(Text(...B.resolution)),
  tags: Type.Optional(Tags),
  sourceUrl: Type.Optional(SourceUrl),
  params: Type.Optional(ParamsPart),
});

/** DELETE deleteCamera: one id or several, in the body (or one id in the query, signed over it). */
export const CameraDelete = Strict({ id: Type.Optional(Id()), ids: Type.Optional(Ids(LIMITS.batch[1])) });
export const CameraDeleteQuery = Strict({ id: Type.Optional(Id({ description: 'One camera, for a delete without a body' })) });

/** POST update/group/{groupId}: moves the cameras into that group. */
export const CameraGroupMove = Strict({ ids: Ids(LIMITS.batch[1], 1, { description: 'Cameras of the caller inside their data authority' }) });

export const CameraExportFileQuery = Strict({ hashKey: Type.String({ pattern: '^[0-9a-f]{16}$', description: "The export task's hashKey" }) });

const sample = {
  id: 1,
  name: 'Building A lobby main entrance',
  label: 'CAM-001',
  data_group_Id: 3,
  dataGroupName: 'Lobby',
  groupPath: 'Tower A / Lobby',
  params: { disableYunControl: false },
  address: 'Tower A, ground floor',
  resolution: '1920x1080',
  tags: ['PTZ'],
  sourceUrl: '',
  codec: 'h264',
  online: true,
  sourceState: 'live',
};

export const ops = {
  list: operation({
    method: 'GET',
    path: '/api/cctv/video/client/getCameraList',
    rights: 'user',
    tag: TAG,
    summary: "The caller's cameras, by id, filtered and paged",
    description: `${SEE} Only cameras of the caller's tenant inside their data authority. A label or name matches as a part unless exact is true (SPEC §4 single-device lookup: page 1, limit 10, exact label).`,
    query: CameraListQuery,
    data: CameraList,
    examples: { query: { page: 1, limit: 10, label: 'CAM-001', exact: true }, data: { rows: [sample], total: 1 } },
  }),
  tags: operation({
    method: 'GET',
    path: '/api/cctv/video/client/tags',
    rights: 'user',
    tag: TAG,
    summary: "The tags the tenant's cameras carry, sorted",
    description: `${SEE} In the caller's language (the filter takes either).`,
    data: Type.Array(Type.String()),
    examples: { data: ['PTZ', 'entrance'] },
  }),
  create: operation({
    method: 'POST',
    path: '/api/cctv/video/client/setCamera',
    rights: 'user',
    tag: TAG,
    summary: 'Adds a camera, or a batch of them',
    description: `${MANAGE} Refused when the group is not one of the tenant's camera groups, when a label is taken, when a batch's name or label lacks %d, or when the source is not a stream URL the platform may relay (the refusal names sourceUrl).`,
    body: CameraCreate,
    data: CameraCreated,
    examples: { body: { name: 'Annex door', label: 'CAM-900', dataGroupId: 3, tags: ['entrance'] }, data: { ...sample, id: 60, name: 'Annex door', label: 'CAM-900', tags: ['entrance'] } },
  }),
  update: operation({
    method: 'PUT',
    path: '/api/cctv/video/client/updateCamera',
    rights: 'user',
    tag: TAG,
    summary: 'Edits a camera',
    description: `${MANAGE} The fields given change. A source URL sent back as it was shown (password ***) keeps the stored one. Refused when the camera is not the caller's, the group not a camera group of the tenant, or the label taken.`,
    body: CameraUpdate,
    data: Camera,
    examples: { body: { id: 1, address: 'Tower A, ground floor' }, data: sample },
  }),
  move: operation({
    method: 'POST',
    path: '/api/cctv/video/client/update/group/:id',
    rights: 'user',
    tag: TAG,
    summary: 'Moves cameras into a camera group',
    description: `${MANAGE} {id} is the target group (a camera group of the tenant). Refused, moving none, when any camera is not the caller's.`,
    params: IdParams,
    body: CameraGroupMove,
    data: Strict({ moved: Type.Integer({ minimum: 0, description: 'Cameras moved' }) }),
    examples: { params: { id: 3 }, body: { ids: [1, 2] }, data: { moved: 2 } },
  }),
  export: operation({
    method: 'POST',
    path: '/api/cctv/video/client/export',
    rights: 'user',
    tag: TAG,
    summary: 'Exports the cameras matching the filters as CSV (a background task)',
    description: `${SEE} The progress panel follows the task and offers its file. Refused while the caller runs 3 exports.`,
    body: CameraExportQuery,
    data: ProgressKey,
    examples: { body: { dataGroupId: 3 }, data: { key: 'cameraExport', hashKey: '0123456789abcdef' } },
  }),
  exportFile: operation({
    method: 'GET',
    path: '/api/cctv/video/client/export/file',
    rights: 'user',
    tag: TAG,
    summary: "A finished camera export's CSV",
    description: `${SEE} Only for the user who started the export, once it has finished (the progress panel's download, /api/admin/progress/file, gives the same file).`,
    query: CameraExportFileQuery,
    data: Type.Never({ description: 'On success the answer is the file, not an envelope' }),
    produces: 'text/csv',
    examples: { query: { hashKey: '0123456789abcdef' } },
  }),
  delete: operation({
    method: 'DELETE',
    path: '/api/cctv/video/client/deleteCamera',
    rights: 'user',
    tag: TAG,
    summary: 'Deletes cameras',
    description: `${MANAGE} The ids in the body (id, ids), or one id in the query of a delete without a body (a query beside a body is refused by the signature check: it is not signed). Only the caller's tenant's cameras are deleted; the answer says how many.`,
    query: CameraDeleteQuery,
    body: Type.Union([CameraDelete, Type.Null()], { description: 'The cameras to delete (absent: the query names one)' }),
    data: Strict({ deleted: Type.Integer({ minimum: 0, description: 'Cameras deleted' }) }),
    examples: { body: { ids: [41] }, data: { deleted: 1 } },
  }),
};
