// How the monitoring cards (the device list element's cards view) and the console's device drawer
// write a live reading, and how often they read again.
import type { PointValue } from '../api/point-types.ts';

/** How often the cards and the drawer read values again (the point simulator writes every 10 s by default). */
export const READINGS_EVERY_MS = 10_000;

/** A reading as a person reads it: the value with its unit, or '—' before the first report. */
export function readingText(p: PointValue, t: (key: string) => string): string {
  if (p.value === null) return '—';
  if (p.dataType === 'bool') return p.value ? t('device.cards.on') : t('device.cards.off');
  const value = p.dataType === 'float' ? String(Math.round(p.value * 100) / 100) : String(p.value);
  return p.unit ? `${value} ${p.unit}` : value;
}
