// Alarm calls (SPEC §7 "Alarm"). Pure fetchers over the narrowest client.
import type { Client, RequestOptions } from '../http/client.ts';
import type {
  AlarmAction,
  AlarmChanged,
  AlarmConfirm,
  AlarmEventType,
  AlarmEventTypePage,
  AlarmEventTypeQuery,
  AlarmEventTypeSave,
  AlarmHandle,
  AlarmHandleAll,
  AlarmHandleAllResult,
  AlarmPage,
  AlarmQuery,
  AlarmTotal,
  AlarmsByDay,
  AlarmStatQuery,
  AlarmLevelTotal,
  AlarmNodeTotal,
  AlarmMachineTotal,
  AlarmRule,
  AlarmRulePage,
  AlarmRuleSave,
} from './alarm-types.ts';

/** The bell's count. Quiet: a background poll must not toast every 5 s when the server is away. */
export const fetchAlarmTotal = (client: Pick<Client, 'get'>, signal?: AbortSignal): Promise<AlarmTotal> =>
  client.get<AlarmTotal>('/api/alarm/total/tenant', { quiet: true, ...(signal ? { signal } : {}) });

export const listAlarms = (client: Pick<Client, 'get'>, query: AlarmQuery, options: RequestOptions = {}): Promise<AlarmPage> =>
  client.get<AlarmPage>('/api/alarm', { ...options, params: { ...query } });

export const handleAlarms = (client: Pick<Client, 'post'>, body: AlarmHandle): Promise<AlarmChanged> =>
  client.post<AlarmChanged>('/api/alarm/handle', body);

export const handleAllAlarms = (client: Pick<Client, 'post'>, body: AlarmHandleAll = {}): Promise<AlarmHandleAllResult> =>
  client.post<AlarmHandleAllResult>('/api/alarm/handle/all', body);

/** History: every alarm of the window, closed ones included (the current list leaves closed ones out). */
export const listAlarmHistory = (client: Pick<Client, 'get'>, query: AlarmQuery, options: RequestOptions = {}): Promise<AlarmPage> =>
  client.get<AlarmPage>('/api/alarm/his', { ...options, params: { ...query } });

export const alarmActions = (client: Pick<Client, 'get'>, id: number): Promise<AlarmAction[]> => client.get<AlarmAction[]>(`/api/alarm/${id}/actions`);

export const listEventTypes = (client: Pick<Client, 'post'>, query: AlarmEventTypeQuery, signal?: AbortSignal): Promise<AlarmEventTypePage> =>
  client.post<AlarmEventTypePage>('/api/alarm/event-type/page', query, signal ? { signal } : {});

export const createEventType = (client: Pick<Client, 'post'>, body: AlarmEventTypeSave): Promise<AlarmEventType> =>
  client.post<AlarmEventType>('/api/alarm/event-type', body);

export const updateEventType = (client: Pick<Client, 'put'>, id: number, body: AlarmEventTypeSave): Promise<AlarmEventType> =>
  client.put<AlarmEventType>(`/api/alarm/event-type/${id}`, body);

export const deleteEventTypes = (client: Pick<Client, 'post'>, ids: readonly number[]): Promise<{ deleted: number }> =>
  client.post<{ deleted: number }>('/api/alarm/event-type/delete', { ids });

export const confirmAlarms = (client: Pick<Client, 'post'>, body: AlarmConfirm): Promise<AlarmChanged> =>
  client.post<AlarmChanged>('/api/alarm/confirm', body);

// ---- statistics ----

export const alarmsByDay = (client: Pick<Client, 'get'>, days: number, options: RequestOptions = {}): Promise<AlarmsByDay> =>
  client.get<AlarmsByDay>('/api/alarm/total/by/day', { ...options, params: { days } });

export const alarmsByLevel = (client: Pick<Client, 'post'>, query: AlarmStatQuery, options: RequestOptions = {}): Promise<AlarmLevelTotal[]> =>
  client.post<AlarmLevelTotal[]>('/api/alarm/total/by/level', query, options);

export const alarmsByNode = (client: Pick<Client, 'post'>, query: AlarmStatQuery, options: RequestOptions = {}): Promise<AlarmNodeTotal[]> =>
  client.post<AlarmNodeTotal[]>('/api/alarm/total/node', query, options);

export const alarmsByMachine = (client: Pick<Client, 'post'>, query: AlarmStatQuery, options: RequestOptions = {}): Promise<AlarmMachineTotal[]> =>
  client.post<AlarmMachineTotal[]>('/api/alarm/total/machine', query, options);

// ---- rules (alarm/config) ----

export const listAlarmRules = (client: Pick<Client, 'post'>, query: { page: number; limit: number; modelId?: number }, signal?: AbortSignal): Promise<AlarmRulePage> =>
  client.post<AlarmRulePage>('/api/alarm/rule/page', query, signal ? { signal } : {});
export const createAlarmRule = (client: Pick<Client, 'post'>, body: AlarmRuleSave): Promise<AlarmRule> => client.post<AlarmRule>('/api/alarm/rule', body);
export const updateAlarmRule = (client: Pick<Client, 'put'>, id: number, body: AlarmRuleSave): Promise<AlarmRule> => client.put<AlarmRule>(`/api/alarm/rule/${id}`, body);
export const deleteAlarmRules = (client: Pick<Client, 'post'>, ids: readonly number[]): Promise<{ deleted: number }> => client.post('/api/alarm/rule/delete', { ids });
