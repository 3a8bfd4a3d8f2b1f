import { describe, expect, it } from 'vitest';
import { allowedRoutes, holds, inAppPath, isOpenPath, loginPathFor, mayOpen, menuTarget, partitionRoutes, safeRedirect } from './access.ts';
import { LAYOUT_ROUTES, STANDALONE_ROUTES } from './route-table.ts';

const rights = (...codes: string[]) => Object.fromEntries(codes.map((c) => [c, true]));
const OPERATOR = rights('MonitorOPS', 'alarmManager', 'alarmSearch', 'videoGroup', 'linkManage', 'quickScene', 'devCard');
const VIEWER = rights('alarmSearch');
const paths = (list: readonly { path: string }[]) => list.map((r) => r.path);

describe('route filtering by authority codes', () => {
  it('opens routes without a code to every signed-in user', () => {
    expect(holds({}, null)).toBe(true);
    expect(paths(allowedRoutes(LAYOUT_ROUTES, {}))).toEqual(['introduction', 'info', 'theme']);
  });

  it('gives the viewer nothing gated but the stand-alone alarm search', () => {
    const layout = allowedRoutes(LAYOUT_ROUTES, VIEWER);
    expect(paths(layout)).toEqual(['introduction', 'info', 'theme']);
    expect(paths(allowedRoutes(STANDALONE_ROUTES, VIEWER))).toEqual(['alarm_search']);
  });

  it('gives the operator exactly the routes of its groups and video access', () => {
    const { allowed, denied } = partitionRoutes(LAYOUT_ROUTES, OPERATOR);
    expect(paths(allowed)).toEqual([
      'introduction', 'info', 'theme', 'videoGroup',
      'linkmng/quick_scene', 'linkmng/link_group', 'linkmng/holiday', 'linkmng/link_findrecord',
      'alarm/event-type', 'alarm/config', 'alarm/search',
      'devstatus/tabs', 'devmng/search', 'ops/gate_log',
    ]);
    expect(paths(denied)).toContain('userMng');
    expect(paths(denied)).toContain('devmng/config');
    expect(paths(allowedRoutes(STANDALONE_ROUTES, OPERATOR))).toContain('video_wall');
  });

  it('accepts any one of several codes', () => {
    expect(holds(rights('devManager'), ['devManager', 'videoGroup'])).toBe(true);
    expect(holds(rights('videoGroup'), ['devManager', 'videoGroup'])).toBe(true);
    expect(holds(rights('alarmSearch'), ['devManager', 'videoGroup'])).toBe(false);
  });

  it('does not mistake inherited object keys for rights', () => {
    expect(holds({}, 'toString')).toBe(false);
    expect(holds({}, 'constructor')).toBe(false);
  });

  it('keeps every route of the table under a unique path', () => {
    const all = [...paths(LAYOUT_ROUTES), ...paths(STANDALONE_ROUTES)];
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('safe redirect after sign-in', () => {
  it('keeps an in-app path with its query and hash', () => {
    expect(safeRedirect('/alarm/search?level=1#top')).toBe('/alarm/search?level=1#top');
    expect(safeRedirect('/userMng')).toBe('/userMng');
  });

  it.each([
    'https://evil.example/',
    'http://evil.example',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    ' /alarm',
    'alarm/search',
    '/\talarm',
    '',
    null,
    undefined,
    42,
  ])('refuses %j and goes home', (target) => {
    expect(safeRedirect(target)).toBe('/');
  });

  it('never leads back to a sign-in page', () => {
    expect(safeRedirect('/login')).toBe('/');
    expect(safeRedirect('/login/?x=1')).toBe('/');
    expect(safeRedirect('/ldap')).toBe('/');
  });

  it('normalises dot segments instead of escaping the app', () => {
    expect(safeRedirect('/a/../../b')).toBe('/b');
  });

  it('builds the login address that remembers where the user wanted to go', () => {
    expect(loginPathFor('/alarm/search?x=1')).toBe('/login?redirect=%2Falarm%2Fsearch%3Fx%3D1');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/login')).toBe('/login');
    expect(inAppPath('//x')).toBeNull();
    expect(isOpenPath('/ldap/')).toBe(true);
    expect(isOpenPath('/info')).toBe(false);
  });
});

describe('menu URL safety', () => {
  it('follows in-app paths and https URLs', () => {
    expect(menuTarget('/videoGroup?type=wall')).toEqual({ kind: 'internal', to: '/videoGroup?type=wall' });
    expect(menuTarget('https://docs.example/manual')).toEqual({ kind: 'external', href: 'https://docs.example/manual' });
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'http://plain.example',
    '//evil.example',
    '/\\evil.example',
    'https://',
    'alarm/search',
    '',
    null,
    { toString: () => '/x' },
  ])('ignores %j', (uri) => {
    expect(menuTarget(uri)).toBeNull();
  });
});

describe('links only where the user may go', () => {
  it('a right-only code (the alarm count) opens no page; the group code does', () => {
    expect(mayOpen({ alarmSearch: {} }, '/alarm/search?handleStatus=unhandled')).toBe(false);
    expect(mayOpen({ alarmSearch: {}, alarmManager: {} }, '/alarm/search?handleStatus=unhandled')).toBe(true);
  });
  it('home, open and code-free routes are open to all; unknown paths to none', () => {
    expect(mayOpen({}, '/')).toBe(true);
    expect(mayOpen({}, '/introduction')).toBe(true);
    expect(mayOpen({}, '/info')).toBe(true);
    expect(mayOpen({}, '/login')).toBe(true);
    expect(mayOpen({ jobMng: {} }, '/nowhere')).toBe(false);
    expect(mayOpen({}, '/jobmng')).toBe(false);
    expect(mayOpen({ jobMng: {} }, '/jobmng/')).toBe(true);
  });
});
