// Camera and play calls (SPEC §7 "Video"). Pure fetchers over the narrowest client they need.
import type { Client, RequestOptions } from '../http/client.ts';
import type {
  Camera,
  ClipRequest,
  CameraCreate,
  CameraCreated,
  CameraExportQuery,
  CameraGroupMove,
  CameraList,
  CameraListQuery,
  CameraUpdate,
  PlayCodeRef,
  PlayRequest,
  PlayResponse,
  PlayStream,
  PtzResult,
  RecordDay,
  RecordQuery,
} from './video-types.ts';
import type { ProgressKey } from './progress-types.ts';

const BASE = '/api/cctv/video/client';

export const listCameras = (client: Pick<Client, 'get'>, query: CameraListQuery, options: RequestOptions = {}): Promise<CameraList> =>
  client.get<CameraList>(`${BASE}/getCameraList`, { ...options, params: { ...query } });

/** SPEC §4 single-device lookup: page 1, limit 10, exact label. Null when no camera has it. */
export async function findCameraByLabel(client: Pick<Client, 'get'>, label: string, options: RequestOptions = {}): Promise<Camera | null> {
  const list = await listCameras(client, { page: 1, limit: 10, label, exact: true }, options);
  return list.rows.find((c) => c.label === label) ?? null;
}

/** One camera by id (its name and pan-tilt setting for the player), null when the user cannot see it. */
export async function findCameraById(client: Pick<Client, 'get'>, id: number, options: RequestOptions = {}): Promise<Camera | null> {
  const list = await listCameras(client, { page: 1, limit: 1, id }, options);
  return list.rows.find((c) => c.id === id) ?? null;
}

export const createCamera = (client: Pick<Client, 'post'>, body: CameraCreate): Promise<CameraCreated> => client.post<CameraCreated>(`${BASE}/setCamera`, body);

export const updateCamera = (client: Pick<Client, 'put'>, body: CameraUpdate): Promise<Camera> => client.put<Camera>(`${BASE}/updateCamera`, body);

export const deleteCameras = (client: Pick<Client, 'delete'>, ids: number[]): Promise<{ deleted: number }> =>
  client.delete(`${BASE}/deleteCamera`, { ids });

export const moveCamerasToGroup = (client: Pick<Client, 'post'>, groupId: number, body: CameraGroupMove): Promise<{ moved: number }> =>
  client.post(`${BASE}/update/group/${groupId}`, body);

/** Starts the export as a background task (the progress panel follows it); answers its key. */
export const exportCameras = (client: Pick<Client, 'post'>, query: CameraExportQuery = {}): Promise<ProgressKey> =>
  client.post<ProgressKey>(`${BASE}/export`, query);

export const cameraTags = (client: Pick<Client, 'get'>): Promise<string[]> => client.get<string[]>(`${BASE}/tags`);

export const requestPlay = (client: Pick<Client, 'post'>, body: PlayRequest, options: RequestOptions = {}): Promise<PlayResponse> =>
  client.post<PlayResponse>(`${BASE}/request`, body, options);

/** One stream (playType 0 or 1). */
export const requestStream = (client: Pick<Client, 'post'>, body: PlayRequest & { playType: 0 | 1 }, options?: RequestOptions): Promise<PlayStream> =>
  requestPlay(client, body, options) as Promise<PlayStream>;

/** Live and replay at once (playType 2): the platform answers a list, live first. */
export const requestBoth = (client: Pick<Client, 'post'>, body: PlayRequest, options?: RequestOptions): Promise<PlayStream[]> =>
  requestPlay(client, { ...body, playType: 2 }, options) as Promise<PlayStream[]>;

/** A pan-tilt command (playType 3). */
export const sendPtz = (client: Pick<Client, 'post'>, body: PlayRequest & { playType: 3 }, options?: RequestOptions): Promise<PtzResult> =>
  requestPlay(client, body, options) as Promise<PtzResult>;

export const heartbeat = (client: Pick<Client, 'get'>, ref: PlayCodeRef, options: RequestOptions = {}): Promise<boolean> =>
  client.get<boolean>(`${BASE}/heart`, { ...options, params: { id: ref.id, playCode: ref.playCode } });

export const shutStream = (client: Pick<Client, 'post'>, ref: PlayCodeRef, options: RequestOptions = {}): Promise<boolean> =>
  client.post<boolean>(`${BASE}/shut`, ref, options);

/** A camera's recorded segments for one day (day) or a range of days (from, to). */
export const recordDays = (client: Pick<Client, 'get'>, query: RecordQuery, options: RequestOptions = {}): Promise<RecordDay[]> =>
  client.get<RecordDay[]>(`${BASE}/record`, { ...options, params: { ...query } });

/** Starts making a span of recordings into an MP4 (a background task the progress panel follows). */
export const requestClip = (client: Pick<Client, 'post'>, body: ClipRequest): Promise<ProgressKey> => client.post<ProgressKey>(`${BASE}/clip`, body);
