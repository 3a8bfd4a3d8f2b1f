// The document form's file: chosen (or dropped), checked in the browser against SPEC §5 (one file,
// under 50 MB), then uploaded at once with a progress bar and a Cancel button. The form's value is the
// staged upload's id; saving the form turns it into the document's version. A replaced or abandoned
// upload is dropped on the platform straight away.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelUpload, uploadDocumentFile } from '../../../shared/api/document.ts';
import type { StagedFile } from '../../../shared/api/document-types.ts';
import { http } from '../../../shared/http/index.ts';
import { button, buttonGhost } from '../../../shared/theme/base.css.ts';
import { checkDocuments } from '../../../shared/validate/index.ts';
import type { CustomFieldProps } from '../../resource/index.ts';
import * as css from './document.css.ts';

/** A byte count as a person reads it. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

type State =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string; percent: number }
  | { kind: 'done'; file: StagedFile }
  | { kind: 'problem'; text: string };

export function FileField({ value, onChange, groupProps, currentName }: CustomFieldProps & { currentName: string | null }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const staged = useRef<string | null>(null);

  const drop = (fileId: string | null) => {
    if (fileId) void cancelUpload(http, fileId).catch(() => undefined);
  };

  // Leaving the form mid-upload stops it; a staged file the form did not save goes too.
  useEffect(
    () => () => {
      abort.current?.abort();
    },
    [],
  );

  const start = async (files: readonly File[]) => {
    const problem = checkDocuments(files);
    if (problem) {
      setState({ kind: 'problem', text: t(problem.key, problem.params ?? {}) });
      return;
    }
    const file = files[0]!;
    abort.current?.abort();
    drop(staged.current);
    staged.current = null;
    onChange('');
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'uploading', name: file.name, percent: 0 });
    try {
      const done = await uploadDocumentFile(file, {
        signal: controller.signal,
        quiet: true,
        onProgress: (sent, total) => setState({ kind: 'uploading', name: file.name, percent: total ? Math.floor((sent / total) * 100) : 0 }),
      });
      staged.current = done.fileId;
      onChange(done.fileId);
      setState({ kind: 'done', file: done });
    } catch (error) {
      if (controller.signal.aborted) setState({ kind: 'problem', text: t('documents.file.cancelled') });
      else setState({ kind: 'problem', text: t('documents.file.failed', { message: (error as Error).message }) });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void start([...e.dataTransfer.files]);
  };

  const remove = () => {
    drop(staged.current);
    staged.current = null;
    onChange('');
    setState({ kind: 'idle' });
  };

  return (
    <div
      {...groupProps}
      role="group"
      className={css.drop}
      data-over={over}
      data-part="file-field"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <div className={css.line}>
        <input ref={input} type="file" hidden data-part="file-input" onChange={(e) => void start([...(e.currentTarget.files ?? [])])} />
        <button type="button" className={button} onClick={() => input.current?.click()} disabled={state.kind === 'uploading'}>
          {t('documents.file.choose')}
        </button>
        <span>{t('documents.file.drop')}</span>
      </div>
      {currentName && !value && state.kind !== 'uploading' ? <span className={css.line}>{t('documents.file.replace', { name: currentName })}</span> : null}
      {state.kind === 'uploading' ? (
        <div className={css.line}>
          <progress className={css.bar} max={100} value={state.percent} aria-label={t('documents.file.uploading', { name: state.name, percent: state.percent })} />
          <span role="status">{t('documents.file.uploading', { name: state.name, percent: state.percent })}</span>
          <button type="button" className={buttonGhost} onClick={() => abort.current?.abort()} data-action="cancel-upload">
            {t('documents.file.cancel')}
          </button>
        </div>
      ) : null}
      {state.kind === 'done' && value ? (
        <div className={css.line}>
          <span role="status" data-part="uploaded">
            {t('documents.file.uploaded', { name: state.file.name, size: sizeText(state.file.size) })}
          </span>
          <button type="button" className={buttonGhost} onClick={remove}>
            {t('documents.file.remove')}
          </button>
        </div>
      ) : null}
      {state.kind === 'problem' ? (
        <span className={css.problem} role="alert" data-part="file-problem">
          {state.text}
        </span>
      ) : null}
    </div>
  );
}
