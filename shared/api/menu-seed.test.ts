import { describe, expect, it } from 'vitest';
import { MENU_GROUP_CODES, MENU_SEED, RIGHT_ONLY_MENU_CODES } from './menu-seed.ts';

describe('menu seed', () => {
  it('has every SPEC §2 authority group and the right-only codes, each code once', () => {
    const codes = MENU_SEED.map((m) => m.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(MENU_GROUP_CODES).toEqual([
      'baseManager', 'depMng', 'devManager', 'linkManage', 'alarmManager', 'mapConfigManage', 'relationManager',
      'documentManager', 'jobMng', 'clusterMonitorMng', 'MonitorOPS', 'activitiManager', 'attendanceManage',
    ]);
    for (const code of RIGHT_ONLY_MENU_CODES) expect(codes).toContain(code);
  });

  it('gives every child a known parent, a route and names in both languages', () => {
    for (const item of MENU_SEED) {
      expect(item.zh.trim(), item.code).not.toBe('');
      expect(item.en.trim(), item.code).not.toBe('');
      if (item.parentCode) {
        expect(MENU_GROUP_CODES).toContain(item.parentCode);
        expect(item.uri).toMatch(/^\/[\w/?=-]+$/);
      }
    }
    expect(MENU_SEED.find((m) => m.code === 'videoGroup')).toMatchObject({ parentCode: 'devManager', uri: '/videoGroup?type=wall' });
    expect(MENU_SEED.find((m) => m.code === 'configManage')?.uri).toBe('/devmng/config');
  });
});
