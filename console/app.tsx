// The console's root: waits for user info when a token exists, then builds the router from the
// user's menus (SPEC §4 "routes are generated from the menus"); rebuilt when the rights change.
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session, startTokenRefresh } from '../shared/session/index.ts';
import { BootScreen } from './boot-screen.tsx';
import { createAppRouter } from './router/build-routes.tsx';
import { ensureInfo } from './state/boot.ts';
import { loadKitElements } from './state/kit-elements.ts';
import { loadTenant, tenant } from './state/tenant.ts';
import { restoreThemeFor } from './state/theme-sync.ts';

function useDocumentTitle(): void {
  const { t } = useTranslation();
  const { name } = useSnapshot(tenant);
  const title = name || t('login.form.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function App() {
  const { token, user, menus } = useSnapshot(session);
  const username = user?.username ?? null;
  // Which router the session needs: none while info loads, one per set of rights once signed in,
  // and one for the signed-out state (its guard sends everything to /login).
  const phase = token && !user ? null : token && user ? `in:${Object.keys(menus).sort().join(',')}` : 'out';
  useDocumentTitle();

  useEffect(() => {
    if (token) void loadKitElements();
    if (token && !user) void ensureInfo();
  }, [token, user]);

  useEffect(() => {
    restoreThemeFor(username);
    // The tenant of the signed-in user may differ from the default one the sign-in page showed.
    if (username) {
      startTokenRefresh();
      void loadTenant();
    }
  }, [username]);

  const router = useMemo(() => {
    if (phase === null) return null;
    const codes = phase.startsWith('in:') ? phase.slice(3).split(',').filter(Boolean) : [];
    return createAppRouter(Object.fromEntries(codes.map((c) => [c, true])));
  }, [phase]);
  useEffect(() => () => router?.dispose(), [router]);

  if (!router) return <BootScreen />;
  return <RouterProvider router={router} />;
}
