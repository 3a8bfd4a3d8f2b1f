// Operation log calls (MonitorOPS ops/gate_log). Pure fetchers over the narrowest client they need.
import type { PageQuery } from './resource.ts';
import type { Client } from '../http/client.ts';
import type { ClientErrorPage } from './client-error-types.ts';
import type { OpLogPage, OpLogQuery, OpLogVerify } from './op-log-types.ts';
import type { ProgressKey } from './progress-types.ts';

export const listOpLogs = (client: Pick<Client, 'post'>, query: OpLogQuery, signal?: AbortSignal): Promise<OpLogPage> =>
  client.post<OpLogPage>('/api/ops/gate_log/page', query, signal ? { signal } : {});

export const exportOpLogs = (client: Pick<Client, 'post'>, query: Omit<OpLogQuery, 'page' | 'limit'>): Promise<ProgressKey> =>
  client.post<ProgressKey>('/api/ops/gate_log/export', query);

export const verifyOpLogs = (client: Pick<Client, 'get'>): Promise<OpLogVerify> =>
  client.get('/api/ops/gate_log/verify');

/** SPEC §8's error log: the console's unhandled errors of this tenant, newest first. */
export const listClientErrors = (client: Pick<Client, 'post'>, query: PageQuery, signal?: AbortSignal): Promise<ClientErrorPage> =>
  client.post<ClientErrorPage>('/api/ops/client-error/page', query, signal ? { signal } : {});
