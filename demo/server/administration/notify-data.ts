// The notification channels' data (issue 39): a tenant's channels, their delivery records and the
// mails its channels sent, through its tenant data; the embedded mail server files each mail it
// receives under the tenant the mail names, on the platform's database (platformData in notify.ts).
import type { AlarmLevel } from '../../../shared/api/alarm-types.ts';
import type { Channel, Delivery, Mail } from '../../../shared/api/notify.ts';
import type { Db } from '../db.ts';
import { deleteTenantRows, offsetOf, tenantNameKeyword, type PageQuery } from '../resource.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

/** A channel as the API answers it (notify_channel c). */
const CHANNEL = shape<Channel>({
  id: col.value('c.id'),
  name: col.value('c.name'),
  kind: col.value('c.kind'),
  config: col.json('c.config'),
  levels: col.list('c.levels'),
  enabled: col.flag('c.enabled'),
});

const MAIL = shape<Mail>({ id: col.value('id'), receivedAt: col.time('received_at'), from: col.value('mail_from'), to: col.value('rcpt_to'), subject: col.value('subject'), body: col.value('body') });
const DELIVERY = shape<Delivery>({ at: col.time('at'), attempt: col.value('attempt'), ok: col.flag('ok'), subject: col.value('subject'), detail: col.value('detail') });

/** A mail the embedded server received, filed under the tenant it names (null: none). */
export interface ReceivedMail {
  tenant: number | null;
  receivedAt: number;
  from: string;
  to: string;
  subject: string;
  body: string;
}

/** Files a received mail in the mailbox. */
export const fileMail = (db: Db, m: ReceivedMail): void =>
  void db.prepare('INSERT INTO mailbox (tenant_id, received_at, mail_from, rcpt_to, subject, body) VALUES (?, ?, ?, ?, ?, ?)').run(m.tenant, m.receivedAt, m.from, m.to, m.subject, m.body);

/** The tenant's mailbox: the last 100 mails its channels sent, newest first. */
export const mailbox = (td: TenantData): Mail[] => MAIL.all(td.all(`SELECT ${MAIL.select} FROM mailbox WHERE tenant_id = $tenant ORDER BY id DESC LIMIT 100`));

/** Records one delivery attempt of a channel of the tenant. */
export const recordDelivery = (td: TenantData, channelId: number, attempt: number, okay: boolean, subject: string, detail: string): void =>
  void td.run('INSERT INTO notify_delivery (tenant_id, channel_id, at, attempt, ok, subject, detail) VALUES ($tenant, ?, ?, ?, ?, ?, ?)', channelId, Date.now(), attempt, okay ? 1 : 0, subject.slice(0, 300), detail.slice(0, 500));

/** A channel's last 100 delivery attempts, newest first. */
export const channelDeliveries = (td: TenantData, channelId: number): Delivery[] =>
  DELIVERY.all(td.all(`SELECT ${DELIVERY.select} FROM notify_delivery WHERE channel_id = ? AND tenant_id = $tenant ORDER BY id DESC LIMIT 100`, channelId));

/** The tenant's enabled channels that carry this alarm level. */
export const channelsForLevel = (td: TenantData, level: AlarmLevel): Channel[] =>
  CHANNEL.all(td.all(`SELECT ${CHANNEL.select} FROM notify_channel c WHERE c.tenant_id = $tenant AND c.enabled = 1 AND (',' || c.levels || ',') LIKE ?`, `%,${level},%`));

/** One of the tenant's channels, or undefined. */
export function findChannel(td: TenantData, id: number): Channel | undefined {
  const row = td.get(`SELECT ${CHANNEL.select} FROM notify_channel c WHERE c.tenant_id = $tenant AND c.id = ?`, id);
  return row && CHANNEL.read(row);
}

/** A page of the tenant's channels by name, whose name holds `keyword` (when given). */
export function listChannels(td: TenantData, keyword: string | undefined, paging: PageQuery): { rows: Channel[]; total: number } {
  const { where, args } = tenantNameKeyword(keyword);
  const total = td.get<{ n: number }>(`SELECT COUNT(*) AS n FROM notify_channel WHERE ${where}`, ...args)!.n;
  const rows = td.all(`SELECT ${CHANNEL.select} FROM notify_channel c WHERE ${where} ORDER BY c.name LIMIT ? OFFSET ?`, ...args, paging.limit, offsetOf(paging));
  return { rows: CHANNEL.all(rows), total };
}

/** Whether another of the tenant's channels than `exceptId` (null: any) has this name. */
export function channelNameTaken(td: TenantData, name: string, exceptId: number | null): boolean {
  const taken = td.get<{ id: number }>('SELECT id FROM notify_channel WHERE tenant_id = $tenant AND name = ?', name);
  return !!taken && taken.id !== exceptId;
}

/** A channel as stored: its configuration as JSON text, its levels joined by commas, enabled as 0/1. */
export interface ChannelWrite {
  name: string;
  kind: Channel['kind'];
  config: string;
  levels: string;
  enabled: 0 | 1;
}

/** Adds a channel of the tenant; answers its id. */
export const insertChannel = (td: TenantData, c: ChannelWrite): number =>
  Number(td.run('INSERT INTO notify_channel (name, kind, config, levels, enabled, tenant_id) VALUES (?, ?, ?, ?, ?, $tenant)', c.name, c.kind, c.config, c.levels, c.enabled).lastInsertRowid);

/** Changes one of the tenant's channels. */
export const updateChannel = (td: TenantData, id: number, c: ChannelWrite): void =>
  void td.run('UPDATE notify_channel SET name = ?, kind = ?, config = ?, levels = ?, enabled = ? WHERE id = ? AND tenant_id = $tenant', c.name, c.kind, c.config, c.levels, c.enabled, id);

/** Deletes the tenant's channels by id, all or none: null when any id is not the tenant's, else how many went. */
export const deleteChannels = (td: TenantData, ids: readonly number[]): number | null => deleteTenantRows(td, 'notify_channel', ids);
