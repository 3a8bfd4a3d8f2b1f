// Portal clients (issue 41), a section of the OAuth clients page: a portal's backend exchanges a
// client id and secret for a named user's token (POST /jwt/portal/token, docs/embedding.md). The tenant
// admin registers one (the secret is shown once), sees when it was last used, and revokes it (every
// token it issued ends).
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createPortalClient, listPortalClients, revokePortalClient, type PortalClient, type PortalClientCreated } from '../../../shared/api/portal-clients.ts';
import { dateTimeText } from '../../../shared/forms/date-text.ts';
import { http, RequestError } from '../../../shared/http/index.ts';
import { button, buttonGhost, input } from '../../../shared/theme/base.css.ts';
import { Modal } from '../../resource/modal.tsx';
import * as kit from '../../resource/resource.css.ts';

const when = (ms: number | null): string => (ms === null ? '—' : dateTimeText(ms));

export function PortalClients() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<PortalClient[] | null>(null);
  const [name, setName] = useState('');
  const [users, setUsers] = useState('');
  const [scope, setScope] = useState('');
  const [created, setCreated] = useState<PortalClientCreated | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const load = useCallback(() => listPortalClients(http).then((page) => setRows(page.list), () => setRows([])), []);
  useEffect(() => {
    void load();
  }, [load]);
  /** The client whose revocation waits for a yes (every token it issued ends at once). */
  const [revoking, setRevoking] = useState<PortalClient | null>(null);
  const revoke = async (client: PortalClient) => {
    setRevoking(null);
    setProblem(null);
    try {
      await revokePortalClient(http, client.id);
    } catch (error) {
      if (error instanceof RequestError) setProblem(error.message);
    }
    await load();
  };
  const register = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    try {
      setCreated(await createPortalClient(http, { name: name.trim(), users, scope }));
      setName('');
      setUsers('');
      setScope('');
      await load();
    } catch (error) {
      if (error instanceof RequestError) setProblem(error.message);
    }
  };
  return (
    <section data-section="portal-clients" aria-labelledby="portal-clients-title">
      <h2 id="portal-clients-title">{t('oauth.portal.title')}</h2>
      <p className={kit.muted}>{t('oauth.portal.intro')}</p>
      {created ? (
        <div role="status" data-created-client>
          <p>{t('oauth.portal.secretOnce')}</p>
          <p>
            {t('oauth.portal.clientId')}: <code data-client-id>{created.clientId}</code>
          </p>
          <p>
            {t('oauth.portal.secret')}: <code data-client-secret>{created.clientSecret}</code>
          </p>
          <button type="button" className={buttonGhost} onClick={() => setCreated(null)}>
            {t('oauth.portal.done')}
          </button>
        </div>
      ) : null}
      {rows && rows.length > 0 ? (
        <table /* not the resource kit: a handful of portal clients with their one-time secrets, no paging, filters or selection */ className={kit.table}>
          <thead>
            <tr>
              <th className={kit.head}>{t('oauth.portal.name')}</th>
              <th className={kit.head}>{t('oauth.portal.clientId')}</th>
              <th className={kit.head}>{t('oauth.portal.users')}</th>
              <th className={kit.head}>{t('oauth.portal.scope')}</th>
              <th className={kit.head}>{t('oauth.portal.lastUsed')}</th>
              <th className={kit.head} />
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id} className={kit.row} data-portal-client={c.clientId} data-revoked={c.revokedAt !== null}>
                <td className={kit.cell}>{c.name}</td>
                <td className={kit.cell}>
                  <code>{c.clientId}</code>
                </td>
                <td className={kit.cell}>{c.users || t('oauth.portal.anyUser')}</td>
                <td className={kit.cell}>{c.scope || t('oauth.portal.userRights')}</td>
                <td className={kit.cell}>{when(c.lastUsedAt)}</td>
                <td className={kit.cell}>
                  {c.revokedAt !== null ? (
                    `${t('oauth.portal.revoked')} ${when(c.revokedAt)}`
                  ) : (
                    <button type="button" className={buttonGhost} data-action="revoke" aria-label={t('oauth.portal.revokeNamed', { name: c.name })} onClick={() => setRevoking(c)}>
                      {t('oauth.portal.revoke')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {rows && rows.length === 0 ? <p className={kit.muted}>{t('oauth.portal.none')}</p> : null}
      {revoking ? (
        <Modal title={t('oauth.portal.revokeTitle')} role="alertdialog" testId="confirm-revoke" onClose={() => setRevoking(null)}>
          <p>{t('oauth.portal.revokeHint', { name: revoking.name })}</p>
          <div className={kit.actions}>
            <button type="button" className={buttonGhost} onClick={() => setRevoking(null)}>
              {t('resource.cancel')}
            </button>
            <button type="button" className={button} data-action="confirm-revoke" onClick={() => void revoke(revoking)}>
              {t('oauth.portal.revoke')}
            </button>
          </div>
        </Modal>
      ) : null}
      <form /* not the resource kit: one inline name field registering a client, whose secret is shown once below */ className={kit.toolbar} onSubmit={(e) => void register(e)}>
        <label className={kit.filter}>
          <span>{t('oauth.portal.name')}</span>
          <input className={input} name="portalName" required maxLength={50} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        </label>
        <label className={kit.filter}>
          <span>{t('oauth.portal.users')}</span>
          <input className={input} name="portalUsers" maxLength={1000} placeholder={t('oauth.portal.usersHint')} value={users} onChange={(e) => setUsers(e.currentTarget.value)} />
        </label>
        <label className={kit.filter}>
          <span>{t('oauth.portal.scope')}</span>
          <input className={input} name="portalScope" maxLength={2000} placeholder={t('oauth.portal.scopeHint')} value={scope} onChange={(e) => setScope(e.currentTarget.value)} />
        </label>
        <button type="submit" className={button}>
          {t('oauth.portal.register')}
        </button>
      </form>
      {problem ? (
        <p className={kit.danger} role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
