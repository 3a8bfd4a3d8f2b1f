// Notices are how shared code asks for a toast or a dialog without knowing who draws it:
// the console and every widget host subscribe and render them (SPEC §8).
import { singleton } from '../kit.ts';

export type NoticeLevel = 'error' | 'warning' | 'info' | 'success';

export interface Notice {
  id: number;
  kind: 'toast' | 'dialog';
  level: NoticeLevel;
  /** An i18n key, or a text that came from the server (`text` wins). */
  key?: string;
  params?: Record<string, unknown>;
  text?: string;
  /** i18n key of a dialog title. */
  titleKey?: string;
  /** How long a toast stays, in ms. */
  duration?: number;
  /** Runs once when a dialog is acknowledged (or at once if nobody can show it). */
  onClose?: () => void;
}

type Listener = (notice: Notice) => void;

interface Bus {
  listeners: Set<Listener>;
  nextId: number;
}

const bus = singleton<Bus>('notices', () => ({ listeners: new Set(), nextId: 1 }));

export function notify(notice: Omit<Notice, 'id'>): Notice {
  const full: Notice = { ...notice, id: bus.nextId++ };
  if (bus.listeners.size === 0) {
    // Nobody can show it: a dialog's consequence (logout) must still happen.
    if (full.kind === 'dialog') full.onClose?.();
    else console.warn('[atrium]', full.text ?? full.key);
  }
  for (const listener of bus.listeners) listener(full);
  return full;
}

export function onNotice(listener: Listener): () => void {
  bus.listeners.add(listener);
  return () => bus.listeners.delete(listener);
}
