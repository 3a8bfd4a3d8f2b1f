// Directory sign-in settings (base_info): where /ldap looks people up — the directory's address
// (empty: the demo's own), StartTLS, the service account (its password write-only, sealed on the
// platform), the search base, the user filter with {username}, the name and mail attributes, and
// which directory groups give which roles and departments ("group=role", "group=department" per line).
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DirectoryAnswer } from '../../../shared/api/directory-types.ts';
import { http, notify, RequestError } from '../../../shared/http/index.ts';
import { button, input } from '../../../shared/theme/base.css.ts';
import * as kit from '../../resource/resource.css.ts';

/** What the page edits: the settings as answered (no password flag before the first save). */
type Settings = Omit<DirectoryAnswer, 'hasPassword'> & { hasPassword?: boolean };

const EMPTY: Settings = { url: '', startTls: false, bindDn: '', baseDn: '', userFilter: '(uid={username})', nameAttr: 'cn', mailAttr: 'mail', groupRoles: {}, groupDepartments: {}, enabled: false };
const TEXT_FIELDS = ['url', 'bindDn', 'baseDn', 'userFilter', 'nameAttr', 'mailAttr'] as const;

/** "group=role" lines ⇄ the mapping. */
export const parseRoles = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .split('\n')
      .map((l) => l.split('=').map((x) => x.trim()))
      .filter((p): p is [string, string] => p.length === 2 && Boolean(p[0]) && Boolean(p[1])),
  );
const formatRoles = (m: Record<string, string>): string =>
  Object.entries(m)
    .map(([g, r]) => `${g}=${r}`)
    .join('\n');

export function DirectorySettings() {
  const { t } = useTranslation();
  const [s, setS] = useState<Settings | null>(null);
  const [roles, setRoles] = useState('');
  const [places, setPlaces] = useState('');
  const [secret, setSecret] = useState('');
  const [problem, setProblem] = useState<{ field: string | null; text: string } | null>(null);
  useEffect(() => {
    http.get<Settings | null>('/api/admin/ldap').then((v) => {
      setS(v ?? EMPTY);
      setRoles(formatRoles((v ?? EMPTY).groupRoles));
      setPlaces(formatRoles((v ?? EMPTY).groupDepartments ?? {}));
    }, () => undefined);
  }, []);
  if (!s) return null;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    try {
      const { hasPassword: _h, ...body } = s;
      const saved = await http.put<Settings>('/api/admin/ldap', { ...body, groupRoles: parseRoles(roles), groupDepartments: parseRoles(places), ...(secret ? { bindPassword: secret } : {}) }, { quiet: true });
      setS({ ...saved, hasPassword: true });
      setSecret('');
      notify({ kind: 'toast', level: 'success', duration: 2500, key: 'tenants.directory.saved' });
    } catch (error) {
      if (error instanceof RequestError) setProblem({ field: error.field, text: error.message });
    }
  };
  const errorOf = (name: string) =>
    problem?.field === name ? (
      <span className={kit.fieldError} role="alert">
        {problem.text}
      </span>
    ) : null;
  return (
    <section aria-labelledby="directory-title" data-part="directory">
      <h2 id="directory-title" className={kit.dialogTitle}>
        {t('tenants.directory.title')}
      </h2>
      <p className={kit.muted}>{t('tenants.directory.hint')}</p>
      <form /* not the resource kit: the tenant's one directory settings record, not a row of a list */ className={kit.form} onSubmit={(e) => void save(e)}>
        {TEXT_FIELDS.map((name) => (
          <div key={name}>
            <label htmlFor={`directory-${name}`}>{t(`tenants.directory.${name}`)}</label>
            <input id={`directory-${name}`} name={name} className={input} value={s[name]} aria-invalid={problem?.field === name} onChange={(e) => setS({ ...s, [name]: e.currentTarget.value })} />
            {errorOf(name)}
          </div>
        ))}
        <div>
          <label htmlFor="directory-bindPassword">{t('tenants.directory.bindPassword')}</label>
          <input id="directory-bindPassword" name="bindPassword" type="password" autoComplete="new-password" className={input} value={secret} placeholder={s.hasPassword ? '••••••' : ''} onChange={(e) => setSecret(e.currentTarget.value)} />
          {errorOf('bindPassword')}
        </div>
        <div>
          <label htmlFor="directory-groupRoles">{t('tenants.directory.groupRoles')}</label>
          <textarea id="directory-groupRoles" name="groupRoles" className={input} rows={3} value={roles} onChange={(e) => setRoles(e.currentTarget.value)} />
          {errorOf('groupRoles')}
        </div>
        <div>
          <label htmlFor="directory-groupDepartments">{t('tenants.directory.groupDepartments')}</label>
          <textarea id="directory-groupDepartments" name="groupDepartments" className={input} rows={2} value={places} onChange={(e) => setPlaces(e.currentTarget.value)} />
          {errorOf('groupDepartments')}
        </div>
        <label className={kit.check}>
          <input type="checkbox" checked={s.startTls} onChange={(e) => setS({ ...s, startTls: e.currentTarget.checked })} /> {t('tenants.directory.startTls')}
        </label>
        <label className={kit.check}>
          <input type="checkbox" name="enabled" checked={s.enabled} onChange={(e) => setS({ ...s, enabled: e.currentTarget.checked })} /> {t('tenants.directory.enabled')}
        </label>
        {problem && !problem.field ? (
          <p className={kit.danger} role="alert">
            {problem.text}
          </p>
        ) : null}
        <div className={kit.actions}>
          <button type="submit" className={button}>
            {t('tenants.directory.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
