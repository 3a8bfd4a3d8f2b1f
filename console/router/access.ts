// Who may open what, and which addresses the console is willing to follow. Pure functions: the
// navigation guard, the side menu and the sign-in redirect all decide through these.
import { HOME_PATH, LAYOUT_ROUTES, OPEN_PATHS, PLAIN_ROUTES, STANDALONE_ROUTES, type Authority, type RouteDef } from './route-table.ts';

/** Menu rights by code, as the session holds them. */
export type Rights = Readonly<Record<string, unknown>>;

/** True when the user holds the route's code (any one of several); routes without a code are open to every signed-in user. */
export function holds(rights: Rights, code: Authority): boolean {
  if (code === null) return true;
  const codes = typeof code === 'string' ? [code] : code;
  return codes.some((c) => Object.hasOwn(rights, c));
}

/** Splits a table into what the user may open and what answers 401. */
export function partitionRoutes<R extends RouteDef>(routes: readonly R[], rights: Rights): { allowed: R[]; denied: R[] } {
  const allowed: R[] = [];
  const denied: R[] = [];
  for (const route of routes) (holds(rights, route.code) ? allowed : denied).push(route);
  return { allowed, denied };
}

/** Routes the user may open, in table order. */
export const allowedRoutes = <R extends RouteDef>(routes: readonly R[], rights: Rights): R[] => partitionRoutes(routes, rights).allowed;

const ROUTE_BY_PATH = new Map([...LAYOUT_ROUTES, ...STANDALONE_ROUTES, ...PLAIN_ROUTES].map((r) => [`/${r.path}`, r]));

/**
 * Whether a link to `target` (an in-app path, with or without a query) leads somewhere this user may
 * go: a route whose code they hold, the home page or a sign-in page. A link to a 401 page (or to no
 * page at all) is not offered.
 */
export function mayOpen(rights: Rights, target: string): boolean {
  const path = (target.split(/[?#]/)[0] ?? '').replace(/\/+$/, '') || '/';
  if (path === '/' || path === HOME_PATH || isOpenPath(path)) return true;
  const route = ROUTE_BY_PATH.get(path);
  return route !== undefined && holds(rights, route.code);
}

export function isOpenPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return OPEN_PATHS.includes(path);
}

const BASE = 'https://atrium.invalid';
// Control characters and backslashes make browsers and URL parsers disagree about where a path ends.
// eslint-disable-next-line no-control-regex
const CONFUSING = /[\u0000-\u001f\u007f\\]/;

/**
 * An in-app path (pathname + query + hash) for `target`, or null when it is not one: absolute URLs,
 * protocol-relative `//host`, `/\host`, scheme tricks and control characters are all refused.
 */
export function inAppPath(target: unknown): string | null {
  if (typeof target !== 'string' || target === '') return null;
  if (!target.startsWith('/') || target.startsWith('//') || CONFUSING.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * Where to go after sign-in: the wanted in-app path, or '/' for anything else (an external URL must
 * never come out of a redirect parameter), and never back to a sign-in page.
 */
export function safeRedirect(target: unknown): string {
  const path = inAppPath(target);
  if (path === null) return '/';
  const pathname = path.split(/[?#]/, 1)[0] ?? '/';
  return isOpenPath(pathname) ? '/' : path;
}

/** The /login address that brings the user back to `wanted` after signing in. */
export function loginPathFor(wanted: string): string {
  const path = inAppPath(wanted);
  if (path === null || path === '/' || isOpenPath(path.split(/[?#]/, 1)[0] ?? '/')) return '/login';
  return `/login?redirect=${encodeURIComponent(path)}`;
}

export type MenuTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

/**
 * What a server-supplied menu uri may lead to: an in-app path, or an https URL opened in a new tab.
 * Everything else (javascript:, data:, http:, protocol-relative, garbage) is ignored: null.
 */
export function menuTarget(uri: unknown): MenuTarget | null {
  if (typeof uri !== 'string') return null;
  const trimmed = uri.trim();
  if (trimmed === '') return null;
  const internal = inAppPath(trimmed);
  if (internal !== null) return { kind: 'internal', to: internal };
  if (CONFUSING.test(trimmed) || !/^https:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' && url.hostname !== '' ? { kind: 'external', href: url.href } : null;
  } catch {
    return null;
  }
}
