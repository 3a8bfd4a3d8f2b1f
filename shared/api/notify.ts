// Notification channel calls (baseManager notify/channel). Pure fetchers.
import type { Page, PageQueryOf } from './resource.ts';
import type { Client, RequestOptions } from '../http/client.ts';
import type { Static } from 'typebox';
import type * as C from '../contract/notify.ts';

export const CHANNEL_KINDS = ['email', 'sms', 'webhook'] as const;

// The shapes come from their declarations (shared/contract/notify.ts), types only.
export type Channel = Static<typeof C.Channel>;
export type ChannelSave = Static<typeof C.ChannelSave>;
export type Delivery = Static<typeof C.Delivery>;
export type Mail = Static<typeof C.Mail>;

const signalOf = (signal?: AbortSignal): RequestOptions => (signal ? { signal } : {});
export const listChannels = (c: Pick<Client, 'post'>, q: PageQueryOf<{ keyword?: string }>, signal?: AbortSignal) => c.post<Page<Channel>>('/api/notify/channel/page', q, signalOf(signal));
export const createChannel = (c: Pick<Client, 'post'>, body: ChannelSave) => c.post<Channel>('/api/notify/channel', body);
export const updateChannel = (c: Pick<Client, 'put'>, id: number, body: ChannelSave) => c.put<Channel>(`/api/notify/channel/${id}`, body);
export const deleteChannels = (c: Pick<Client, 'post'>, ids: readonly number[]) => c.post<{ deleted: number }>('/api/notify/channel/delete', { ids });
export const testChannel = (c: Pick<Client, 'post'>, id: number) => c.post<{ delivered: boolean }>(`/api/notify/channel/${id}/test`, {}, { timeout: 60_000 });
export const channelDeliveries = (c: Pick<Client, 'get'>, id: number) => c.get<Delivery[]>(`/api/notify/channel/${id}/deliveries`);
export const mailbox = (c: Pick<Client, 'get'>, signal?: AbortSignal) => c.get<Mail[]>('/api/notify/mailbox', signalOf(signal));
