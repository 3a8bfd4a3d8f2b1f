// A console page that shows a kit element loads the element's chunk first. When that load fails (a
// deploy replaced the files, the network dropped), the page says so and offers a retry instead of
// staying blank; a second failure offers a reload.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as css from './error-pages.css.ts';

export interface ElementChunk {
  ready: boolean;
  failed: boolean;
  retry(): void;
}

/** Loads an element chunk once `enabled`; answers whether it is ready, failed, and a retry. */
export function useElementChunk(load: () => Promise<unknown>, enabled = true): ElementChunk {
  const [state, setState] = useState<{ ready: boolean; failed: boolean; attempt: number }>({ ready: false, failed: false, attempt: 0 });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    load().then(
      () => live && setState((s) => ({ ...s, ready: true, failed: false })),
      (error: unknown) => {
        console.error('[atrium] element chunk failed to load', error);
        if (live) setState((s) => ({ ...s, failed: true }));
      },
    );
    return () => {
      live = false;
    };
    // `load` is a module-level import thunk (stable); a new attempt is asked for through `attempt`.
  }, [load, enabled, state.attempt]);
  const retry = useCallback(() => setState((s) => ({ ready: false, failed: false, attempt: s.attempt + 1 })), []);
  return { ready: state.ready, failed: state.failed, retry };
}

export function ChunkFailed({ chunk }: { chunk: ElementChunk }) {
  const { t } = useTranslation();
  return (
    <section className={css.page} role="alert" data-part="chunk-failed">
      <p className={css.text}>{t('shell.errors.loadFailed')}</p>
      <button type="button" onClick={chunk.retry} data-action="retry">
        {t('common.retry')}
      </button>
      <button type="button" onClick={() => location.reload()}>
        {t('shell.errors.reload')}
      </button>
    </section>
  );
}
