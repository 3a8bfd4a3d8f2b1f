// Device, gateway and area calls (paths and shapes in device-types.ts). Pure fetchers over the narrowest client.
import type { Client, RequestOptions } from '../http/client.ts';
import type { GatewayPoint, GatewayPointQuery, GatewayPointSave, PointTarget } from './gateway-point-types.ts';
import type {
  AreaNode,
  AreaSave,
  AreaSaved,
  DeviceExportQuery,
  Device,
  DeviceBatch,
  DeviceBatchResult,
  DeviceCreate,
  DeviceGrouping,
  DeviceListQuery,
  DevicePage,
  DeviceStatusChanges,
  DeviceStatusChangesQuery,
  GatewayListQuery,
  GatewayPage,
} from './device-types.ts';

type Extra = Pick<RequestOptions, 'signal' | 'quiet'>;

/** Drops undefined values, so they are neither sent nor signed. */
const params = (query: object): Record<string, string | number> =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Record<string, string | number>;

export const fetchAreaTree = (client: Pick<Client, 'get'>, extra: Extra = {}): Promise<AreaNode[]> =>
  client.get<AreaNode[]>('/api/device/area/tree', extra);

export const listDevices = (client: Pick<Client, 'get'>, query: DeviceListQuery, extra: Extra = {}): Promise<DevicePage> =>
  client.get<DevicePage>('/api/device/list', { params: params(query), ...extra });

export const fetchStatusChanges = (client: Pick<Client, 'get'>, query: DeviceStatusChangesQuery, extra: Extra = {}): Promise<DeviceStatusChanges> =>
  client.get<DeviceStatusChanges>('/api/device/status/changes', { params: params(query), ...extra });

export const createDevice = (client: Pick<Client, 'post'>, device: DeviceCreate): Promise<Device> => client.post<Device>('/api/device', device);

export const createDevices = (client: Pick<Client, 'post'>, batch: DeviceBatch): Promise<DeviceBatchResult> =>
  client.post<DeviceBatchResult>('/api/device/batch', batch);

export const listGateways = (client: Pick<Client, 'get'>, query: GatewayListQuery, extra: Extra = {}): Promise<GatewayPage> =>
  client.get<GatewayPage>('/api/gateway/list', { params: params(query), ...extra });

// ---- managing regions and devices (devmng/subsystem) ----

export const updateDevice = (client: Pick<Client, 'put'>, id: number, device: DeviceCreate): Promise<{ id: number }> => client.put(`/api/device/${id}`, device);
export const deleteDevices = (client: Pick<Client, 'post'>, ids: readonly number[]): Promise<{ deleted: number }> => client.post('/api/device/delete', { ids });
export const exportDevices = (client: Pick<Client, 'post'>, filters: DeviceExportQuery): Promise<unknown> => client.post('/api/device/export', filters);

export const createArea = (client: Pick<Client, 'post'>, body: AreaSave): Promise<AreaSaved> => client.post('/api/device/area', body);
export const updateArea = (client: Pick<Client, 'put'>, guid: string, body: AreaSave): Promise<AreaSaved> => client.put(`/api/device/area/${guid}`, body);
export const deleteArea = (client: Pick<Client, 'delete'>, guid: string): Promise<{ deleted: number }> => client.delete(`/api/device/area/${guid}`);

export const distributeGateway = (client: Pick<Client, 'post'>, id: number): Promise<{ id: number; distributedAt: number; devices: number; points: number }> => client.post(`/api/gateway/${id}/distribute`);

/** POST /api/device/import (multipart): an xlsx of devices, checked and stored as a background task. */
export function importDevices(client: Pick<Client, 'post'>, file: Blob, fileName: string, skipBad: boolean): Promise<unknown> {
  const form = new FormData();
  form.append('skipBad', String(skipBad));
  form.append('file', file, fileName);
  return client.post('/api/device/import', form);
}

/** A gateway's resource points (gateway-point-types.ts). */
export const listGatewayPoints = (client: Pick<Client, 'get'>, gatewayId: number, query: GatewayPointQuery, extra: RequestOptions = {}): Promise<{ total: number; rows: GatewayPoint[] }> =>
  client.get(`/api/gateway/${gatewayId}/points`, { params: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])), ...extra });
export const pointTargets = (client: Pick<Client, 'get'>, gatewayId: number): Promise<PointTarget[]> => client.get(`/api/gateway/${gatewayId}/point/targets`);
export const createGatewayPoint = (client: Pick<Client, 'post'>, gatewayId: number, body: GatewayPointSave): Promise<GatewayPoint> => client.post(`/api/gateway/${gatewayId}/point`, body);
export const updateGatewayPoint = (client: Pick<Client, 'put'>, id: number, body: GatewayPointSave): Promise<GatewayPoint> => client.put(`/api/gateway/point/${id}`, body);
export const deleteGatewayPoints = (client: Pick<Client, 'post'>, ids: readonly number[]): Promise<{ deleted: number }> => client.post('/api/gateway/point/delete', { ids });

/** Files devices in a device data group (null: none), all or none. */
export const fileDevices = (client: Pick<Client, 'post'>, body: DeviceGrouping): Promise<{ filed: number }> => client.post('/api/device/data-group', body);
