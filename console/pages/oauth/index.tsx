// Third-party sign-in platforms (baseManager oauth, oauth2Manager) on the resource kit: name, client
// id, client secret (write-only: sealed at rest, never shown again), issuer with its endpoints
// (discovered when left empty), scopes, enabled. The sign-in page shows a button for each enabled one.
// "Register the demo identity provider" fills in the demo platform's own OpenID provider.
import { createOauthPlatform, deleteOauthPlatforms, demoProvider, listOauthPlatforms, updateOauthPlatform, type OauthPlatform, type OauthPlatformSave } from '../../../shared/api/oauth.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { oauthPlatformEditSchema, oauthPlatformSchema } from '../../../shared/validate/oauth.ts';
import { defineResource, ResourcePage } from '../../resource/index.ts';
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
    saves: { create: 'oauth.create', update: 'oauth.update' },
    wide: true,
    fields: (row) => {
      const rules = row ? oauthPlatformEditSchema : oauthPlatformSchema;
      return [
        { kind: 'text', name: 'name', labelKey: 'oauth.field.name', rules: rules.name, initial: (r) => r?.name ?? '' },
        { kind: 'text', name: 'clientId', labelKey: 'oauth.field.clientId', autoComplete: 'off', rules: rules.clientId, initial: (r) => r?.clientId ?? '' },
        // Write-only: never shown again; left empty when editing, it keeps the sealed one (not sent).
        { kind: 'password', name: 'clientSecret', labelKey: 'oauth.field.clientSecret', autoComplete: 'new-password', rules: rules.clientSecret },
        { kind: 'text', name: 'issuer', labelKey: 'oauth.field.issuer', rules: rules.issuer, initial: (r) => r?.issuer ?? '' },
        { kind: 'text', name: 'authorizeUrl', labelKey: 'oauth.field.authorizeUrl', initial: (r) => r?.authorizeUrl ?? '' },
        { kind: 'text', name: 'tokenUrl', labelKey: 'oauth.field.tokenUrl', initial: (r) => r?.tokenUrl ?? '' },
        { kind: 'text', name: 'userinfoUrl', labelKey: 'oauth.field.userinfoUrl', initial: (r) => r?.userinfoUrl ?? '' },
        { kind: 'text', name: 'scopes', labelKey: 'oauth.field.scopes', rules: rules.scopes, initial: (r) => r?.scopes ?? 'openid profile' },
        { kind: 'checkbox', name: 'enabled', labelKey: 'oauth.field.enabled', initial: (r) => r?.enabled ?? true },
      ];
    },
    hints: { clientSecret: (_, { t }) => t('oauth.hint.secret'), authorizeUrl: (_, { t }) => t('oauth.hint.endpoints'), scopes: (_, { t }) => t('oauth.hint.scopes') },
    save: async (body, r) => {
      const { clientSecret, ...rest } = body as OauthPlatformSave;
      const platform = { ...rest, ...(clientSecret ? { clientSecret } : {}) };
      await (r ? updateOauthPlatform(http, r.id, platform) : createOauthPlatform(http, platform));
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
