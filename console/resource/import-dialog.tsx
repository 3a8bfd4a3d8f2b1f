// Import: one xls/xlsx file (SPEC §5), optionally skipping bad rows; the platform runs it as a
// background task, so the dialog closes at once and the progress panel follows it (with its report).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../shared/http/index.ts';
import { button, buttonGhost, input } from '../../shared/theme/base.css.ts';
import { importFile } from '../../shared/validate/index.ts';
import { Field } from '../forms/field.tsx';
import { FormFailure } from '../forms/form-failure.tsx';
import { failureText } from '../state/sign-in.ts';
import { Modal } from './modal.tsx';
import * as css from './resource.css.ts';
import type { ResourceDef } from './types.ts';

export function ImportDialog<Row>({ importer, onClose }: { importer: NonNullable<ResourceDef<Row>['importer']>; onClose: (started: boolean) => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [skipBad, setSkipBad] = useState(false);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problem = importFile()(file ? [file] : [], {});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem || !file || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await importer.upload(file, skipBad);
      notify({ kind: 'toast', level: 'success', duration: 3000, key: 'resource.importer.started' });
      onClose(true);
    } catch (error) {
      setFailure(failureText(error, t('http.requestError')));
      setBusy(false);
    }
  };
  return (
    <Modal title={t('resource.importer.title')} onClose={() => onClose(false)} testId="resource-import">
      <form className={css.form} onSubmit={(e) => void submit(e)} noValidate>
        <p className={css.muted}>{t('resource.importer.hint')}</p>
        {importer.template && (
          <button type="button" className={css.link} onClick={() => void importer.template?.()} data-action="template">
            {t('resource.importer.template')}
          </button>
        )}
        <Field label={t('resource.importer.file')} error={tried && problem ? t(problem.key, problem.params ?? {}) : null}>
          {(p) => (
            <input
              {...p}
              className={input}
              type="file"
              name="file"
              accept=".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            />
          )}
        </Field>
        <label className={css.check}>
          <input type="checkbox" name="skipBad" checked={skipBad} onChange={(e) => setSkipBad(e.currentTarget.checked)} /> {t('resource.importer.skipBad')}
        </label>
        <FormFailure message={failure} />
        <div className={css.actions}>
          <button type="button" className={buttonGhost} onClick={() => onClose(false)}>
            {t('resource.cancel')}
          </button>
          <button type="submit" className={button} disabled={busy}>
            {t('resource.importer.start')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
