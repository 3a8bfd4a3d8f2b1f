// Two pages of baseManager on one module, chosen by the route. tenant_mng: the platform operator's
// tenants on the resource kit — create one with its super admin, edit, delete (typing delete, which
// also removes a tenant that still holds users or devices). base_info: the signed-in tenant's own
// name, home page, description and logos (the shell's logo and the page title follow at once), and
// its directory sign-in settings.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { splitLogoUrl } from '../../../shared/api/tenant.ts';
import { createTenant, deleteTenant, getTenantInfo, listTenants, updateTenant, updateTenantInfo, uploadLogo, type TenantCreate, type TenantInfo, type TenantRow, type TenantSave } from '../../../shared/api/tenant-admin.ts';
import { http, notify, RequestError } from '../../../shared/http/index.ts';
import { kitConfig } from '../../../shared/kit.ts';
import { button, input } from '../../../shared/theme/base.css.ts';
import { checkAvatar } from '../../../shared/validate/index.ts';
import { TENANT_BOUNDS, tenantSchema } from '../../../shared/validate/tenant.ts';
import { defineResource, ResourcePage } from '../../resource/index.ts';
import * as kit from '../../resource/resource.css.ts';
import { loadTenant } from '../../state/tenant.ts';
import * as css from './tenant.css.ts';
import './texts.ts';
import { Vouchers } from './vouchers.tsx';
import { DirectorySettings } from './directory.tsx';

const withBase = (path: string | null): string | null => (path === null || /^https:/i.test(path) ? path : kitConfig.apiBase.replace(/\/$/, '') + path);

/** What tenantResource's row actions reach on the page: its dialogs. */
interface TenantPage { setVouchers: (row: TenantRow | null) => void }

export const tenantResource = defineResource<TenantRow, TenantPage>({
  id: 'tenant',
  operation: 'tenant.page',
  titleKey: 'tenants.title',
  rowKey: (r) => r.id,
  rowName: (r) => r.name,
  columns: [
    { id: 'name', headerKey: 'tenants.field.name', field: 'name' },
    { id: 'type', headerKey: 'tenants.field.type', field: 'type', cell: (r, { t }) => t(`tenants.type.${r.type}`) },
    { id: 'superAdmin', headerKey: 'tenants.field.superAdmin', field: 'superAdmin' },
    { id: 'users', headerKey: 'tenants.field.users', field: 'users' },
    { id: 'devices', headerKey: 'tenants.field.devices', field: 'devices' },
    { id: 'home', headerKey: 'tenants.field.home', field: 'home' },
  ],
  filters: [{ kind: 'text', name: 'keyword', labelKey: 'tenants.field.keyword' }],
  list: (q, signal) => listTenants(http, { page: q.page, limit: q.limit, ...(typeof q.filters.keyword === 'string' && q.filters.keyword.trim() ? { keyword: q.filters.keyword.trim() } : {}) }, signal),
  form: {
    saves: { create: 'tenant.create', update: 'tenant.update' },
    fields: (row) => [
      { kind: 'select', name: 'type', labelKey: 'tenants.field.type', options: (['enterprise', 'personal'] as const).map((k) => ({ value: k, labelKey: `tenants.type.${k}` })), rules: tenantSchema.type, initial: (r) => r?.type ?? 'enterprise' },
      { kind: 'text', name: 'name', labelKey: 'tenants.field.name', rules: tenantSchema.name, initial: (r) => r?.name ?? '' },
      { kind: 'text', name: 'home', labelKey: 'tenants.field.home', initial: (r) => r?.home ?? '' },
      { kind: 'textarea', name: 'description', labelKey: 'tenants.field.description', rules: tenantSchema.description, initial: (r) => r?.description ?? '' },
      // A new tenant comes with its super admin.
      ...(row
        ? []
        : ([
            { kind: 'text', name: 'adminUsername', labelKey: 'tenants.field.adminUsername', autoComplete: 'off', rules: tenantSchema.adminUsername },
            { kind: 'text', name: 'adminName', labelKey: 'tenants.field.adminName', rules: tenantSchema.adminName },
            { kind: 'password', name: 'adminPassword', labelKey: 'tenants.field.adminPassword', autoComplete: 'new-password', rules: tenantSchema.adminPassword },
          ] as const)),
    ],
    hints: { home: (_, { t }) => t('tenants.homeHint') },
    save: async (body, r) => {
      await (r ? updateTenant(http, r.id, body as TenantSave) : createTenant(http, body as TenantCreate));
    },
  },
  // The kit has had the word delete typed already: that is the confirmation a tenant with users needs.
  remove: async (rows) => {
    for (const r of rows) await deleteTenant(http, r.id, 'delete');
  },
  rowActions: [{ key: 'vouchers', labelKey: 'tenants.vouchers.action', run: (r, _reload, { page }) => page.setVouchers(r) }],
});

function Tenants() {
  const [vouchers, setVouchers] = useState<TenantRow | null>(null);
  const def = tenantResource;
  return (
    <>
      <ResourcePage def={def} page={{ setVouchers }} />
      {vouchers ? <Vouchers tenant={vouchers} onClose={() => setVouchers(null)} /> : null}
    </>
  );
}

function LogoField({ which, current, onDone }: { which: 'main' | 'small'; current: string | null; onDone: (info: TenantInfo) => void }) {
  const { t } = useTranslation();
  const fileRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const size = which === 'main' ? '220×50' : '25×25';
  const label = t(which === 'main' ? 'tenants.info.mainLogo' : 'tenants.info.smallLogo');
  const choose = async (file: File) => {
    setProblem(null);
    setNote(null);
    const bad = checkAvatar({ name: file.name, type: file.type, size: file.size });
    if (bad) {
      setProblem(t(bad.key, bad.params ?? {}));
      return;
    }
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      const [w, h] = size.split('×').map(Number);
      if (image.naturalWidth && (image.naturalWidth !== w || image.naturalHeight !== h)) setNote(t('tenants.info.sizeNote', { width: image.naturalWidth, height: image.naturalHeight, size }));
      URL.revokeObjectURL(url);
    };
    image.src = url;
    try {
      onDone(await uploadLogo(which, file));
      notify({ kind: 'toast', level: 'success', duration: 2500, key: 'tenants.info.uploaded' });
    } catch (error) {
      if (error instanceof RequestError) setProblem(error.message);
    } finally {
      if (fileRef.current) fileRef.current.value = '';
    }
  };
  return (
    <div data-logo={which}>
      <span>{label}</span>
      <div className={kit.toolbar}>
        {current ? <img src={current} alt={label} data-part="logo-preview" className={which === 'main' ? css.logoMain : css.logoSmall} /> : <span className={kit.muted}>{t('tenants.info.none')}</span>}
        <input ref={fileRef} type="file" hidden accept=".jpg,.jpeg,.png,.svg,image/jpeg,image/png,image/svg+xml" data-part={`logo-input-${which}`} onChange={(e) => e.currentTarget.files?.[0] && void choose(e.currentTarget.files[0])} />
        <button type="button" className={button} onClick={() => fileRef.current?.click()}>
          {t('tenants.info.choose')}
        </button>
      </div>
      <p className={kit.muted}>{t('tenants.info.hint', { size })}</p>
      {note ? <p className={kit.muted} data-part="size-note">{note}</p> : null}
      {problem ? (
        <p className={kit.danger} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function TenantInfoPage() {
  const { t } = useTranslation();
  const [info, setInfo] = useState<TenantInfo | null>(null);
  const [draft, setDraft] = useState({ name: '', home: '', description: '' });
  const [problem, setProblem] = useState<{ field: string | null; text: string } | null>(null);
  useEffect(() => {
    getTenantInfo(http).then((i) => {
      setInfo(i);
      setDraft({ name: i.name, home: i.home, description: i.description });
    }, () => undefined);
  }, []);
  const applied = (next: TenantInfo) => {
    setInfo(next);
    // The shell's logo and the page title follow without a reload.
    void loadTenant();
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const name = draft.name.trim();
    const [min, max] = TENANT_BOUNDS.name;
    if (name.length < min || name.length > max) {
      setProblem({ field: 'name', text: t('validate.length.between', { min, max }) });
      return;
    }
    try {
      applied(await updateTenantInfo(http, { name, home: draft.home.trim(), description: draft.description.trim() }));
      notify({ kind: 'toast', level: 'success', duration: 2500, key: 'tenants.info.saved' });
    } catch (error) {
      if (error instanceof RequestError) setProblem({ field: error.field, text: error.message });
    }
  };
  if (!info) return <p className={kit.muted}>…</p>;
  const logos = splitLogoUrl(info.logoUrl);
  const field = (name: 'name' | 'home' | 'description', label: string, multiline = false) => (
    <div>
      <label htmlFor={`tenant-${name}`}>{label}</label>
      {multiline ? (
        <textarea id={`tenant-${name}`} name={name} className={input} rows={3} value={draft[name]} onChange={(e) => setDraft({ ...draft, [name]: e.currentTarget.value })} />
      ) : (
        <input id={`tenant-${name}`} name={name} className={input} value={draft[name]} aria-invalid={problem?.field === name} onChange={(e) => setDraft({ ...draft, [name]: e.currentTarget.value })} />
      )}
      {problem?.field === name ? (
        <span className={kit.fieldError} role="alert">
          {problem.text}
        </span>
      ) : null}
    </div>
  );
  return (
    <div className={kit.main}>
      <h2 className={kit.dialogTitle}>{t('tenants.info.title')}</h2>
      <form /* not the resource kit: the tenant's own one info record, not a row of a list */ className={kit.form} onSubmit={(e) => void save(e)} data-part="tenant-info">
        {field('name', t('tenants.field.name'))}
        {field('home', t('tenants.field.home'))}
        {field('description', t('tenants.field.description'), true)}
        {problem && !['name', 'home', 'description'].includes(problem.field ?? '') ? (
          <p className={kit.danger} role="alert">
            {problem.text}
          </p>
        ) : null}
        <div className={kit.actions}>
          <button type="submit" className={button}>
            {t('tenants.info.save')}
          </button>
        </div>
      </form>
      <LogoField which="main" current={withBase(logos.main)} onDone={applied} />
      <LogoField which="small" current={withBase(logos.small)} onDone={applied} />
      <DirectorySettings />
    </div>
  );
}

export default function TenantPage() {
  const { pathname } = useLocation();
  const mine = pathname.includes('base_info');
  return <div data-page={mine ? 'base-info' : 'tenant'}>{mine ? <TenantInfoPage /> : <Tenants />}</div>;
}
