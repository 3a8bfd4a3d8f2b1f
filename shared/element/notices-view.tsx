// The notices' view (SPEC §8): toasts and the one open dialog. Loaded when the first notice arrives
// (notices.tsx keeps the subscription), so a page that never shows one does not carry it.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onNotice, type Notice } from '../http/notify.ts';
import * as css from './notices.css.ts';

function useNotices(takeWaiting: () => Notice[]) {
  const [toasts, setToasts] = useState<Notice[]>([]);
  const [dialogs, setDialogs] = useState<Notice[]>([]);
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const show = (notice: Notice) => {
      if (notice.kind === 'dialog') {
        setDialogs((list) => [...list, notice]);
        return;
      }
      setToasts((list) => [...list, notice].slice(-5));
      const timer = setTimeout(() => {
        timers.delete(timer);
        setToasts((list) => list.filter((t) => t.id !== notice.id));
      }, notice.duration ?? 5000);
      timers.add(timer);
    };
    const off = onNotice(show);
    // The notices that came before this view loaded.
    for (const notice of takeWaiting()) show(notice);
    return () => {
      off();
      for (const t of timers) clearTimeout(t);
    };
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const closeDialog = (notice: Notice) => {
    setDialogs((list) => list.filter((d) => d.id !== notice.id));
    notice.onClose?.();
  };
  return { toasts, dialogs, closeDialog };
}

export default function NoticesView({ takeWaiting }: { takeWaiting: () => Notice[] }) {
  const { t } = useTranslation();
  const { toasts, dialogs, closeDialog } = useNotices(takeWaiting);
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
