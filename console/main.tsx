// The console's entry: session, language, theme and the router. Everything beyond the sign-in page
// (shell, pages, Ark UI, the kit's core elements) is loaded lazily.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import '../shared/theme/themes.css.ts';
import './app.css.ts';
import { i18n, setLanguage } from '../shared/i18n/index.ts';
import { kitConfig } from '../shared/kit.ts';
import { adoptUrlToken, followOtherTabs, session, settings, startTokenRefresh } from '../shared/session/index.ts';
import { App } from './app.tsx';
import { adoptHideLoginFlag } from './state/shell.ts';
import { loadTenant } from './state/tenant.ts';
import { startThemeSync } from './state/theme-sync.ts';

kitConfig.reloadOnLogout = true;
void setLanguage(settings.language);
document.documentElement.lang = settings.language === 'zh' ? 'zh-CN' : 'en';
adoptHideLoginFlag();
followOtherTabs();
adoptUrlToken();
if (session.token) startTokenRefresh();
startThemeSync();
void loadTenant();

// The service worker (production builds only): registered once the page has loaded, off the start-up path.
if (import.meta.env.PROD) {
  addEventListener('load', () => void import('./sw/register.ts').then((m) => m.registerServiceWorker()).catch(() => undefined), { once: true });
}

// Unhandled errors (SPEC §8): the browser logs them; the reporter (its own chunk, loaded on the first
// one) sends them to the platform's error log.
const reportError = (error: unknown) => void import('./errors/report.ts').then((m) => m.reportError(error)).catch(() => undefined);
addEventListener('error', (event) => reportError(event.error ?? event.message));
addEventListener('unhandledrejection', (event) => reportError(event.reason));

const container = document.getElementById('app');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <App />
        <atrium-notices />
      </I18nextProvider>
    </StrictMode>,
  );
}
