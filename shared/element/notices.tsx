// Renders the notices of shared/http (SPEC §8): toasts that leave after their duration, and
// blocking dialogs (session expired, logged in elsewhere, illegal licence) one at a time.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onNotice, type Notice } from '../http/notify.ts';
import { useWidget } from './context.ts';
import * as css from './notices.css.ts';

function useNotices() {
  const [toasts, setToasts] = useState<Notice[]>([]);
  const [dialogs, setDialogs] = useState<Notice[]>([]);
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const off = onNotice((notice) => {
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
    });
    return () => {
      off();
      for (const t of timers) clearTimeout(t);
    };
  }, []);
  const closeDialog = (notice: Notice) => {
    setDialogs((list) => list.filter((d) => d.id !== notice.id));
    notice.onClose?.();
  };
  return { toasts, dialogs, closeDialog };
}

export function Notices() {
  const { t } = useTranslation();
  // The element takes no room on the page, wherever it was put: its toasts are fixed to the window and
  // its dialogs open modally, but as an ordinary element its widget root was as tall as the window after
  // the page's own content, which made every page scrollable by that much.
  const host = useWidget()?.host;
  useLayoutEffect(() => {
    if (host) Object.assign(host.style, { position: 'fixed', top: '0', left: '0', width: '0', height: '0' });
  }, [host]);
  const { toasts, dialogs, closeDialog } = useNotices();
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
