// Third-party sign-in platforms (baseManager oauth, oauth2Manager) on the resource kit: name, client
// id, client secret (write-only: sealed at rest, never shown again), issuer with its endpoints
// (discovered when left empty), scopes, enabled. The sign-in page shows a button for each enabled one.
// "Register the demo identity provider" fills in the demo platform's own OpenID provider.
import { createOauthPlatform, deleteOauthPlatforms, demoProvider, listOauthPlatforms, updateOauthPlatform, type OauthPlatform } from '../../../shared/api/oauth.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { length, required } from '../../../shared/validate/index.ts';
import { defineResource, ResourcePage, text } from '../../resource/index.ts';
import { PortalClients } from './portal-clients.tsx';
import './texts.ts';

export const oauthResource = defineResource<OauthPlatform>({
  id: 'oauth',
  operation: 'oauth.page',
  titleKey: 'oauth.title',
  rowKey: (r) => r.id,
  rowName: (r) => r.name,
  columns: [
    { id: 'name', headerKey: 'oauth.field.name', field: 'name' },
    { id: 'clientId', headerKey: 'oauth.field.clientId', field: 'clientId' },
    { id: 'issuer', headerKey: 'oauth.field.issuer', field: 'issuer' },
    { id: 'scopes', headerKey: 'oauth.field.scopes', field: 'scopes' },
    { id: 'enabled', headerKey: 'oauth.field.enabled', field: 'enabled', cell: (r) => (r.enabled ? '✓' : '') },
    { id: 'bindings', headerKey: 'oauth.field.bindings', field: 'bindings' },
    { id: 'createdAt', headerKey: 'oauth.field.createdAt', field: 'createdAt' },
  ],
  filters: [{ kind: 'text', name: 'keyword', labelKey: 'oauth.field.keyword' }],
  list: (q, signal) => listOauthPlatforms(http, { page: q.page, limit: q.limit, ...(typeof q.filters.keyword === 'string' && q.filters.keyword.trim() ? { keyword: q.filters.keyword.trim() } : {}) }, signal),
  form: {
    wide: true,
    fields: () => [
      { kind: 'text', name: 'name', labelKey: 'oauth.field.name' },
      { kind: 'text', name: 'clientId', labelKey: 'oauth.field.clientId', autoComplete: 'off' },
      { kind: 'password', name: 'clientSecret', labelKey: 'oauth.field.clientSecret', autoComplete: 'new-password' },
      { kind: 'text', name: 'issuer', labelKey: 'oauth.field.issuer' },
      { kind: 'text', name: 'authorizeUrl', labelKey: 'oauth.field.authorizeUrl' },
      { kind: 'text', name: 'tokenUrl', labelKey: 'oauth.field.tokenUrl' },
      { kind: 'text', name: 'userinfoUrl', labelKey: 'oauth.field.userinfoUrl' },
      { kind: 'text', name: 'scopes', labelKey: 'oauth.field.scopes' },
      { kind: 'checkbox', name: 'enabled', labelKey: 'oauth.field.enabled' },
    ],
    schema: (row) => ({
      name: [required(), length(1, 50)],
      clientId: [required(), length(1, 200)],
      clientSecret: row ? [length(0, 500)] : [required(), length(1, 500)],
      issuer: [required(), length(1, 500)],
      scopes: [required(), length(1, 200)],
    }),
    hints: { clientSecret: (_, { t }) => t('oauth.hint.secret'), authorizeUrl: (_, { t }) => t('oauth.hint.endpoints'), scopes: (_, { t }) => t('oauth.hint.scopes') },
    initial: (r) => ({
      name: r?.name ?? '',
      clientId: r?.clientId ?? '',
      clientSecret: '',
      issuer: r?.issuer ?? '',
      authorizeUrl: r?.authorizeUrl ?? '',
      tokenUrl: r?.tokenUrl ?? '',
      userinfoUrl: r?.userinfoUrl ?? '',
      scopes: r?.scopes ?? 'openid profile',
      enabled: r?.enabled ?? true,
    }),
    save: async (v, r) => {
      const body = {
        name: text(v.name),
        clientId: text(v.clientId),
        ...(typeof v.clientSecret === 'string' && v.clientSecret ? { clientSecret: v.clientSecret } : {}),
        issuer: text(v.issuer),
        authorizeUrl: text(v.authorizeUrl),
        tokenUrl: text(v.tokenUrl),
        userinfoUrl: text(v.userinfoUrl),
        scopes: text(v.scopes),
        enabled: v.enabled === true,
      };
      await (r ? updateOauthPlatform(http, r.id, body) : createOauthPlatform(http, body));
    },
  },
  remove: (rows) => deleteOauthPlatforms(http, rows.map((r) => r.id)),
  filterActions: [
    {
      key: 'register-demo',
      labelKey: 'oauth.demo',
      run: (_filters, done, { t }) => {
        const register = async () => {
          const demo = await demoProvider(http);
          const name = `${t('oauth.demoName')} ${new Date().toTimeString().slice(0, 8)}`;
          await createOauthPlatform(http, { name, clientId: demo.clientId, clientSecret: demo.clientSecret, issuer: demo.issuer, scopes: demo.scopes, enabled: true });
          notify({ kind: 'toast', level: 'success', duration: 3000, key: 'oauth.demoDone', params: { name } });
          done();
        };
        // A refusal was already shown by the request; nothing is left pending.
        register().catch(() => undefined);
      },
    },
  ],
});

export default function OauthPage() {
  const def = oauthResource;
  return (
    <div data-page="oauth">
      <ResourcePage def={def} />
      <PortalClients />
    </div>
  );
}
