// Notification channel calls (baseManager notify/channel). Pure fetchers.
import type { Client, RequestOptions } from '../http/client.ts';
import type { AlarmLevel } from './alarm-types.ts';

export interface Channel {
  id: number;
  name: string;
  kind: 'email' | 'sms' | 'webhook';
  config: { to?: string[]; phones?: string[]; template?: string; url?: string; secret?: string };
  levels: AlarmLevel[];
  enabled: boolean;
}
export type ChannelSave = Omit<Channel, 'id'>;
export interface Delivery {
  at: string;
  attempt: number;
  ok: boolean;
  subject: string;
  detail: string;
}
export interface Mail {
  id: number;
  receivedAt: string;
  from: string;
  to: string;
  subject: string;
  body: string;
}

const signalOf = (signal?: AbortSignal): RequestOptions => (signal ? { signal } : {});
export const listChannels = (c: Pick<Client, 'post'>, q: { page: number; limit: number; keyword?: string }, signal?: AbortSignal) => c.post<{ rows: Channel[]; total: number }>('/api/notify/channel/page', q, signalOf(signal));
export const createChannel = (c: Pick<Client, 'post'>, body: ChannelSave) => c.post<Channel>('/api/notify/channel', body);
export const updateChannel = (c: Pick<Client, 'put'>, id: number, body: ChannelSave) => c.put<Channel>(`/api/notify/channel/${id}`, body);
export const deleteChannels = (c: Pick<Client, 'post'>, ids: readonly number[]) => c.post<{ deleted: number }>('/api/notify/channel/delete', { ids });
export const testChannel = (c: Pick<Client, 'post'>, id: number) => c.post<{ delivered: boolean }>(`/api/notify/channel/${id}/test`, {}, { timeout: 60_000 });
export const channelDeliveries = (c: Pick<Client, 'get'>, id: number) => c.get<Delivery[]>(`/api/notify/channel/${id}/deliveries`);
export const mailbox = (c: Pick<Client, 'get'>, signal?: AbortSignal) => c.get<Mail[]>('/api/notify/mailbox', signalOf(signal));
