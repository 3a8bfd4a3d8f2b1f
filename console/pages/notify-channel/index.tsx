// Notification channels (baseManager notify/channel) on the resource kit: email, SMS or webhook, the
// alarm levels each carries, enabled or not; "Send a test" delivers now, "Deliveries" lists every
// attempt (a webhook's retries included). Below, the mailbox of the demo platform's own mail server
// shows what this tenant's email channels sent.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALARM_LEVELS } from '../../../shared/api/alarm-types.ts';
import { channelDeliveries, createChannel, deleteChannels, listChannels, mailbox, testChannel, updateChannel, type Channel, type Delivery, type Mail } from '../../../shared/api/notify.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { buttonGhost } from '../../../shared/theme/base.css.ts';
import { length, required, type MessageKey, type Rule } from '../../../shared/validate/index.ts';
import { Modal, ResourcePage, type FormValues, type ResourceDef, text } from '../../resource/index.ts';
import * as kit from '../../resource/resource.css.ts';
import './texts.ts';

const list = (v: unknown): string[] => text(v).split(/[,，\s]+/).filter(Boolean);
const templateRule: Rule = (value) => (typeof value !== 'string' || [...value.trim()].length <= 30 ? null : { key: 'notify.hint.template' as MessageKey });

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

export default function NotifyChannelPage() {
  const { t } = useTranslation();
  const [deliveries, setDeliveries] = useState<Channel | null>(null);
  const [mailVersion, setMailVersion] = useState(0);

  const def = useMemo((): ResourceDef<Channel> => {
    const is = (kind: Channel['kind']) => (v: FormValues) => text(v.kind) === kind;
    return {
      id: 'notify-channel',
      operation: 'notify.page',
      titleKey: 'notify.title',
      rowKey: (c) => c.id,
      rowName: (c) => c.name,
      columns: [
        { id: 'name', headerKey: 'notify.field.name', field: 'name' },
        { id: 'kind', headerKey: 'notify.field.kind', field: 'kind', cell: (c) => t(`notify.kind.${c.kind}`) },
        { id: 'target', headerKey: 'notify.field.target', field: ['kind', 'config'], cell: (c) => (c.kind === 'email' ? c.config.to?.join(', ') : c.kind === 'sms' ? c.config.phones?.join(', ') : c.config.url) },
        { id: 'levels', headerKey: 'notify.field.levels', field: 'levels', cell: (c) => c.levels.map((l) => t(`status.alarmLevel.${l}`)).join(', ') },
        { id: 'enabled', headerKey: 'notify.field.enabled', field: 'enabled', cell: (c) => (c.enabled ? '✓' : '') },
      ],
      filters: [{ kind: 'text', name: 'keyword', labelKey: 'notify.field.keyword' }],
      list: (q, signal) => listChannels(http, { page: q.page, limit: q.limit, ...(typeof q.filters.keyword === 'string' && q.filters.keyword.trim() ? { keyword: q.filters.keyword.trim() } : {}) }, signal),
      form: {
        fields: () => [
          { kind: 'text', name: 'name', labelKey: 'notify.field.name' },
          { kind: 'select', name: 'kind', labelKey: 'notify.field.kind', options: (['email', 'sms', 'webhook'] as const).map((k) => ({ value: k, label: t(`notify.kind.${k}`) })) },
          { kind: 'text', name: 'to', labelKey: 'notify.field.to', visible: is('email') },
          { kind: 'text', name: 'phones', labelKey: 'notify.field.phones', visible: is('sms') },
          { kind: 'text', name: 'template', labelKey: 'notify.field.template', visible: is('sms') },
          { kind: 'text', name: 'url', labelKey: 'notify.field.url', visible: is('webhook') },
          { kind: 'password', name: 'secret', labelKey: 'notify.field.secret', visible: is('webhook'), autoComplete: 'off' },
          { kind: 'select', name: 'levels', labelKey: 'notify.field.levels', multiple: true, options: ALARM_LEVELS.map((l) => ({ value: l, label: t(`status.alarmLevel.${l}`) })) },
          { kind: 'checkbox', name: 'enabled', labelKey: 'notify.field.enabled' },
        ],
        schema: () => ({ name: [required(), length(1, 30)], kind: [required()], template: [templateRule], secret: [length(0, 64)] }),
        hints: { to: () => t('notify.hint.list'), phones: () => t('notify.hint.list'), template: () => t('notify.hint.template'), secret: () => t('notify.hint.secret') },
        initial: (c) => ({
          name: c?.name ?? '',
          kind: c?.kind ?? 'email',
          to: c?.config.to?.join(', ') ?? '',
          phones: c?.config.phones?.join(', ') ?? '',
          template: c?.config.template ?? '[{level}] {content}',
          url: c?.config.url ?? '',
          secret: c?.config.secret ?? '',
          levels: c?.levels ?? ['critical'],
          enabled: c?.enabled ?? true,
        }),
        save: async (v, c) => {
          const kind = text(v.kind) as Channel['kind'];
          const config = kind === 'email' ? { to: list(v.to) } : kind === 'sms' ? { phones: list(v.phones), template: text(v.template) } : { url: text(v.url), secret: typeof v.secret === 'string' ? v.secret : '' };
          const body = { name: text(v.name), kind, config, levels: (Array.isArray(v.levels) ? v.levels : []) as Channel['levels'], enabled: v.enabled === true };
          await (c ? updateChannel(http, c.id, body) : createChannel(http, body));
        },
      },
      remove: (rows) => deleteChannels(http, rows.map((c) => c.id)),
      rowActions: [
        {
          key: 'test',
          labelKey: 'notify.test',
          run: async (c) => {
            const { delivered } = await testChannel(http, c.id);
            notify({ kind: 'toast', level: delivered ? 'success' : 'error', duration: 3000, key: delivered ? 'notify.tested' : 'notify.testFailed' });
            setMailVersion((n) => n + 1);
          },
        },
        { key: 'deliveries', labelKey: 'notify.deliveries', run: (c) => setDeliveries(c) },
      ],
    };
  }, [t]);

  return (
    <div data-page="notify-channel">
      <ResourcePage def={def} />
      <Mailbox version={mailVersion} />
      {deliveries ? <Deliveries channel={deliveries} onClose={() => setDeliveries(null)} /> : null}
    </div>
  );
}
