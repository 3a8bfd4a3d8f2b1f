// Registers the console's service worker from the console's own folder (so it works from any nested
// page, and under a sub-path behind a reverse proxy) and offers a new version without ever reloading
// on its own: a small bar says a new version is available; choosing "reload" lets the new worker
// take over and reloads this tab. If a form is open, the bar asks to finish it first. When the user applies the
// update in one tab, the console's other tabs follow at once (those with an open form say so and
// follow when the user reloads), so no two tabs keep running two versions of the shared session code.
const TEXT = {
  zh: { available: '有新版本可用', reload: '重新加载', later: '稍后', finishForm: '请先保存或关闭正在编辑的表单' },
  en: { available: 'A new version is available', reload: 'Reload', later: 'Later', finishForm: 'Save or close the open form first' },
} as const;

const lang = (): keyof typeof TEXT => (document.documentElement.lang.startsWith('en') ? 'en' : 'zh');

/** A form in an open dialog holds input the user has not saved. */
const formOpen = (): boolean => document.querySelector('[role=dialog] form, [role=alertdialog] form') !== null;

function showNotice(apply: () => void): void {
  if (document.getElementById('atrium-update')) return;
  const t = TEXT[lang()];
  const bar = document.createElement('div');
  bar.id = 'atrium-update';
  bar.setAttribute('role', 'status');
  bar.dataset.testid = 'update-notice';
  bar.className = 'atrium-update';
  const text = document.createElement('span');
  text.textContent = t.available;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = t.reload;
  reload.addEventListener('click', () => {
    if (formOpen()) {
      text.textContent = `${t.available} · ${t.finishForm}`;
      return;
    }
    apply();
  });
  const later = document.createElement('button');
  later.type = 'button';
  later.textContent = t.later;
  later.addEventListener('click', () => bar.remove());
  bar.append(text, reload, later);
  document.body.append(bar);
}

/**
 * The folder the console is served from: the built scripts sit in its assets/ folder, so it is the
 * folder above this module's own URL — the same on a nested page (/system/user) as on the first one,
 * and under a reverse proxy's sub-path (/atrium/). The page's own path would name a folder that holds
 * no sw.js on every nested page.
 */
export function consoleBase(moduleUrl: string): URL {
  return new URL('../', moduleUrl);
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  // Not `new URL(…, import.meta.url)` in one expression: the bundler would take that for an asset.
  const here = import.meta.url;
  const base = consoleBase(here);
  const registration = await navigator.serviceWorker.register(new URL('sw.js', base), { scope: base.pathname });
  let takingOver = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (takingOver || !formOpen()) {
      location.reload();
      return;
    }
    // Another tab applied the update while this one holds unsaved input: keep it, and say so.
    showNotice(() => location.reload());
  });
  const offer = (worker: ServiceWorker) =>
    showNotice(() => {
      takingOver = true;
      worker.postMessage('atrium:take-over');
    });
  // Only an update is offered: the first install simply starts caching.
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
    });
  });
  // Look for a new version when the tab comes back into view.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
  });
}
