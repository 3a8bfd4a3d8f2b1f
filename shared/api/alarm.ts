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
  AlarmAreaNode,
  AlarmListQuery,
  AlarmMachineRow,
  AlarmNodeRow,
  AlarmMachineStat,
  AlarmScopeQuery,
  AlarmResourceTotal,
  AlarmAreaGatewayNode,
  AlarmAreaByPoint,
  AlarmAreaByType,
  AlarmAreaByModel,
  AlarmMachineByLevel,
  AlarmMachineByPoint,
  AlarmMachineByType,
  AlarmApplyLogQuery,
  AlarmApplyLog,
  AlarmRule,
  AlarmRulePage,
  AlarmRuleQuery,
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

/** The area tree from an area (0: the top) with alarm counts per level: open alarms, or every alarm of the window. */
export const alarmAreaTree = (client: Pick<Client, 'get'>, areaGuid: string, open: boolean, days?: number, options: RequestOptions = {}): Promise<AlarmAreaNode[]> => {
  const request = { ...options, ...(days ? { params: { days } } : {}) };
  return open ? client.get<AlarmAreaNode[]>(`/api/alarm/area/by/level/status/${areaGuid}/tree`, request) : client.get<AlarmAreaNode[]>(`/api/alarm/area/by/level/hisStatus/${areaGuid}/tree`, request);
};

// ---- breakdowns (shared/contract/alarm-breakdown.ts); `open`: the alarms not yet handled, else every alarm of the window ----

export const alarmsListByMachine = (client: Pick<Client, 'get'>, query: AlarmListQuery, options: RequestOptions = {}): Promise<AlarmMachineRow[]> =>
  client.get<AlarmMachineRow[]>('/api/alarm/list/machine', { ...options, params: { ...query } });

export const alarmsListByNode = (client: Pick<Client, 'get'>, query: AlarmListQuery, options: RequestOptions = {}): Promise<AlarmNodeRow[]> =>
  client.get<AlarmNodeRow[]>('/api/alarm/list/node', { ...options, params: { ...query } });

export const alarmMachineStat = (client: Pick<Client, 'get'>, deviceId: number, query: { modelId?: number; days?: number } = {}, options: RequestOptions = {}): Promise<AlarmMachineStat> =>
  client.get<AlarmMachineStat>(`/api/alarm/stat/machine/${deviceId}`, { ...options, params: { ...query } });

export const alarmsByResource = (client: Pick<Client, 'post'>, query: AlarmScopeQuery, options: RequestOptions = {}): Promise<AlarmResourceTotal[]> =>
  client.post<AlarmResourceTotal[]>('/api/alarm/stat/resource', query, options);

/** The area tree from an area (0: the top) with each area's gateways and their devices' alarms. */
export const alarmGatewayTree = (client: Pick<Client, 'get'>, areaGuid: string, open: boolean, days?: number, options: RequestOptions = {}): Promise<AlarmAreaGatewayNode[]> => {
  const request = { ...options, ...(days ? { params: { days } } : {}) };
  return open ? client.get<AlarmAreaGatewayNode[]>(`/api/alarm/area/by/level/status/${areaGuid}/tree/gw`, request) : client.get<AlarmAreaGatewayNode[]>(`/api/alarm/area/by/level/hisStatus/${areaGuid}/tree/gw`, request);
};

/** The areas under one (0: the top areas), each with its top resource points. */
export const alarmAreasByPoint = (client: Pick<Client, 'get'>, areaGuid: string, open: boolean, days?: number, options: RequestOptions = {}): Promise<AlarmAreaByPoint[]> => {
  const request = { ...options, ...(days ? { params: { days } } : {}) };
  return open ? client.get<AlarmAreaByPoint[]>(`/api/alarm/area/by/top/resource/status/${areaGuid}`, request) : client.get<AlarmAreaByPoint[]>(`/api/alarm/area/by/top/resource/hisStatus/${areaGuid}`, request);
};

/** The areas under one (0: the top areas), each with its alarms per event type. */
export const alarmAreasByType = (client: Pick<Client, 'get'>, areaGuid: string, open: boolean, days?: number, options: RequestOptions = {}): Promise<AlarmAreaByType[]> => {
  const request = { ...options, ...(days ? { params: { days } } : {}) };
  return open ? client.get<AlarmAreaByType[]>(`/api/alarm/area/by/type/status/${areaGuid}`, request) : client.get<AlarmAreaByType[]>(`/api/alarm/area/by/type/hisStatus/${areaGuid}`, request);
};

/** The areas under areaGuid (default: the top areas), each with its alarms per product model (modelId 0: every model). */
export const alarmAreasByModel = (client: Pick<Client, 'get'>, modelId: number, open: boolean, query: { areaGuid?: string; days?: number } = {}, options: RequestOptions = {}): Promise<AlarmAreaByModel[]> => {
  const request = { ...options, params: { ...query } };
  return open ? client.get<AlarmAreaByModel[]>(`/api/alarm/area/by/product/model/status/${modelId}`, request) : client.get<AlarmAreaByModel[]>(`/api/alarm/area/by/product/model/hisStatus/${modelId}`, request);
};

export const alarmMachinesByLevel = (client: Pick<Client, 'post'>, query: AlarmScopeQuery, options: RequestOptions = {}): Promise<AlarmMachineByLevel[]> =>
  client.post<AlarmMachineByLevel[]>('/api/alarm/machine/by/level/status', query, options);

export const alarmMachinesByPoint = (client: Pick<Client, 'post'>, query: AlarmScopeQuery, options: RequestOptions = {}): Promise<AlarmMachineByPoint[]> =>
  client.post<AlarmMachineByPoint[]>('/api/alarm/machine/by/top/resource/status', query, options);

export const alarmMachinesByType = (client: Pick<Client, 'post'>, query: AlarmScopeQuery, options: RequestOptions = {}): Promise<AlarmMachineByType[]> =>
  client.post<AlarmMachineByType[]>('/api/alarm/machine/by/type/status', query, options);

/** A device's alarm action log, newest first, paged. */
export const alarmApplyLog = (client: Pick<Client, 'post'>, query: AlarmApplyLogQuery, options: RequestOptions = {}): Promise<AlarmApplyLog> =>
  client.post<AlarmApplyLog>('/api/pmis/builddevicedetail/applyLog', query, options);

// ---- rules (alarm/config) ----

export const listAlarmRules = (client: Pick<Client, 'post'>, query: AlarmRuleQuery, signal?: AbortSignal): Promise<AlarmRulePage> =>
  client.post<AlarmRulePage>('/api/alarm/rule/page', query, signal ? { signal } : {});
export const createAlarmRule = (client: Pick<Client, 'post'>, body: AlarmRuleSave): Promise<AlarmRule> => client.post<AlarmRule>('/api/alarm/rule', body);
export const updateAlarmRule = (client: Pick<Client, 'put'>, id: number, body: AlarmRuleSave): Promise<AlarmRule> => client.put<AlarmRule>(`/api/alarm/rule/${id}`, body);
export const deleteAlarmRules = (client: Pick<Client, 'post'>, ids: readonly number[]): Promise<{ deleted: number }> => client.post('/api/alarm/rule/delete', { ids });
