// Monitor calls (clusterMonitorMng). Pure fetchers; quiet, because they poll.
import type { Client } from '../http/client.ts';
import type { ClusterAnswer, MqAnswer } from './monitor-types.ts';

export const fetchCluster = (c: Pick<Client, 'get'>, since: number, signal?: AbortSignal) =>
  c.get<ClusterAnswer>('/api/monitor/cluster', { quiet: true, params: { since: String(since) }, ...(signal ? { signal } : {}) });
export const fetchQueue = (c: Pick<Client, 'get'>, signal?: AbortSignal) => c.get<MqAnswer>('/api/monitor/mq', { quiet: true, ...(signal ? { signal } : {}) });
export const setConsumerPaused = (c: Pick<Client, 'post'>, topic: string, consumer: string, paused: boolean) => c.post<unknown>('/api/monitor/mq/consumer', { topic, consumer, paused });
