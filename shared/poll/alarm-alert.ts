// The opt-in alerts of a new alarm: a short tone and a desktop notification. Every bell in every tab
// sees the same arrival, so each alarm alerts once per browser: the first tab to claim it in
// localStorage plays it; a notification also carries a tag, so the system shows it once anyway.
import { readLocal, writeLocal } from '../session/storage.ts';
import { singleton } from '../kit.ts';
import type { AlarmTotal } from '../api/alarm-types.ts';

const CLAIM_KEY = 'atrium.alarm.alerted';

interface AlertState {
  audio: AudioContext | null;
  lastSound: number;
  lastNotice: number;
}

const state = singleton<AlertState>('alarm-alert', () => ({ audio: null, lastSound: 0, lastNotice: 0 }));

/** Claims the alert of alarm `id` for this tab; false when this or another tab already had it. */
function claim(kind: 'sound' | 'notify', id: number): boolean {
  const key = `${CLAIM_KEY}.${kind}`;
  if (Number(readLocal(key) ?? 0) >= id) return false;
  writeLocal(key, String(id));
  return true;
}

function beep(): void {
  const Ctor = globalThis.AudioContext;
  if (!Ctor) return;
  state.audio ??= new Ctor();
  const ctx = state.audio;
  // Browsers keep audio suspended until the page had a user gesture; a silent failure is all we can do.
  void ctx.resume().catch(() => undefined);
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.frequency.value = 880;
  gain.gain.setValueAtTime(0.15, ctx.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.4);
  osc.connect(gain).connect(ctx.destination);
  osc.start();
  osc.stop(ctx.currentTime + 0.4);
}

export interface AlertChoice {
  sound: boolean;
  notify: boolean;
  /** Notification title and body, already translated. */
  title: string;
  body: string;
}

export function alertNewAlarm(latest: AlarmTotal['latest'], choice: AlertChoice): void {
  if (!latest) return;
  if (choice.sound && state.lastSound < latest.id) {
    state.lastSound = latest.id;
    if (claim('sound', latest.id)) beep();
  }
  if (choice.notify && state.lastNotice < latest.id && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    state.lastNotice = latest.id;
    if (claim('notify', latest.id)) new Notification(choice.title, { body: choice.body, tag: `atrium-alarm-${latest.id}` });
  }
}

/** Asks for notification permission; browsers allow this only from a user gesture (the bell's click). */
export function askNotificationPermission(): void {
  if (typeof Notification !== 'undefined' && Notification.permission === 'default') void Notification.requestPermission();
}
