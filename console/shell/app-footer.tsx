// The footer with the product version (SPEC §1: 2.17.0.11684).
import { useTranslation } from 'react-i18next';
import * as css from './layout.css.ts';

export const PRODUCT_VERSION = '2.17.0.11684';

export function AppFooter() {
  const { t } = useTranslation();
  return (
    <footer className={css.footer} data-testid="footer">
      <span>{t('shell.footer.copyright', { year: new Date().getFullYear() })}</span>
      <span>
        {t('app.productVersion')} {PRODUCT_VERSION}
      </span>
    </footer>
  );
}
