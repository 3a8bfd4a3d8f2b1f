import { describe, expect, it } from 'vitest';
import { MENU_SEED } from '../../shared/api/menu-seed.ts';
import type { MenuItem } from '../../shared/api/types.ts';
import { LAYOUT_ROUTES } from '../router/route-table.ts';
import { buildSideMenu, groupOfPath, type MenuEntry } from './side-menu-model.ts';

/** What the demo platform answers for a user holding `codes` (English names). */
const serverMenus = (codes: readonly string[] | 'all'): MenuItem[] =>
  MENU_SEED.filter((m) => codes === 'all' || codes.includes(m.code)).map((m) => ({ code: m.code, menu: m.en, icon: m.icon, uri: m.uri, parentCode: m.parentCode }));

const build = (items: MenuItem[]) => buildSideMenu(items, LAYOUT_ROUTES, Object.fromEntries(items.map((m) => [m.code, m])));
const labels = (entries: MenuEntry[]) => entries.map((e) => ('text' in e.label ? e.label.text : e.label.key));

describe('side menu from the server menus', () => {
  it('shows the admin every group with the server names', () => {
    const entries = build(serverMenus('all'));
    expect(labels(entries)).toEqual([
      'shell.route.largeScreenMonitor',
      'Basic management', 'Organisation', 'Devices', 'Linkage', 'Alarms', 'SCADA maps', 'Relations',
      'Documents', 'Jobs', 'Cluster monitoring', 'Operations monitoring', 'Workflow', 'Attendance',
    ]);
    const devices = entries.find((e) => e.id === 'devManager');
    expect(devices?.kind === 'group' && devices.children.map((c) => c.target)).toEqual([
      { kind: 'internal', to: '/devmng/config' },
      { kind: 'internal', to: '/devmng/subsystem' },
      { kind: 'internal', to: '/devmng/gw' },
      { kind: 'internal', to: '/videoGroup?type=wall' },
    ]);
  });

  it('gives the operator its groups, filled from the route table, and video access on its own', () => {
    const entries = build(serverMenus(['MonitorOPS', 'alarmManager', 'alarmSearch', 'videoGroup', 'linkManage', 'quickScene', 'devCard']));
    expect(labels(entries)).toEqual(['shell.route.largeScreenMonitor', 'Video access', 'Linkage', 'Alarms', 'Operations monitoring']);
    const alarms = entries.find((e) => e.id === 'alarmManager');
    expect(alarms?.kind === 'group' && labels(alarms.children as MenuEntry[])).toEqual([
      'shell.route.alarmEventType', 'shell.route.alarmConfig', 'shell.route.alarmSearch',
    ]);
    expect(groupOfPath(entries, '/alarm/search')).toBe('alarmManager');
  });

  it('gives the viewer only the dashboard: alarmSearch is a right, not a page', () => {
    expect(labels(build(serverMenus(['alarmSearch'])))).toEqual(['shell.route.largeScreenMonitor']);
  });

  it('keeps hostile names as plain text and drops script uris', () => {
    const hostile: MenuItem = { code: 'evil', menu: '<img src=x onerror=alert(1)>', icon: '"><script>', uri: 'javascript:alert(1)', parentCode: null };
    const entries = build([hostile]);
    const leaf = entries[1];
    expect(leaf).toEqual({ kind: 'leaf', id: 'evil', label: { text: '<img src=x onerror=alert(1)>' }, icon: '"><script>', target: null });
  });
});
