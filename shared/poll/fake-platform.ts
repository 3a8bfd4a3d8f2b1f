// Browser tests only: a stand-in for the platform's alarm and progress calls behind window.fetch,
// and a signed-in session with chosen rights, so a widget can be checked without a server.
import type { AlarmTotal } from '../api/alarm-types.ts';
import type { MenuItem, UserInfo } from '../api/types.ts';
import type { ProgressDelete, ProgressItem } from '../api/progress-types.ts';
import { session } from '../session/store.ts';

export interface FakePlatform {
  alarm: AlarmTotal;
  progress: ProgressItem[];
  calls: Array<{ method: string; path: string; at: number; body: unknown }>;
  deletes: ProgressDelete[];
  count(path: string, method?: string): number;
  restore(): void;
}

export function fakePlatform(): FakePlatform {
  const original = window.fetch;
  const platform: FakePlatform = {
    alarm: { total: 0, latestId: 0, latest: null },
    progress: [],
    calls: [],
    deletes: [],
    count: (path, method = 'GET') => platform.calls.filter((c) => c.path === path && c.method === method).length,
    restore: () => {
      window.fetch = original;
    },
  };
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), location.href);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    platform.calls.push({ method, path: url.pathname, at: Date.now(), body });
    const answer = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/alarm/total/tenant') return answer(platform.alarm);
    if (url.pathname === '/api/admin/progress' && method === 'GET') return answer(platform.progress);
    if (url.pathname === '/api/admin/progress' && method === 'DELETE') {
      const request = body as ProgressDelete;
      platform.deletes.push(request);
      return answer({ deleted: request.tag === 1 ? platform.progress.filter((p) => p.status !== 1).length : (request.keys ?? []).length });
    }
    return new Response('not found', { status: 404 });
  };
  return platform;
}

const menu = (code: string): MenuItem => ({ code, menu: code, icon: '', uri: '', parentCode: null });

/** Signs a fake user in with exactly these rights (or out, with null). */
export function signInAs(rights: { menus?: string[]; elements?: string[]; id?: number } | null): void {
  if (!rights) {
    session.token = null;
    session.user = null;
    session.menus = {};
    session.elements = {};
    return;
  }
  const user: UserInfo = {
    id: rights.id ?? 1,
    username: `user${rights.id ?? 1}`,
    name: 'Test',
    description: '',
    tenantId: 1,
    type: 'user',
    avatar: '',
    menus: (rights.menus ?? []).map(menu),
    elements: (rights.elements ?? []).map((code) => ({ code })),
  };
  session.token = 'test-token-0123456789';
  session.user = user;
  session.menus = Object.fromEntries(user.menus.map((m) => [m.code, m]));
  session.elements = Object.fromEntries(user.elements.map((e) => [e.code, true as const]));
}

export const progressItem = (over: Partial<ProgressItem> = {}): ProgressItem => ({
  key: 'demo',
  hashKey: Math.random().toString(36).slice(2, 10),
  title: 'Demo job',
  startTime: '2025-03-01 10:00:00',
  endTime: '2025-03-01 10:01:00',
  totalSize: 10,
  currentSize: 10,
  status: 0,
  msg: 'done',
  ...over,
});
