// Alarm calls (SPEC §7 "Alarm"). Pure fetchers over the narrowest client.
import type { Client, RequestOptions } from '../http/client.ts';
import type { AlarmChanged, AlarmConfirm, AlarmHandle, AlarmHandleAll, AlarmPage, AlarmQuery, AlarmTotal } from './alarm-types.ts';

/** The bell's count. Quiet: a background poll must not toast every 5 s when the server is away. */
export const fetchAlarmTotal = (client: Pick<Client, 'get'>, signal?: AbortSignal): Promise<AlarmTotal> =>
  client.get<AlarmTotal>('/api/alarm/total/tenant', { quiet: true, ...(signal ? { signal } : {}) });

export const listAlarms = (client: Pick<Client, 'get'>, query: AlarmQuery, options: RequestOptions = {}): Promise<AlarmPage> =>
  client.get<AlarmPage>('/api/alarm', { ...options, params: { ...query } });

export const handleAlarms = (client: Pick<Client, 'post'>, body: AlarmHandle): Promise<AlarmChanged> =>
  client.post<AlarmChanged>('/api/alarm/handle', body);

export const handleAllAlarms = (client: Pick<Client, 'post'>, body: AlarmHandleAll = {}): Promise<AlarmChanged> =>
  client.post<AlarmChanged>('/api/alarm/handle/all', body);

export const confirmAlarms = (client: Pick<Client, 'post'>, body: AlarmConfirm): Promise<AlarmChanged> =>
  client.post<AlarmChanged>('/api/alarm/confirm', body);
