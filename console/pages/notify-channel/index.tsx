// Notification channels (baseManager notify/channel) on the resource kit: email, SMS or webhook, the
// alarm levels each carries, enabled or not; "Send a test" delivers now, "Deliveries" lists every
// attempt (a webhook's retries included). Below, the mailbox of the demo platform's own mail server
// shows what this tenant's email channels sent.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALARM_LEVELS } from '../../../shared/api/alarm-types.ts';
import { channelDeliveries, createChannel, deleteChannels, listChannels, mailbox, testChannel, updateChannel, type Channel, type ChannelSave, type Delivery, type Mail } from '../../../shared/api/notify.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { buttonGhost } from '../../../shared/theme/base.css.ts';
import { notifyChannelSchema } from '../../../shared/validate/notify.ts';
import { defineResource, Modal, ResourcePage, type FormValues, text } from '../../resource/index.ts';
import * as kit from '../../resource/resource.css.ts';
import './texts.ts';

const list = (v: unknown): string[] => text(v).split(/[,，\s]+/).filter(Boolean);

function Deliveries({ channel, onClose }: { channel: Channel; onClose: () => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Delivery[] | null>(null);
  useEffect(() => {
    channelDeliveries(http, channel.id).then(setRows, () => setRows([]));
  }, [channel.id]);
  return (
    <Modal title={t('notify.deliveriesTitle', { name: channel.name })} onClose={onClose} wide testId="notify-deliveries">
      {rows && rows.length === 0 ? <p className={kit.muted}>{t('notify.none')}</p> : null}
      <ul data-part="deliveries">
        {(rows ?? []).map((d, i) => (
          <li key={i} data-ok={d.ok}>
            {d.at} · {t('notify.attempt', { n: d.attempt })} · {t(d.ok ? 'notify.ok' : 'notify.failed')} · {d.subject} · {d.detail}
          </li>
        ))}
      </ul>
      <div className={kit.actions}>
        <button type="button" className={buttonGhost} onClick={onClose}>
          {t('notify.close')}
        </button>
      </div>
    </Modal>
  );
}

function Mailbox({ version }: { version: number }) {
  const { t } = useTranslation();
  const [mails, setMails] = useState<Mail[]>([]);
  const load = useCallback((signal?: AbortSignal) => mailbox(http, signal).then(setMails, () => undefined), []);
  useEffect(() => {
    const abort = new AbortController();
    void load(abort.signal);
    return () => abort.abort();
  }, [load, version]);
  return (
    <section aria-label={t('notify.mailbox')} data-part="mailbox">
      <div className={kit.toolbar}>
        <h3 className={kit.dialogTitle}>{t('notify.mailbox')}</h3>
        <span className={kit.muted}>{t('notify.mailboxHint')}</span>
        <span className={kit.spacer} />
        <button type="button" className={buttonGhost} onClick={() => void load()} data-action="refresh-mailbox">
          {t('notify.refresh')}
        </button>
      </div>
      {mails.length === 0 ? <p className={kit.muted}>{t('notify.none')}</p> : null}
      <ul>
        {mails.map((m) => (
          <li key={m.id} data-mail={m.id}>
            <strong data-part="subject">{m.subject}</strong> · {m.to} · {m.receivedAt}
            <div className={kit.muted} data-part="body">
              {m.body}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

const is = (kind: Channel['kind']) => (v: FormValues) => text(v.kind) === kind;

/** What the channel list's row actions reach on the page: the test mailbox and the deliveries dialog. */
interface NotifyChannelPage {
  mailChanged: () => void;
  setDeliveries: (channel: Channel) => void;
}

export const notifyChannelResource = defineResource<Channel, NotifyChannelPage>({
  id: 'notify-channel',
  operation: 'notify.page',
  titleKey: 'notify.title',
  rowKey: (c) => c.id,
  rowName: (c) => c.name,
  columns: [
    { id: 'name', headerKey: 'notify.field.name', field: 'name' },
    { id: 'kind', headerKey: 'notify.field.kind', field: 'kind', cell: (c, { t }) => t(`notify.kind.${c.kind}`) },
    { id: 'target', headerKey: 'notify.field.target', field: ['kind', 'config'], cell: (c) => (c.kind === 'email' ? c.config.to?.join(', ') : c.kind === 'sms' ? c.config.phones?.join(', ') : c.config.url) },
    { id: 'levels', headerKey: 'notify.field.levels', field: 'levels', cell: (c, { t }) => c.levels.map((l) => t(`status.alarmLevel.${l}`)).join(', ') },
    { id: 'enabled', headerKey: 'notify.field.enabled', field: 'enabled', cell: (c) => (c.enabled ? '✓' : '') },
  ],
  filters: [{ kind: 'text', name: 'keyword', labelKey: 'notify.field.keyword' }],
  list: (q, signal) => listChannels(http, { page: q.page, limit: q.limit, ...(typeof q.filters.keyword === 'string' && q.filters.keyword.trim() ? { keyword: q.filters.keyword.trim() } : {}) }, signal),
  form: {
    saves: { create: 'notify.create', update: 'notify.update', at: { to: 'config.to', phones: 'config.phones', template: 'config.template', url: 'config.url', secret: 'config.secret' } },
    fields: () => [
      { kind: 'text', name: 'name', labelKey: 'notify.field.name', rules: notifyChannelSchema.name, initial: (c) => c?.name ?? '' },
      { kind: 'select', name: 'kind', labelKey: 'notify.field.kind', options: (['email', 'sms', 'webhook'] as const).map((k) => ({ value: k, labelKey: `notify.kind.${k}` })), rules: notifyChannelSchema.kind, initial: (c) => c?.kind ?? 'email' },
      { kind: 'text', name: 'to', labelKey: 'notify.field.to', visible: is('email'), initial: (c) => c?.config.to?.join(', ') ?? '' },
      { kind: 'text', name: 'phones', labelKey: 'notify.field.phones', visible: is('sms'), initial: (c) => c?.config.phones?.join(', ') ?? '' },
      { kind: 'text', name: 'template', labelKey: 'notify.field.template', visible: is('sms'), rules: notifyChannelSchema.template, initial: (c) => c?.config.template ?? '[{level}] {content}' },
      { kind: 'text', name: 'url', labelKey: 'notify.field.url', visible: is('webhook'), initial: (c) => c?.config.url ?? '' },
      { kind: 'password', name: 'secret', labelKey: 'notify.field.secret', visible: is('webhook'), autoComplete: 'off', rules: notifyChannelSchema.secret, initial: (c) => c?.config.secret ?? '' },
      { kind: 'select', name: 'levels', labelKey: 'notify.field.levels', multiple: true, options: ALARM_LEVELS.map((l) => ({ value: l, labelKey: `status.alarmLevel.${l}` })), initial: (c) => c?.levels ?? ['critical'] },
      { kind: 'checkbox', name: 'enabled', labelKey: 'notify.field.enabled', initial: (c) => c?.enabled ?? true },
    ],
    hints: { to: (_, { t }) => t('notify.hint.list'), phones: (_, { t }) => t('notify.hint.list'), template: (_, { t }) => t('notify.hint.template'), secret: (_, { t }) => t('notify.hint.secret') },
    // The body's config is the chosen kind's own fields.
    save: async ({ to, phones, template, url, secret, ...rest }, c) => {
      const kind = rest.kind as Channel['kind'];
      const config = kind === 'email' ? { to: list(to) } : kind === 'sms' ? { phones: list(phones), template } : { url, secret };
      const body = { ...rest, config } as ChannelSave;
      await (c ? updateChannel(http, c.id, body) : createChannel(http, body));
    },
  },
  remove: (rows) => deleteChannels(http, rows.map((c) => c.id)),
  rowActions: [
    {
      key: 'test',
      labelKey: 'notify.test',
      run: async (c, _reload, { page }) => {
        const { delivered } = await testChannel(http, c.id);
        notify({ kind: 'toast', level: delivered ? 'success' : 'error', duration: 3000, key: delivered ? 'notify.tested' : 'notify.testFailed' });
        page.mailChanged();
      },
    },
    { key: 'deliveries', labelKey: 'notify.deliveries', run: (c, _reload, { page }) => page.setDeliveries(c) },
  ],
});

export default function NotifyChannelPage() {
  const [deliveries, setDeliveries] = useState<Channel | null>(null);
  const [mailVersion, setMailVersion] = useState(0);

  const def = notifyChannelResource;

  return (
    <div data-page="notify-channel">
      <ResourcePage def={def} page={{ mailChanged: () => setMailVersion((n) => n + 1), setDeliveries }} />
      <Mailbox version={mailVersion} />
      {deliveries ? <Deliveries channel={deliveries} onClose={() => setDeliveries(null)} /> : null}
    </div>
  );
}
