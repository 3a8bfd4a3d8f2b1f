// Turns the route table into react-router's data routes for one user: routes they hold open their
// (lazily loaded) page, the others answer the 401 page, unknown paths the 404 page (SPEC §2, §4).
import { createBrowserRouter, Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { session } from '../../shared/session/index.ts';
import { isOpenPath, loginPathFor, partitionRoutes, safeRedirect, type Rights } from './access.ts';
import type { RouteHandle } from './handle.ts';
import { loadPage } from './pages.ts';
import { groupTitleKey, HOME_PATH, LAYOUT_ROUTES, PLAIN_ROUTES, STANDALONE_ROUTES, titleKey, type RouteDef } from './route-table.ts';
import { BootScreen } from '../boot-screen.tsx';
import { RouteErrorPage } from '../errors/route-error.tsx';

const errorPages = () => import('../errors/error-pages.tsx');

const notFound = async () => ({ Component: (await errorPages()).NotFoundPage });
const forbidden = async () => ({ Component: (await errorPages()).ForbiddenPage });

function handleOf(route: RouteDef): RouteHandle {
  return {
    titleKey: titleKey(route.name),
    ...(route.group ? { groupKey: groupTitleKey(route.group) } : {}),
    ...(route.subTitles ? { subTitles: route.subTitles } : {}),
    ...(route.hideBreadcrumb ? { hideBreadcrumb: true } : {}),
    ...(route.fullScreen ? { fullScreen: true } : {}),
  };
}

function toRoutes(table: readonly RouteDef[], rights: Rights): RouteObject[] {
  const { allowed, denied } = partitionRoutes(table, rights);
  const open = new Set(allowed);
  return [...allowed, ...denied]
    .sort((a, b) => table.indexOf(a) - table.indexOf(b))
    .map((route) => ({
      path: route.path,
      handle: handleOf(route),
      lazy: open.has(route) ? async () => ({ Component: await loadPage(route.page) }) : forbidden,
    }));
}

/**
 * SPEC §2 access rule, run before every navigation: without a token only the sign-in pages open
 * (the wanted in-app path is kept for after sign-in); with one, the sign-in pages lead onwards.
 */
export function guard({ request }: LoaderFunctionArgs): Response | null {
  const url = new URL(request.url);
  if (!session.token) {
    if (isOpenPath(url.pathname)) return null;
    throw redirect(loginPathFor(url.pathname + url.search));
  }
  if (isOpenPath(url.pathname)) throw redirect(safeRedirect(url.searchParams.get('redirect')));
  return null;
}

export function buildRoutes(rights: Rights): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      loader: guard,
      // The guard must see every navigation, not only the first: its answer depends on the session.
      shouldRevalidate: () => true,
      HydrateFallback: BootScreen,
      ErrorBoundary: RouteErrorPage,
      children: [
        { path: 'login', lazy: async () => ({ Component: (await import('../login/login-page.tsx')).LoginPage }) },
        { path: 'login/oauth', lazy: async () => ({ Component: (await import('../login/oauth-landing.tsx')).OauthLanding }) },
        { path: 'ldap', lazy: async () => ({ Component: (await import('../login/ldap-page.tsx')).LdapPage }) },
        { path: '404', lazy: notFound },
        { path: '401', lazy: forbidden },
        ...toRoutes(PLAIN_ROUTES, rights),
        ...toRoutes(STANDALONE_ROUTES, rights),
        {
          id: 'layout',
          lazy: async () => ({ Component: (await import('../shell/layout.tsx')).Layout }),
          children: [{ index: true, element: <Navigate to={HOME_PATH} replace /> }, ...toRoutes(LAYOUT_ROUTES, rights)],
        },
        { path: '*', lazy: notFound },
      ],
    },
  ];
}

export const createAppRouter = (rights: Rights) => createBrowserRouter(buildRoutes(rights));
