// The sign-in page's third-party buttons: one per platform the sign-in tenant enabled (baseManager
// oauth). Each is a plain link to the platform's start address: the platform runs the whole
// authorization-code flow and comes back to /login/oauth.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../shared/http/index.ts';
import * as css from './login.css.ts';
import type { SignInPlatform } from '../../shared/api/oauth.ts';

export function ThirdPartyButtons() {
  const { t } = useTranslation();
  const [platforms, setPlatforms] = useState<SignInPlatform[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    http.get<SignInPlatform[]>('/jwt/oauth/platforms', { signal: abort.signal, quiet: true }).then(setPlatforms, () => undefined);
    return () => abort.abort();
  }, []);
  if (platforms.length === 0) return null;
  return (
    <nav className={css.links} aria-label={t('shell.signin.oauthTitle')} data-testid="third-party">
      {platforms.map((p) => (
        <a key={p.id} href={`/jwt/oauth/${p.id}/start`} data-platform={p.id}>
          {t('shell.signin.oauthWith', { name: p.name })}
        </a>
      ))}
    </nav>
  );
}
