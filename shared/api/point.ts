// Point value calls; shapes in point-types.ts.
import type { Client, RequestOptions } from '../http/client.ts';
import type { ControlWrite, DeviceReadings, HistoryAnswer, HistoryQuery, PointValue } from './point-types.ts';

export const devicePoints = (client: Pick<Client, 'get'>, deviceId: number, options: RequestOptions = {}): Promise<PointValue[]> => client.get<PointValue[]>(`/api/device/${deviceId}/points`, options);
export const deviceReadings = (client: Pick<Client, 'post'>, ids: readonly number[], options: RequestOptions = {}): Promise<DeviceReadings[]> => client.post<DeviceReadings[]>('/api/device/readings', { ids }, options);
export const writePoint = (client: Pick<Client, 'post'>, deviceId: number, body: ControlWrite): Promise<{ code: string; value: number; written: number }> => client.post(`/api/device/${deviceId}/control`, body);
export const pointHistory = (client: Pick<Client, 'post'>, query: HistoryQuery, options: RequestOptions = {}): Promise<HistoryAnswer> => client.post<HistoryAnswer>('/api/device/history', query, options);
export const exportHistory = (client: Pick<Client, 'post'>, query: HistoryQuery): Promise<unknown> => client.post('/api/device/history/export', query);
