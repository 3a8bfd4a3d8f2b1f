// SPEC §5 delete confirmation: the user types the word delete; the dialog names what goes.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { button, buttonGhost, input } from '../../shared/theme/base.css.ts';
import { deleteConfirmation } from '../../shared/validate/index.ts';
import { Field } from '../forms/field.tsx';
import { FormFailure } from '../forms/form-failure.tsx';
import { failureText } from '../state/sign-in.ts';
import { Modal } from './modal.tsx';
import * as css from './resource.css.ts';

const NAMES_SHOWN = 5;

export function ConfirmDelete({ names, run, onClose }: { names: readonly string[]; run: () => Promise<unknown>; onClose: (deleted: boolean) => void }) {
  const { t } = useTranslation();
  const [word, setWord] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problem = deleteConfirmation()(word, {});
  const shown = names.slice(0, NAMES_SHOWN).join('、') + (names.length > NAMES_SHOWN ? ' …' : '');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await run();
      onClose(true);
    } catch (error) {
      setFailure(failureText(error, t('http.requestError')));
      setBusy(false);
    }
  };
  return (
    <Modal title={t('resource.confirm.title')} onClose={() => onClose(false)} role="alertdialog" testId="confirm-delete">
      <form className={css.form} onSubmit={(e) => void submit(e)} noValidate>
        <p>{t('resource.confirm.hint', { count: names.length, names: shown })}</p>
        <Field label={t('resource.confirm.word')} error={tried && problem ? t(problem.key, problem.params ?? {}) : null}>
          {(p) => <input {...p} className={input} name="confirm" value={word} onChange={(e) => setWord(e.currentTarget.value)} autoComplete="off" />}
        </Field>
        <FormFailure message={failure} />
        <div className={css.actions}>
          <button type="button" className={buttonGhost} onClick={() => onClose(false)}>
            {t('resource.cancel')}
          </button>
          <button type="submit" className={button} disabled={busy}>
            {t('resource.remove')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
