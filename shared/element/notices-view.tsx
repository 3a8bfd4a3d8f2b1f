// The notices' view (SPEC §8): toasts and the one open dialog. Loaded when the first notice arrives
// (notices.tsx keeps the subscription), so a page that never shows one does not carry it.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice } from '../http/notify.ts';
import * as css from './notices.css.ts';

export default function NoticesView({ toasts, dialogs, closeDialog }: { toasts: Notice[]; dialogs: Notice[]; closeDialog: (n: Notice) => void }) {
  const { t } = useTranslation();
  const dialog = dialogs[0];
  const ref = useRef<HTMLDialogElement>(null);
  const text = (n: Notice) => n.text ?? (n.key ? t(n.key, n.params ?? {}) : '');

  useEffect(() => {
    const el = ref.current;
    if (el && dialog && !el.open) el.showModal();
  }, [dialog]);

  return (
    <>
      <div className={css.toastStack} role="status" aria-live="polite">
        {toasts.map((n) => (
          <div key={n.id} className={css.toast} data-level={n.level} data-testid="atrium-toast">
            {text(n)}
          </div>
        ))}
      </div>
      {dialog && (
        <dialog
          ref={ref}
          key={dialog.id}
          className={css.dialog}
          role="alertdialog"
          aria-labelledby="atrium-dialog-title"
          data-testid="atrium-dialog"
          onClose={() => closeDialog(dialog)}
        >
          <h2 id="atrium-dialog-title" className={css.dialogTitle}>
            {dialog.titleKey ? t(dialog.titleKey) : ''}
          </h2>
          <p className={css.dialogBody}>{text(dialog)}</p>
          <form method="dialog" className={css.dialogActions}>
            <button type="submit" className={css.dialogButton} autoFocus>
              {t('common.ok')}
            </button>
          </form>
        </dialog>
      )}
    </>
  );
}
