// Renders the notices of shared/http (SPEC §8): toasts that leave after their duration, and
// blocking dialogs (session expired, logged in elsewhere, illegal licence) one at a time.
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { onNotice, type Notice } from '../http/notify.ts';
import { useWidget } from './context.ts';

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

const NoticesView = lazy(() => import('./notices-view.tsx'));

export function Notices() {
  // The element takes no room on the page, wherever it was put: its toasts are fixed to the window and
  // its dialogs open modally, but as an ordinary element its widget root was as tall as the window after
  // the page's own content, which made every page scrollable by that much.
  const host = useWidget()?.host;
  useLayoutEffect(() => {
    if (host) Object.assign(host.style, { position: 'fixed', top: '0', left: '0', width: '0', height: '0' });
  }, [host]);
  const { toasts, dialogs, closeDialog } = useNotices();
  // The view loads with the first notice (a page that never shows one does not carry it).
  if (toasts.length === 0 && dialogs.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <NoticesView toasts={toasts} dialogs={dialogs} closeDialog={closeDialog} />
    </Suspense>
  );
}
