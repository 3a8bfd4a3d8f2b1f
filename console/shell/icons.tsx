// Line icons for the shell. Server menus name their icon; the name only picks one of these shapes
// (an unknown name gets the generic one), so nothing the server sends reaches the markup as code.
import type { SVGProps } from 'react';

const SHAPES: Record<string, string> = {
  dashboard: 'M3 3h8v10H3zM13 3h8v6h-8zM13 11h8v10h-8zM3 15h8v6H3z',
  setting: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1',
  peoples: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM1 21v-1a6 6 0 0 1 12 0v1M17 11a3 3 0 1 0 0-6M23 21v-1a5 5 0 0 0-4-4.9',
  user: 'M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM3 22v-1a7 7 0 0 1 7-7h4a7 7 0 0 1 7 7v1',
  device: 'M4 4h16v12H4zM8 20h8M12 16v4',
  link: 'M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1',
  alarm: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4',
  map: 'M9 3 3 6v15l6-3 6 3 6-3V3l-6 3zM9 3v15M15 6v15',
  relation: 'M6 6m-3 0a3 3 0 1 0 6 0 3 3 0 1 0-6 0M18 18m-3 0a3 3 0 1 0 6 0 3 3 0 1 0-6 0M8.5 8.5l7 7',
  document: 'M6 2h9l5 5v15H6zM14 2v6h6M9 13h8M9 17h8',
  job: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 6v6l4 2',
  cluster: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z',
  monitor: 'M3 12h4l3-7 4 14 3-7h4',
  workflow: 'M3 5h6v4H3zM15 15h6v4h-6zM6 9v4a2 2 0 0 0 2 2h7',
  attendance: 'M4 5h16v16H4zM4 10h16M9 3v4M15 3v4M9 15l2 2 4-4',
  video: 'M3 6h12v12H3zM15 10l6-4v12l-6-4',
  scene: 'M13 2 4 14h7l-1 8 9-12h-7z',
  card: 'M3 5h18v14H3zM3 10h18',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5',
  generic: 'M12 12m-4 0a4 4 0 1 0 8 0 4 4 0 1 0-8 0',
  fold: 'M3 6h18M3 12h12M3 18h18M21 9l-3 3 3 3',
  unfold: 'M3 6h18M9 12h12M3 18h18M3 9l3 3-3 3',
  fullscreen: 'M3 9V3h6M21 9V3h-6M3 15v6h6M21 15v6h-6',
  fullscreenExit: 'M9 3v6H3M15 3v6h6M9 21v-6H3M15 21v-6h6',
  chevron: 'M9 6l6 6-6 6',
  close: 'M6 6l12 12M18 6 6 18',
  language: 'M3 5h12M9 3v2M5 5c0 5 4 9 9 10M13 5c0 5-4 9-9 10M13 21l4-9 4 9M14.5 18h5',
  theme: 'M12 3a9 9 0 1 0 9 9c0-1-1-1.5-2-1.5h-2a2 2 0 0 1-2-2V6c0-1.5-1.5-3-3-3zM7.5 11.5h.01M9.5 7.5h.01',
  guide: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.7v.5M12 17h.01',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  tasks: 'M9 6h12M9 12h12M9 18h12M4 6h.01M4 12h.01M4 18h.01',
};

const ALIASES: Record<string, string> = {
  tenant: 'user', info: 'user', menu: 'tasks', message: 'alarm', key: 'setting', role: 'peoples', model: 'device',
  tree: 'cluster', gateway: 'device', strategy: 'link', date: 'attendance', log: 'document', type: 'tasks', config: 'setting',
  scada: 'map', template: 'map', queue: 'tasks', history: 'job', form: 'document', task: 'tasks', send: 'workflow',
  approve: 'attendance', copy: 'document', list: 'tasks', rule: 'setting', location: 'map', chart: 'dashboard', bell: 'alarm',
};

/** Every name a menu may give as its icon (shapes and their aliases). */
export const ICON_NAMES: readonly string[] = [...Object.keys(SHAPES), ...Object.keys(ALIASES)].sort();

export function iconPath(name: string): string {
  return SHAPES[name] ?? SHAPES[ALIASES[name] ?? ''] ?? SHAPES.generic!;
}

export function Icon({ name, size = 18, ...rest }: { name: string; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...rest}>
      <path d={iconPath(name)} />
    </svg>
  );
}
