// The captcha picture from /jwt/captcha; a click (or Enter) fetches another. The server binds the
// answer to this browser by a cookie and accepts it once, so a failed sign-in asks for a new one.
import { useTranslation } from 'react-i18next';
import { captchaUrl } from '../../shared/api/auth.ts';
import { kitConfig } from '../../shared/kit.ts';
import * as css from './login.css.ts';

export function CaptchaImage({ stamp, onRefresh }: { stamp: number; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={css.captchaButton} onClick={onRefresh} title={t('login.form.refreshCaptcha')} data-testid="captcha">
      <img className={css.captchaImage} src={captchaUrl(kitConfig.apiBase, stamp)} alt={t('shell.signin.captchaAlt')} width={120} height={40} />
    </button>
  );
}
