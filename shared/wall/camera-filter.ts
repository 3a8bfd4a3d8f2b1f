// The camera list's keyword filter and virtual window, as pure functions so 20000 rows stay cheap:
// one lower-cased haystack per camera built once per load, then one substring test per keystroke.
import type { Camera } from '../api/video-types.ts';

export interface ListCamera {
  id: number;
  name: string;
  label: string;
  /** Camera name plus its group path, as a wall slot stores it. */
  slotName: string;
  disableYunControl: boolean;
  /** name and label, lower-cased, for the filter. */
  haystack: string;
}

export function toListCamera(c: Camera): ListCamera {
  return {
    id: c.id,
    name: c.name,
    label: c.label,
    slotName: c.groupPath ? `${c.name} (${c.groupPath})` : c.name,
    disableYunControl: c.params.disableYunControl,
    haystack: `${c.name}\u0000${c.label}`.toLowerCase(),
  };
}

/** Cameras whose name or label contains the keyword (case-insensitive); all of them for ''. */
export function filterCameras(list: readonly ListCamera[], keyword: string): readonly ListCamera[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return list;
  return list.filter((c) => c.haystack.includes(k));
}

export const ROW_HEIGHT = 32;
export const OVERSCAN = 6;

