// /info, personal information (SPEC §2 "personInfo"): the user, editable name/phone/email (SPEC §5
// rules), the avatar (JPG/PNG/SVG ≤ 2 MB, checked before upload) and the password change (5-64, match).
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { kitConfig } from '../../../shared/kit.ts';
import { button, buttonGhost, input } from '../../../shared/theme/base.css.ts';
import { email, KEYS, length, nameLength, namePattern1, password, phone, required, sameAs, type Schema } from '../../../shared/validate/index.ts';
import { BootScreen } from '../../boot-screen.tsx';
import { Field } from '../../forms/field.tsx';
import * as forms from '../../forms/forms.css.ts';
import { FormFailure } from '../../forms/form-failure.tsx';
import { useForm } from '../../forms/use-form.ts';
import { useSubmit } from '../../forms/use-submit.ts';
import { failureText } from '../../state/sign-in.ts';
import { loadProfile, profile, saveAvatar, savePassword, saveProfile } from '../../state/profile.ts';
import { Icon } from '../../shell/icons.tsx';
import * as css from './info.css.ts';

const PROFILE_SCHEMA = {
  name: [required(), nameLength(), namePattern1()],
  phone: [phone()],
  email: [length(0, 64), email()],
} as const satisfies Schema;

const PASSWORD_SCHEMA = {
  oldPassword: [required(KEYS.passwordRequired), password('login')],
  newPassword: [required(KEYS.passwordRequired), password('login')],
  confirmPassword: [required(KEYS.passwordRequired), sameAs('newPassword')],
} as const satisfies Schema;

const avatarSrc = (path: string): string | null =>
  path.startsWith('/') && !path.startsWith('//') ? kitConfig.apiBase.replace(/\/$/, '') + path : null;

function ProfileForm({ initial }: { initial: { name: string; phone: string; email: string } }) {
  const { t } = useTranslation();
  const form = useForm(initial, PROFILE_SCHEMA);
  const { busy, failure, submit } = useSubmit(form.check, () => saveProfile(form.values));
  return (
    <form /* not the resource kit: the signed-in user's own profile, one record, not a row of a list */ className={`${css.card} ${forms.form}`} onSubmit={submit} noValidate aria-labelledby="info-edit-title" data-testid="profile-form">
      <h2 id="info-edit-title" className={css.heading}>
        {t('shell.info.edit')}
      </h2>
      <Field label={t('shell.info.name')} error={form.message('name')}>
        {(p) => <input {...p} className={input} name="name" autoComplete="name" value={form.values.name} onChange={form.set('name')} />}
      </Field>
      <Field label={t('shell.info.phone')} error={form.message('phone')}>
        {(p) => <input {...p} className={input} name="phone" type="tel" inputMode="numeric" autoComplete="tel" value={form.values.phone} onChange={form.set('phone')} />}
      </Field>
      <Field label={t('shell.info.email')} error={form.message('email')}>
        {(p) => <input {...p} className={input} name="email" type="email" autoComplete="email" value={form.values.email} onChange={form.set('email')} />}
      </Field>
      <FormFailure message={failure} />
      <div className={css.actions}>
        <button type="submit" className={button} disabled={busy} aria-busy={busy}>
          {t('shell.info.save')}
        </button>
      </div>
    </form>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const empty = { oldPassword: '', newPassword: '', confirmPassword: '' };
  const form = useForm(empty, PASSWORD_SCHEMA);
  const { busy, failure, submit } = useSubmit(form.check, async () => {
    await savePassword(form.values.oldPassword, form.values.newPassword, form.values.confirmPassword);
    form.reset(empty);
  });
  const field = (name: keyof typeof empty, label: string, autoComplete: string) => (
    <Field label={label} error={form.message(name)}>
      {(p) => <input {...p} className={input} name={name} type="password" autoComplete={autoComplete} value={form.values[name]} onChange={form.set(name)} />}
    </Field>
  );
  return (
    <form /* not the resource kit: the signed-in user's own password change */ className={`${css.card} ${forms.form}`} onSubmit={submit} noValidate aria-labelledby="info-password-title" data-testid="password-change-form">
      <h2 id="info-password-title" className={css.heading}>
        {t('shell.info.password')}
      </h2>
      {field('oldPassword', t('shell.info.oldPassword'), 'current-password')}
      {field('newPassword', t('shell.info.newPassword'), 'new-password')}
      {field('confirmPassword', t('shell.info.confirmPassword'), 'new-password')}
      <FormFailure message={failure} />
      <div className={css.actions}>
        <button type="submit" className={button} disabled={busy} aria-busy={busy}>
          {t('shell.info.passwordSubmit')}
        </button>
      </div>
    </form>
  );
}

function AvatarPicker({ avatar }: { avatar: string }) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const src = avatarSrc(avatar);
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      const refused = await saveAvatar(file);
      if (refused) setProblem(t(refused.key, refused.params ?? {}));
    } catch (error) {
      setProblem(failureText(error, t('common.uploadFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={forms.field}>
      {src ? <img className={css.avatar} src={src} alt={t('shell.info.avatar')} data-testid="avatar-image" /> : <Icon name="user" size={96} className={css.avatar} />}
      <input ref={fileInput} type="file" accept=".jpg,.jpeg,.png,.svg,image/jpeg,image/png,image/svg+xml" hidden onChange={pick} data-testid="avatar-input" />
      <button type="button" className={buttonGhost} onClick={() => fileInput.current?.click()} disabled={busy} aria-busy={busy}>
        {t('shell.info.avatarChange')}
      </button>
      <p className={css.hint}>{t('shell.info.avatarHint')}</p>
      {problem ? (
        <p className={forms.fieldError} role="alert" data-testid="avatar-error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

export default function InfoPage() {
  const { t } = useTranslation();
  const { status, user } = useSnapshot(profile);

  useEffect(() => {
    void loadProfile();
  }, []);

  if (!user) {
    if (status === 'error')
      return (
        <p className={forms.alert} role="alert">
          {t('shell.errors.loadFailed')}
        </p>
      );
    return <BootScreen />;
  }
  return (
    <div className={css.page} data-testid="info-page">
      <section className={css.card} aria-labelledby="info-title">
        <h1 id="info-title" className={css.heading}>
          {t('shell.info.title')}
        </h1>
        <div className={css.identity}>
          <AvatarPicker avatar={user.avatar} />
          <dl className={css.facts}>
            <dt className={css.term}>{t('shell.info.account')}</dt>
            <dd className={css.value}>{user.username}</dd>
            <dt className={css.term}>{t('shell.info.name')}</dt>
            <dd className={css.value} data-testid="info-name">
              {user.name}
            </dd>
            <dt className={css.term}>{t('shell.info.tenant')}</dt>
            <dd className={css.value}>{user.tenantName}</dd>
            <dt className={css.term}>{t('shell.info.description')}</dt>
            <dd className={css.value}>{user.description}</dd>
          </dl>
        </div>
      </section>
      <ProfileForm key={user.id} initial={{ name: user.name, phone: user.phone, email: user.email }} />
      <PasswordForm />
    </div>
  );
}
