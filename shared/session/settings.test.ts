import { beforeEach, describe, expect, it } from 'vitest';

// An in-memory localStorage: node has none, and these rules are about what is stored.
const memory = new Map<string, string>();
Object.defineProperty(globalThis, 'localStorage', {
  configurable: true,
  value: {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, String(v)),
    removeItem: (k: string) => void memory.delete(k),
  },
});

const { settings, visitView, closeView, clearViews, loadTheme, saveTheme, DEFAULT_THEME, THEME_DEFAULTS } = await import(
  './settings.ts'
);

describe('visited views', () => {
  beforeEach(() => clearViews());

  it('keeps the last six, dropping the oldest on the seventh', () => {
    for (let i = 1; i <= 7; i++) visitView({ path: `/p${i}`, title: `P${i}` });
    expect(settings.visitedViews.map((v) => v.path)).toEqual(['/p2', '/p3', '/p4', '/p5', '/p6', '/p7']);
    expect(JSON.parse(memory.get('atrium.visitedViews')!)).toHaveLength(6);
  });

  it('moves a revisited page to the end instead of duplicating it', () => {
    visitView({ path: '/a', title: 'A' });
    visitView({ path: '/b', title: 'B' });
    visitView({ path: '/a', title: 'A' });
    expect(settings.visitedViews.map((v) => v.path)).toEqual(['/b', '/a']);
  });

  it('reuses the tab of a route opened again with another query', () => {
    visitView({ path: '/videoGroup?type=wall', title: 'W' });
    visitView({ path: '/devstatus/tabs?groupId=3', title: 'D' });
    visitView({ path: '/videoGroup', title: 'V' });
    visitView({ path: '/devstatus/tabs?groupId=4', title: 'D' });
    expect(settings.visitedViews.map((v) => v.path)).toEqual(['/videoGroup', '/devstatus/tabs?groupId=4']);
  });

  it('closing a view goes to its neighbour, and closing the last goes to /', () => {
    visitView({ path: '/a', title: 'A' });
    visitView({ path: '/b', title: 'B' });
    expect(closeView('/b')).toBe('/a');
    expect(closeView('/a')).toBe('/');
  });
});

describe('theme per user name', () => {
  it('defaults to the SPEC blue theme', () => {
    expect(loadTheme('nobody')).toEqual({ theme: 'blue-theme', activeColor: '#8D98FF', bgColor: '#171E37' });
    expect(loadTheme(null)).toBe(DEFAULT_THEME);
  });

  it('keeps one user’s choice away from another', () => {
    saveTheme('operator', { theme: 'dark-theme', activeColor: '#112233', bgColor: '#191919' });
    expect(loadTheme('operator')).toEqual({ theme: 'dark-theme', activeColor: '#112233', bgColor: '#191919' });
    expect(loadTheme('admin')).toEqual(THEME_DEFAULTS['blue-theme']);
  });

  it('ignores malformed stored colours', () => {
    memory.set('atrium.theme.mallory', JSON.stringify({ theme: 'light-theme', activeColor: 'red;}</style>', bgColor: 5 }));
    expect(loadTheme('mallory')).toEqual(THEME_DEFAULTS['light-theme']);
  });
});
