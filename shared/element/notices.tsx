// Renders the notices of shared/http (SPEC §8): toasts that leave after their duration, and
// blocking dialogs (session expired, logged in elsewhere, illegal licence) one at a time.
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { onNotice, type Notice } from '../http/notify.ts';
import { useWidget } from './context.ts';

const NoticesView = lazy(() => import('./notices-view.tsx'));

export function Notices() {
  // The element takes no room on the page, wherever it was put: its toasts are fixed to the window and
  // its dialogs open modally, but as an ordinary element its widget root was as tall as the window after
  // the page's own content, which made every page scrollable by that much.
  const host = useWidget()?.host;
  useLayoutEffect(() => {
    if (host) Object.assign(host.style, { position: 'fixed', top: '0', left: '0', width: '0', height: '0' });
  }, [host]);
  // The view loads with the first notice (a page that never shows one does not carry it); until it
  // takes over, notices wait here, so none is lost and a dialog's consequence still waits for its OK.
  const waiting = useRef<Notice[] | null>([]);
  const [shown, setShown] = useState(false);
  useEffect(
    () =>
      onNotice((notice) => {
        if (!waiting.current) return;
        waiting.current.push(notice);
        setShown(true);
      }),
    [],
  );
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <NoticesView
        takeWaiting={() => {
          const list = waiting.current ?? [];
          waiting.current = null;
          return list;
        }}
      />
    </Suspense>
  );
}
