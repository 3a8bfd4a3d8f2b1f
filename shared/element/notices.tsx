// Renders the notices of shared/http (SPEC §8): toasts that leave after their duration, and
// blocking dialogs (session expired, logged in elsewhere, illegal licence) one at a time.
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { onNotice, type Notice } from '../http/notify.ts';
import { useWidget } from './context.ts';

type View = ComponentType<{ takeWaiting: () => Notice[] }>;

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
  // The view is drawn as soon as its module has arrived, not through a Suspense boundary: React holds
  // back a boundary's reveal on a timer (up to 300 ms), so a toast waited for the page's clock.
  const waiting = useRef<Notice[] | null>([]);
  const [View, setView] = useState<View | null>(null);
  useEffect(
    () =>
      onNotice((notice) => {
        if (!waiting.current) return;
        // The first waiting notice fetches the view (a late answer after unmounting sets nothing).
        if (waiting.current.push(notice) === 1) void import('./notices-view.tsx').then((m) => setView(() => m.default));
      }),
    [],
  );
  if (!View) return null;
  return (
    <View
      takeWaiting={() => {
        const list = waiting.current ?? [];
        waiting.current = null;
        return list;
      }}
    />
  );
}
